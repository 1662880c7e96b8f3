// Command-palette reads (category "Lectern"): the same calls a model makes, run by the user, their
// answers opened as read-only `lectern:` documents. They run in the window's default session, so
// they count in the status bar and dashboard, marked as the user's (origin 'user'). Every command takes optional arguments (menus pass a
// Uri; tests and keybindings pass the call's fields) and asks only for what is missing.
import * as vscode from 'vscode';
import type { Lectern } from '../../core/engine';
import { directRegistrar, type Registrar } from '../activation/registrar';
import { answerDocument } from './answerDocument';
import { ANSWER_SCHEME, AnswerDocuments } from './answerDocuments';
import { parseRange } from './lineRange';
import { TOOL, type ToolName } from '../../core/ground/tools';

const PALETTE_COMMANDS = {
  readSymbol: 'lectern.readSymbol',
  outlineFile: 'lectern.outlineFile',
  readLines: 'lectern.readLines',
  searchWorkspace: 'lectern.searchWorkspace',
  previewChanges: 'lectern.previewChanges',
  findReferences: 'lectern.findReferences',
  mapWorkspace: 'lectern.mapWorkspace',
} as const;

type Args = Record<string, unknown>;

/** At most this many symbols in the picker (its filter is fuzzy, over name, kind and file). */
const MAX_PICKS = 5000;

function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

/** A file from the arguments (a Uri from a menu, or { path }), else the active editor's. */
function fileOf(arg: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return relative(arg);
  if (arg && typeof arg === 'object' && typeof (arg as Args).path === 'string') return (arg as Args).path as string;
  const editor = vscode.window.activeTextEditor;
  return editor && editor.document.uri.scheme !== ANSWER_SCHEME ? relative(editor.document.uri) : undefined;
}

function argsOf(arg: unknown): Args {
  return arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as Args) : {};
}

/** Runs a call as a user read and shows its answer; returns the document's uri. */
type Show = (title: string, tool: ToolName, input: Args) => Promise<vscode.Uri | undefined>;

export function registerPaletteCommands(engine: Lectern, registrar: Registrar = directRegistrar): vscode.Disposable[] {
  const documents = new AnswerDocuments();
  const show: Show = async (title, tool, input) => {
    const response = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `Lectern: ${title}` },
      () => engine.invoke(tool, input, { origin: 'user' }),
    );
    const editor = await documents.show(title, answerDocument(tool, input, response));
    return editor.document.uri;
  };
  const command = (id: string, run: (show: Show, arg?: unknown) => Promise<vscode.Uri | undefined>) =>
    registrar.command(id, (arg?: unknown) => run(show, arg));
  return [
    documents,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, documents),
    command(PALETTE_COMMANDS.readSymbol, (show, arg) => readSymbol(engine, show, arg)),
    command(PALETTE_COMMANDS.outlineFile, outlineFile),
    command(PALETTE_COMMANDS.readLines, readLines),
    command(PALETTE_COMMANDS.searchWorkspace, searchWorkspace),
    command(PALETTE_COMMANDS.previewChanges, previewChanges),
    command(PALETTE_COMMANDS.findReferences, findReferences),
    command(PALETTE_COMMANDS.mapWorkspace, mapWorkspace),
  ];
}

async function readSymbol(engine: Lectern, show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const given = typeof arg === 'string' ? { name: arg } : argsOf(arg);
  let name = typeof given.name === 'string' ? given.name : undefined;
  let path = typeof given.path === 'string' ? given.path : undefined;
  if (!name) {
    const picked = await pickSymbol(engine);
    if (!picked) return undefined;
    ({ name, path } = picked);
  }
  return show(`symbol ${name}`, TOOL.read, { mode: 'symbol', target: name, ...(path ? { path } : {}) });
}

async function outlineFile(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const target = fileOf(arg);
  if (!target) return void vscode.window.showInformationMessage('Lectern: open a file to outline it.');
  return show(`outline ${target}`, TOOL.read, { mode: 'file', target, outline: true });
}

async function readLines(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const target = fileOf(arg);
  if (!target) return void vscode.window.showInformationMessage('Lectern: open a file to read lines of it.');
  const range = await linesOf(arg, target);
  if (!range) return undefined;
  const [start, end] = range;
  return show(`lines ${start}-${end ?? start} ${target}`, TOOL.read, {
    mode: 'file',
    target,
    start_line: start,
    end_line: end ?? start,
  });
}

