// The answer is composed once (src/core/ground/answer.ts): the tool's text, then its notes, the parts
// of a list read with their closing line, a pointer in place of a part, the session's footer last.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { addNotes, bodyText, draft, listDraft, render } from '../../../src/core/ground/answer';
import { emptyMeta, type ToolResponse } from '../../../src/core/ground/contract';

function response(text: string, ok = true): ToolResponse {
  return { ok, mode: 'file', target: 'a.ts', content: '', text, meta: emptyMeta(), location: null };
}

const line = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/\n/g, ' '));

describe('an answer rendered once', () => {
  it('is the tool text, its notes as [note] lines, then the footer', () => {
    const answer = addNotes(draft(response('a.ts · lines 1-2 of 2\n1\tx\n2\ty'), ['expanded']), [
      'context_lines 500 is above its maximum; used 200.',
    ]);
    answer.footer = ['[BUDGET_SOFT: slow down]'];
    const out = render(answer);
    assert.equal(
      out.text,
      'a.ts · lines 1-2 of 2\n1\tx\n2\ty\n[expanded]\n[context_lines 500 is above its maximum; used 200.]\n[BUDGET_SOFT: slow down]',
    );
    // meta.notes lists the later notes first (the validation's before the tool's), as before.
    assert.deepEqual(out.meta.notes, ['context_lines 500 is above its maximum; used 200.']);
  });

  it('says no notes on a failed answer', () => {
    const answer = addNotes(draft(response('Error NOT_FOUND: x\nhint', false)), ['a note']);
    assert.equal(render(answer).text, 'Error NOT_FOUND: x\nhint');
    assert.equal(answer.response.meta.notes, undefined);
  });

  it('a list read: each part rendered (a pointer replaces text and notes), joined, closing line, footer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: line,
            notes: fc.array(line, { maxLength: 2 }),
            pointer: fc.option(line, { nil: undefined }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        line,
        fc.array(line, { maxLength: 2 }),
        (specs, closing, footer) => {
          const parts = specs.map((spec) => {
            const part = addNotes(draft(response(spec.text)), spec.notes);
            if (spec.pointer !== undefined) part.pointer = spec.pointer;
            return part;
          });
          const list = listDraft(response(''), parts, `\n\n${closing}`);
          list.footer = footer;
          const expectedParts = specs.map(
            (spec) => spec.pointer ?? [spec.text, ...spec.notes.map((n) => `[${n}]`)].join('\n'),
          );
          assert.equal(bodyText(list), expectedParts.join('\n\n') + `\n\n${closing}`);
          const out = render(list);
          assert.equal(out.text, [expectedParts.join('\n\n') + `\n\n${closing}`, ...footer].join('\n'));
          assert.deepEqual(
            out.results!.map((r) => r.text),
            expectedParts,
          );
        },
      ),
    );
  });
});
