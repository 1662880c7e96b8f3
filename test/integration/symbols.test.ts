// Symbol, outline and snippet reads through vscode.lm.invokeTool in a real extension host,
// including an unsaved buffer whose symbols moved and the editor's symbol providers as fallback.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { eventually } from '../shared/eventually';
import { folder, resultText, writeFile } from './helpers';

async function call(tool: string, input: unknown): Promise<string> {
  return resultText(await vscode.lm.invokeTool(tool, { input: input as object, toolInvocationToken: undefined }));
}

const SHAPES = `/** Geometry helpers. */
export interface Shape {
  area(): number;
}

export class Circle implements Shape {
  constructor(private readonly r: number) {}

  /** Area of the circle. */
  area(): number {
    return Math.PI * this.r * this.r;
  }
}

export function total(shapes: Shape[]): number {
  let sum = 0;
  for (const shape of shapes) {
    sum += shape.area();
  }
  return sum;
}
`;

describe('symbols in the extension host', () => {
  let file: string;

  before(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    file = writeFile(path.join(folder('alpha'), 'geo', 'shapes.ts'), SHAPES);
    writeFile(
      path.join(folder('beta'), 'geo', 'report.py'),
      'def total(rows):\n    """Sum the rows."""\n    return sum(rows)\n',
    );
    writeFile(
      path.join(folder('beta'), 'docs', 'guide.md'),
      '# Guide\n\nIntro.\n\n## Installation\n\nRun it.\n\n## Usage\n\nUse it.\n',
    );
  });

  it('reads a method by Class.method across the multi-root workspace', async () => {
    const text = await call('lectern_read', { mode: 'symbol', target: 'Circle.area' });
    assert.match(
      text,
      /^alpha\/geo\/shapes\.ts:9-12 method Circle\.area\n9\t  \/\*\* Area of the circle\. \*\/\n10\t  area\(\): number \{/,
    );
  });

  it('lists candidates in both folders when a name is ambiguous, each with an input that works', async () => {
    const text = await call('lectern_read', { mode: 'symbol', target: 'total' });
    assert.match(text, /^Error AMBIGUOUS_SYMBOL/);
    // The first candidate's call, then `file:line kind name` (and any extra fields) per candidate.
    assert.match(
      text,
      /^Read the first: lectern_read \{"mode":"symbol","target":"total","path":"alpha\/geo\/shapes\.ts"\}/m,
    );
    const inputs = [...text.matchAll(/^(\S+):\d+ \w+ (\S+)(?: (\{.*\}))?$/gm)].map((m) => ({
      mode: 'symbol',
      target: m[2],
      path: m[1],
      ...(m[3] ? JSON.parse(m[3]) : {}),
    }));
    assert.equal(inputs.length, 2, text);
    const answers = await Promise.all(inputs.map((input) => call('lectern_read', input)));
    assert.ok(
      answers.some((a) => a.startsWith('alpha/geo/shapes.ts:15-21 function total')),
      answers.join('\n'),
    );
    assert.ok(
      answers.some((a) => a.startsWith('beta/geo/report.py:1-3 function total')),
      answers.join('\n'),
    );
  });

  it('follows an unsaved buffer whose symbols moved', async () => {
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), '// one\n// two\n// three\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      const text = await call('lectern_read', { mode: 'symbol', target: 'Circle.area', path: 'alpha/geo/shapes.ts' });
      assert.match(text, /^alpha\/geo\/shapes\.ts:12-15 method Circle\.area/);
      assert.match(text, /^12\t  \/\*\* Area of the circle\. \*\/\n  area\(\): number \{$/m);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('outlines a file and expands a snippet to its enclosing block', async () => {
    const outline = await call('lectern_read', { target: 'alpha/geo/shapes.ts', outline: true });
    assert.match(outline, /^\[L6-13\] class Circle implements Shape$/m);
    assert.match(outline, /^ {2}\[L10-12\] method area\(\): number$/m);
    const snippet = await call('lectern_read', {
      mode: 'snippet',
      target: 'alpha/geo/shapes.ts',
      start_line: 18,
      expand: 'block',
    });
    assert.match(snippet, /lines 17-19 of 21/);
    assert.match(snippet, /Expanded lines 18-18 to 17-19, the enclosing statement block/);
  });

  it('outlines an 8 MB file on the outline thread: top-level declarations only, members still read, the host stays free', async function () {
    this.timeout(60_000);
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 8 * 1024 * 1024; i++) {
      const piece = `export class Client${i} {\n  count = ${i};\n  send1(a: number): number {\n    return a + ${i};\n  }\n  send2(a: number): number {\n    return a * ${i};\n  }\n}\n\n`;
      parts.push(piece);
      size += piece.length;
    }
    const big = writeFile(path.join(folder('alpha'), 'gen', 'huge.ts'), parts.join(''));
    try {
      // This test runs on the extension host's thread. How busy its event loop was during the call says
      // whether the parse ran here: a loaded machine stretches every stall, but waiting for another
      // thread stays idle time. Parsed on this thread, the loop is busy nearly all the call (measured 0.9+).
      const before = performance.eventLoopUtilization();
      const outline = await call('lectern_read', { target: 'alpha/gen/huge.ts', outline: true });
      const busy = performance.eventLoopUtilization(before);
      assert.ok(
        busy.utilization < 0.5,
        `the extension host's event loop was busy ${(busy.utilization * 100).toFixed(0)}% of ${(busy.idle + busy.active).toFixed(0)} ms`,
      );
      assert.match(outline, /^\[L1-9\] class Client0$/m);
      assert.match(outline, /this outline lists its top-level declarations only/);
      assert.doesNotMatch(outline, /send1/);
      const member = await call('lectern_read', { mode: 'symbol', target: 'Client5.send2', path: 'alpha/gen/huge.ts' });
      assert.match(member, /^alpha\/gen\/huge\.ts:\d+-\d+ method Client5\.send2\n/);
      assert.match(member, /return a \* 5;/);
    } finally {
      fs.rmSync(big, { force: true });
    }
  });

  it("falls back to the editor's symbol providers for languages without a grammar", async () => {
    // Markdown has no tree-sitter grammar here; VS Code's markdown extension provides its symbols.
    // The markdown extension activates lazily: until it has, the read answers UNSUPPORTED_LANGUAGE.
    let text = '';
    await eventually(
      async () => {
        text = await call('lectern_read', { mode: 'symbol', target: 'Installation', path: 'beta/docs/guide.md' });
        return !text.startsWith('Error UNSUPPORTED_LANGUAGE');
      },
      { timeoutMs: 10_000, intervalMs: 200, what: "the markdown extension's symbols", seen: () => text.slice(0, 200) },
    );
    assert.match(text, /^beta\/docs\/guide\.md:5-\d+ module Guide\.Installation/);
    assert.match(text, /Run it\./);
  });
});