/** The lines to read: from the arguments, else the active editor's selection, else asked for. */
async function linesOf(arg: unknown, target: string): Promise<[number, number | undefined] | undefined> {
  const given = argsOf(arg);
  const start = typeof given.start === 'number' ? given.start : undefined;
  const end = typeof given.end === 'number' ? given.end : undefined;
  if (start !== undefined) return [start, end];
  const editor = vscode.window.activeTextEditor;
  if (!(arg instanceof vscode.Uri) && editor && !editor.selection.isEmpty) {
    const { start: from, end: to } = editor.selection;
    return [from.line + 1, to.line + (to.character === 0 && to.line > from.line ? 0 : 1)];
  }
  const typed = await vscode.window.showInputBox({
    title: `Lectern: Read Lines of ${target}`,
    prompt: 'Lines, 1-based: "120-180", or "120" for one line',
    validateInput: (v) => (parseRange(v) ? null : 'e.g. 120-180'),
  });
  return typed === undefined ? undefined : parseRange(typed);
}

async function searchWorkspace(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const given = typeof arg === 'string' ? { query: arg } : argsOf(arg);
  let query = typeof given.query === 'string' ? given.query : undefined;
  if (!query) {
    const editor = vscode.window.activeTextEditor;
    const word =
      editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).split('\n')[0] : undefined;
    query = await vscode.window.showInputBox({
      title: 'Lectern: Search in Workspace',
      prompt: 'Text to find (a literal; the model-facing search)',
      value: word,
    });
    if (!query) return undefined;
  }
  const input: Args = {
    query,
    ...(typeof given.target === 'string' ? { target: given.target } : {}),
    ...(given.regex === true ? { regex: true } : {}),
  };
  return show(`search ${query}`, TOOL.search, input);
}

async function previewChanges(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const given = argsOf(arg);
  const target = arg instanceof vscode.Uri ? relative(arg) : typeof given.path === 'string' ? given.path : undefined;
  const against = (typeof given.against === 'string' ? given.against.toUpperCase() : '') || (await pickAgainst(target));
  if (!against) return undefined;
  return show(`changes ${target ?? 'workspace'} vs ${against}`, TOOL.read, {
    mode: 'diff_preview',
    ...(target ? { target } : {}),
    ...(against !== 'HEAD' ? { against } : {}),
  });
}

/** What to compare with, asked for. */
async function pickAgainst(target: string | undefined): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'HEAD', description: 'against the last commit', against: 'HEAD' },
      { label: 'Index', description: 'against the staged version', against: 'INDEX' },
      {
        label: 'Unsaved',
        description: 'editor changes not yet saved, against the file on disk',
        against: 'WORKTREE',
      },
    ],
    { title: `Lectern: Preview Changes${target ? ` of ${target}` : ''}` },
  );
  return picked?.against;
}

async function pickSymbol(engine: Lectern): Promise<{ name: string; path: string } | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { name: string; file: string }>();
  pick.title = 'Lectern: Read Symbol';
  pick.placeholder = 'Type to filter symbols (fuzzy), e.g. "Inventory.restock" or "summarise"';
  pick.matchOnDescription = true;
  pick.busy = true;
  pick.show();
  const chosen = new Promise<{ name: string; path: string } | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      resolve(item ? { name: item.name, path: item.file } : undefined);
      pick.hide();
    });
    pick.onDidHide(() => resolve(undefined));
  });
  try {
    const symbols = await engine.listSymbols();
    pick.items = symbols.slice(0, MAX_PICKS).map((s) => ({
      label: s.name,
      description: `${s.kind} · ${s.file}:${s.line}`,
      detail: s.signature,
      name: s.name,
      file: s.file,
    }));
  } catch (error) {
    pick.placeholder = `The symbol index failed: ${(error as Error)?.message ?? error}`;
  }
  pick.busy = false;
  const result = await chosen;
  pick.dispose();
  return result;
}

/** Every use of a symbol: the name from the arguments, else the word at the cursor, else asked for. */
async function findReferences(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const given = typeof arg === 'string' ? { name: arg } : argsOf(arg);
  let name = typeof given.name === 'string' ? given.name : undefined;
  if (!name) {
    const editor = vscode.window.activeTextEditor;
    const at = editor?.document.getWordRangeAtPosition(editor.selection.active);
    name = await vscode.window.showInputBox({
      title: 'Lectern: Find References',
      prompt: 'A symbol name: "Inventory.restock", or "restock"',
      value: at && editor ? editor.document.getText(at) : undefined,
    });
    if (!name) return undefined;
  }
  const path = typeof given.path === 'string' ? given.path : undefined;
  return show(`references ${name}`, TOOL.read, { mode: 'references', target: name, ...(path ? { path } : {}) });
}

/** A map of the workspace, or of the folder the explorer's menu names. */
async function mapWorkspace(show: Show, arg?: unknown): Promise<vscode.Uri | undefined> {
  const target = arg instanceof vscode.Uri ? relative(arg) : argsOf(arg).target;
  const folder = typeof target === 'string' && target !== '' ? target : undefined;
  return show(`map ${folder ?? 'workspace'}`, TOOL.read, { mode: 'map', ...(folder ? { target: folder } : {}) });
}
