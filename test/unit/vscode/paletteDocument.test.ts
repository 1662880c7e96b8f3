// The palette's virtual document text: header facts from the answer's meta, then the model's text
// byte for byte (modelText gets it back).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { emptyMeta, type ToolResponse } from '../../../src/core/ground/contract';
import { answerDocument, modelText } from '../../../src/vscode/palette/answerDocument';
import { parseRange } from '../../../src/vscode/palette/lineRange';

const response = (text: string, meta: Partial<ToolResponse['meta']> = {}): ToolResponse => ({
  ok: true,
  mode: 'file',
  target: 'a.ts',
  content: '',
  text,
  meta: { ...emptyMeta(), ...meta },
  location: null,
});

describe('palette: answer documents', () => {
  it('header: the call, tokens, truncation, lines, next page', () => {
    const doc = answerDocument(
      'lectern_read',
      { target: 'a.ts', head: 2 },
      response('a.ts:1-2\n1 x\n2 y', {
        token_estimate: 99,
        truncated: true,
        start_line: 1,
        end_line: 2,
        total_lines: 9,
        next: { target: 'a.ts', start_line: 3 },
      }),
    );
    assert.equal(
      doc,
      'Lectern · lectern_read {"target":"a.ts","head":2}\ntokens: 99 (o200k) · lines 1-2 of 9\nnext page: lectern_read {"target":"a.ts","start_line":3}\n' +
        '──────────────────────── what a model receives ────────────────────────\na.ts:1-2\n1 x\n2 y\n',
    );
  });

  it('says "truncated" only for a cut the session made: a complete outline or an asked range is not one', () => {
    const whole = answerDocument(
      'lectern_read',
      { target: 'a.ts', outline: true },
      response('x', { truncated: true, token_estimate: 5 }),
    );
    assert.doesNotMatch(whole, /truncated|shortened/);
    const cut = answerDocument(
      'lectern_read',
      { target: 'a.ts' },
      response('x', { preview_degraded: true, token_estimate: 5 }),
    );
    assert.equal(cut.split('\n')[1], 'tokens: 5 (o200k) · shortened by the session budget');
  });

  it('the model text comes back out unchanged, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), (text) =>
        assert.equal(modelText(answerDocument('lectern_search', { query: 'q' }, response(text))), text),
      ),
    );
  });

  it('line ranges typed in the input box', () => {
    assert.deepEqual(parseRange('120-180'), [120, 180]);
    assert.deepEqual(parseRange(' 7 '), [7, 7]);
    assert.deepEqual(parseRange('3:9'), [3, 9]);
    assert.equal(parseRange('9-3'), undefined);
    assert.equal(parseRange('0'), undefined);
    assert.equal(parseRange('abc'), undefined);
  });
});
