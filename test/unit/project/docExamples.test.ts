// The answers the docs show are real answers: every example marked `<!-- example: TOOL -->` in README.md
// or docs/*.md is run against a copy of sample-workspace/, and its text block must be the answer's text.
// Marked example: the marker line, a ```json block (the input), then a ```text block (the answer).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir } from '../helpers';

interface Example {
  doc: string;
  line: number;
  tool: string;
  input: unknown;
  expected: string;
}

const repo = path.resolve(__dirname, '..', '..', '..');

export function examplesIn(doc: string, text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = /^<!-- example: (\w+) -->$/.exec(lines[i]!);
    if (!marker) continue;
    const blocks: string[] = [];
    let j = i + 1;
    while (blocks.length < 2 && j < lines.length) {
      if (/^```(json|text)$/.test(lines[j]!)) {
        const end = lines.indexOf('```', j + 1);
        assert.ok(end > j, `${doc}:${j + 1}: unclosed code block`);
        blocks.push(lines.slice(j + 1, end).join('\n'));
        j = end + 1;
      } else if (lines[j]!.trim() === '') j++;
      else break;
    }
    assert.equal(blocks.length, 2, `${doc}:${i + 1}: an example marker must be followed by a json and a text block`);
    examples.push({ doc, line: i + 1, tool: marker[1]!, input: JSON.parse(blocks[0]!), expected: blocks[1]! });
  }
  return examples;
}

describe('examples in the docs', () => {
  const docs = [
    'README.md',
    ...fs
      .readdirSync(path.join(repo, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const examples = docs.flatMap((doc) => examplesIn(doc, fs.readFileSync(path.join(repo, doc), 'utf8')));
  let lectern: Lectern;

  before(() => {
    const root = tempDir('lectern-docs-');
    fs.cpSync(path.join(repo, 'sample-workspace'), root, { recursive: true });
    lectern = new Lectern(
      { fs: nodeFileSystem, roots: () => [{ name: 'sample', path: root }], loadWasm: createWasmLoader() },
      () => ({ sessionGuard: false }),
    );
  });

  it('finds the marked examples', () => {
    assert.ok(examples.length >= 3, `only ${examples.length} marked examples`);
  });

  for (const example of examples) {
    it(`${example.doc}:${example.line} ${example.tool} ${JSON.stringify(example.input)}`, async () => {
      const response = await lectern.invoke(example.tool, example.input);
      assert.equal(response.text, example.expected);
    });
  }

  it('a marker without its two blocks is reported, not skipped', () => {
    assert.throws(
      () => examplesIn('x.md', '<!-- example: lectern_read -->\n```json\n{}\n```\nprose'),
      /must be followed/,
    );
  });
});
