// Which language servers Lectern starts outside VS Code, for which files, and where each program is
// found: Lectern's own dependencies first, then the user's PATH — never the workspace's (a program,
// or a TypeScript, inside a workspace folder is the repository's code and is not run: SECURITY.md).
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** A server's program, its arguments, and what it is told at `initialize`. */
export interface ServerLaunch {
  command: string;
  args: string[];
  initializationOptions?: unknown;
  /** Set in the server's environment (over the process's own). */
  env?: Record<string, string>;
}

/** Where programs may come from: never from inside these folders (the workspace roots). */
export interface LaunchPlaces {
  /** Folders whose node_modules are Lectern's own (where its bundle or sources are). */
  ownDirs: readonly string[];
  /** The workspace folders: nothing inside them is started. */
  forbidden: readonly string[];
  /** The PATH to search (process.env.PATH). */
  pathVariable: string | undefined;
}

export interface ServerSpec {
  /** How answers name it ("from typescript-language-server"). */
  engine: string;
  /** The LSP language id of each file extension it answers for. */
  languageIds: Readonly<Record<string, string>>;
  /** How to start it, or undefined where its program is not found (outside the workspace). */
  launch(places: LaunchPlaces): ServerLaunch | undefined;
}

function inside(file: string, folders: readonly string[]): boolean {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // a missing file is never started anyway
  }
  return folders.some((folder) => {
    const relative = path.relative(folder, real);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}

/** A file of one of Lectern's own packages (`typescript/lib/tsserver.js`), outside the workspace. */
export function ownFile(places: LaunchPlaces, request: string): string | undefined {
  for (const dir of places.ownDirs) {
    try {
      const found = require.resolve(request, { paths: [dir] });
      if (!inside(found, places.forbidden)) return found;
    } catch {
      // not installed beside this folder
    }
  }
  return undefined;
}

/** PATH's absolute folders outside the workspace (a relative entry would be the workspace): what servers search too. */
export function safePath(places: LaunchPlaces): string {
  return (places.pathVariable ?? '')
    .split(path.delimiter)
    .filter((dir) => path.isAbsolute(dir) && !inside(dir, places.forbidden))
    .join(path.delimiter);
}

/** A program on PATH: absolute folders only, none inside the workspace. */
export function onPath(places: LaunchPlaces, name: string): string | undefined {
  for (const dir of safePath(places).split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
    } catch {
      continue;
    }
    if (!inside(file, places.forbidden)) return file;
  }
  return undefined;
}

const TS_LANGUAGES = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
};

/** typescript-language-server over Lectern's own TypeScript (never the workspace's: its tsserver would run). */
const typescriptServer: ServerSpec = {
  engine: 'typescript-language-server',
  languageIds: TS_LANGUAGES,
  launch(places) {
    const tsserver = ownFile(places, 'typescript/lib/tsserver.js');
    if (!tsserver) return undefined;
    const initializationOptions = {
      // The syntax server answers references from the open file alone while the project loads: short.
      tsserver: { path: tsserver, useSyntaxServer: 'never' },
      disableAutomaticTypingAcquisition: true, // it would run npm
      hostInfo: 'lectern',
    };
    const own = ownFile(places, 'typescript-language-server/lib/cli.mjs');
    if (own) return { command: process.execPath, args: [own, '--stdio'], initializationOptions };
    const program = onPath(places, 'typescript-language-server');
    return program ? { command: program, args: ['--stdio'], initializationOptions } : undefined;
  },
};

const pyrightServer: ServerSpec = {
  engine: 'pyright',
  languageIds: { '.py': 'python', '.pyi': 'python' },
  launch(places) {
    const own = ownFile(places, 'pyright/langserver.index.js');
    if (own) return { command: process.execPath, args: [own, '--stdio'] };
    const program = onPath(places, 'pyright-langserver');
    return program ? { command: program, args: ['--stdio'] } : undefined;
  },
};

/** gopls from PATH; GOTOOLCHAIN=local: a go.mod's `toolchain` line never downloads and runs another Go. */
const goplsServer: ServerSpec = {
  engine: 'gopls',
  languageIds: { '.go': 'go' },
  launch(places) {
    const program = onPath(places, 'gopls');
    return program ? { command: program, args: [], env: { GOTOOLCHAIN: 'local' } } : undefined;
  },
};

export const SERVER_SPECS: readonly ServerSpec[] = [typescriptServer, pyrightServer, goplsServer];

/** The spec that answers for a file, by its extension. */
export function specFor(specs: readonly ServerSpec[], file: string): ServerSpec | undefined {
  const extension = path.extname(file).toLowerCase();
  return specs.find((spec) => extension in spec.languageIds);
}
