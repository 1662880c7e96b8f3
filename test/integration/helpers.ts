// Shared helpers for integration tests (run inside the extension host; see scripts/host/run-integration.mjs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { eventually } from '../shared/eventually';

export interface TestWorkspace {
  /** Directory holding the workspace folders and the .code-workspace file. */
  root: string;
  /** The multi-root .code-workspace file, when the workspace was opened from one. */
  workspaceFile?: string;
  /** Absolute paths of the workspace folders by name (`alpha`, `beta`). */
  folders: Record<string, string>;
}

/**
 * The test workspace: from the JSON file named by LECTERN_TEST_WORKSPACE (written by the harness),
 * else derived from the open workspace folders (e.g. under @vscode/test-electron).
 */
export function testWorkspace(): TestWorkspace {
  const infoFile = process.env.LECTERN_TEST_WORKSPACE;
  if (infoFile && fs.existsSync(infoFile)) return JSON.parse(fs.readFileSync(infoFile, 'utf8')) as TestWorkspace;
  const wsFolders = vscode.workspace.workspaceFolders ?? [];
  if (wsFolders.length === 0) throw new Error('no workspace folder is open');
  const folders = Object.fromEntries(wsFolders.map((f) => [f.name, f.uri.fsPath]));
  const workspaceFile =
    vscode.workspace.workspaceFile?.scheme === 'file' ? vscode.workspace.workspaceFile.fsPath : undefined;
  return { root: path.dirname(wsFolders[0]!.uri.fsPath), workspaceFile, folders };
}

/** Absolute path of a workspace folder by name; throws if it is not open. */
export function folder(name: string): string {
  const dir = testWorkspace().folders[name];
  if (!dir) throw new Error(`workspace folder ${name} is not open`);
  return dir;
}

/** Writes a file (creating directories) and returns its absolute path. */
export function writeFile(absPath: string, text: string): string {
  fs.mkdirSync(path.dirname(absPath), { recursive: true });
  fs.writeFileSync(absPath, text);
  return absPath;
}

/** Concatenated text parts of a tool result. */
export function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/**
 * Asks the harness for a screenshot (scripts/host/run-integration.mjs writes it whole, through a
 * rename) and waits for it; returns its path, or undefined outside that harness (no
 * LECTERN_TEST_RESULTS). Fails when the file is no PNG.
 */
export async function screenshot(name: string): Promise<string | undefined> {
  const results = process.env.LECTERN_TEST_RESULTS;
  if (!results) return undefined;
  const file = path.join(results, name);
  fs.rmSync(file, { force: true });
  console.log(`[lectern-screenshot] ${name}`);
  await eventually(() => fs.existsSync(file), { timeoutMs: 20_000, what: `the screenshot test-results/${name}` });
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!fs.readFileSync(file).subarray(0, 8).equals(PNG)) throw new Error(`test-results/${name} is not a PNG`);
  return file;
}
