// The core's ports in VS Code: workspace folders, unsaved buffers, settings. Files are read with
// Node's fs (the extension host runs where the files are, also under code-server and remotes).
import * as vscode from 'vscode';
import type { DirtyDocument, Host, WorkspaceRoot } from '../core/ports';
import type { Settings } from '../core/settings';
import { join } from 'node:path';
import { nodeFileSystem } from '../node/nodeFileSystem';
import { createWasmLoader } from '../node/wasmFiles';
import { documentSymbols } from './documentSymbols';
import { createGitExtensionPort } from './gitExtension';

function roots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
}

function dirtyPaths(): string[] {
  return vscode.workspace.textDocuments.filter((doc) => doc.isDirty && doc.uri.scheme === 'file').map((doc) => doc.uri.fsPath);
}

function dirty(path: string): DirtyDocument | undefined {
  const document = vscode.workspace.textDocuments.find((doc) => doc.isDirty && doc.uri.scheme === 'file' && doc.uri.fsPath === path);
  return document ? { text: document.getText(), version: document.version, languageId: document.languageId } : undefined;
}

export function createVscodeHost(extensionPath: string): Host {
  return {
    fs: nodeFileSystem,
    documents: { dirty, dirtyPaths },
    roots,
    loadWasm: createWasmLoader(join(extensionPath, 'dist')),
    documentSymbols,
    git: createGitExtensionPort(),
  };
}

export function readSettings(): Partial<Settings> {
  const config = vscode.workspace.getConfiguration('lectern');
  return {
    contextTokens: config.get<number>('contextTokens'),
    maxReadShare: config.get<number>('maxReadShare'),
    maxPreviewChars: config.get<number>('maxPreviewChars'),
  };
}
