// Choosing an outline's level renders and counts whole candidates: for a generated file of
// hundreds of thousands of symbols that held the host's thread ~0.5 s in one slice
// (`npm run bench:event-loop -- --only="8 MB"`). It now gives the host a turn between candidates
// and between the pieces it counts, and answers as before.
import { strict as assert } from 'node:assert';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import type { OutlineSymbol } from '../../../src/core/ground/symbolTypes';
import { renderOutline } from '../../../src/core/symbols/outlineRead';
import { longestStall } from '../../shared/longestStall';

function symbol(name: string, line: number, children: OutlineSymbol[] = []): OutlineSymbol {
  return {
    name,
    kind: children.length > 0 ? 'class' : 'method',
    startLine: line,
    endLine: line + children.length,
    contextStartLine: line,
    signature: children.length > 0 ? `export class ${name}` : `${name}(input: Request, retries = 3): Promise<Reply>`,
    bodyStartLine: line,
    children,
  };
}

describe('hardening: the outline of a huge generated file lets the host run', function () {
  this.timeout(120_000);

  it('120,000 symbols: the level is chosen in turns, the answer unchanged', async () => {
    const symbols: OutlineSymbol[] = [];
    let line = 1;
    for (let c = 0; c < 12_000; c++) {
      const members = Array.from({ length: 9 }, (_, m) => symbol(`send${m}`, line + 1 + m));
      symbols.push(symbol(`Client${c}`, line, members));
      line += 11;
    }
    const text = 'x\n'.repeat(line);
    const lineStarts = Uint32Array.from({ length: line + 1 }, (_, i) => i * 2);
    const file = {
      display: 'gen.ts',
      absolute: '/ws/gen.ts',
      symbols,
      version: 'v1',
      source: { text, bytes: new Uint8Array(0), lineStarts, lineCount: line },
    };
    const countTokens = await loadTokenCounter();
    countTokens('warm the table');
    const { result, stallMs } = await longestStall(() => renderOutline({ countTokens }, file, 25_000, null));
    assert.ok(result.ok, result.text.slice(0, 300));
    assert.equal((result.meta.outline as { symbols?: number } | undefined)?.symbols, 120_000);
    assert.match(result.text, /more entries after line/);
    // A behaviour bound, not a speed claim: the old code held the thread for the whole choice.
    assert.ok(stallMs < 400, `the host's thread was held ${Math.round(stallMs)} ms`);
  });
});
