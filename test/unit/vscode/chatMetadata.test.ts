// What @lectern stores per turn (ChatResult.metadata) and reads back, and the lines its answers cite.
import { strict as assert } from 'node:assert';
import type { HistoryTurn } from '../../../src/core/history';
import { citationsIn } from '../../../src/vscode/chat/citations';
import { readMetadata, storedTurn } from '../../../src/vscode/chat/metadata';

const turn: HistoryTurn = {
  prompt: 'q',
  answer: 'a',
  rounds: [
    {
      response: '',
      calls: [
        {
          id: '1',
          tool: 'lectern_read',
          input: { target: 'big.json', ephemeral: true },
          kind: 'read',
          path: 'big.json',
          ephemeral: true,
          text: 'x'.repeat(50_000),
        },
        { id: '2', tool: 'lectern_read', input: { target: 'a.ts' }, kind: 'read', path: 'a.ts', text: 'a.ts:1-3\n1 a' },
      ],
    },
  ],
};

describe('chat: stored turns and citations', () => {
  it('an ephemeral read is stored without its text; other calls as they were', () => {
    const stored = storedTurn(turn);
    assert.equal(stored.rounds[0]!.calls[0]!.text, '');
    assert.equal(stored.rounds[0]!.calls[0]!.ephemeral, true);
    assert.equal(stored.rounds[0]!.calls[1]!.text, 'a.ts:1-3\n1 a');
    assert.equal(turn.rounds[0]!.calls[0]!.text.length, 50_000, 'the live turn is not changed');
  });

  it('reads back well-formed metadata only', () => {
    const lectern = { version: 1, sessionId: 's', turn: storedTurn(turn) };
    assert.deepEqual(readMetadata({ lectern }), lectern);
    assert.equal(readMetadata(undefined), undefined);
    assert.equal(readMetadata({ lectern: { ...lectern, version: 2 } }), undefined);
    assert.equal(readMetadata({ lectern: { ...lectern, turn: { prompt: 'q' } } }), undefined);
    assert.equal(readMetadata({ other: 1 }), undefined);
  });

  it('citations: path:line, path:start-end, path#Lstart-Lend', () => {
    assert.deepEqual(citationsIn('See src/a.ts:12, lib/b.py:3-9 and docs/x.md#L4-L6; not 1.5:2 or v2:3.'), [
      { path: 'src/a.ts', range: { start: 12, end: 12 } },
      { path: 'lib/b.py', range: { start: 3, end: 9 } },
      { path: 'docs/x.md', range: { start: 4, end: 6 } },
    ]);
  });
});
