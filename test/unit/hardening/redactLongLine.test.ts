// A read or search inside a huge line pays a bounded look at the line for a key's body (only its
// first 16 KiB), so the host's thread is not held for the whole window; a key's body is redacted all
// the same when the window starts inside it on a long line (the look only ever says "may be" more), and
// when the 1 KiB read around the window is cut inside the key's BEGIN or END marker.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { memorySource } from '../../../src/core/ground/byteSource';
import { redactedSource } from '../../../src/core/ground/redactedSource';
import { redactSecrets } from '../../../src/core/text/redact';
import { longestStall } from '../../shared/longestStall';
import { ok, workspace } from '../helpers';

const MiB = 1024 * 1024;
/** A one-line key (JSON's \n escapes) whose body of 64-character lines is `bytes` long; each line holds the marker. */
function oneLineKey(bytes: number): { text: string; bodyStart: number } {
  const line = 'MIIEvSeCrEtBoDyQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7ab\\n';
  const head = '{"private_key": "-----BEGIN PRIVATE KEY-----\\n';
  const body = line.repeat(Math.ceil(bytes / line.length));
  return { text: `${head}${body}-----END PRIVATE KEY-----\\n", "x": 1}\n`, bodyStart: head.length };
}

describe('hardening: redaction on a huge line keeps the host turning', function () {
  this.timeout(120_000);

  it('a window inside a one-line key longer than a body line is redacted (near its start, deep in, a 1 MB window)', async () => {
    const ws = workspace();
    const short = oneLineKey(40_000);
    const long = oneLineKey(3 * MiB);
    ws.write('short.json', short.text);
    ws.write('long.json', `intro\n${long.text}`);
    for (const [target, start_byte, max_bytes] of [
      ['short.json', short.bodyStart + 20_000, 500],
      ['short.json', short.bodyStart + 3, 400],
      ['long.json', 6 + long.bodyStart + 30_000, 1_000],
      ['long.json', 6 + long.bodyStart + 40_000, 1_000_000],
    ] as const) {
      const r = await ok(ws.lectern, 'lectern_read', { target, start_byte, max_bytes });
      assert.ok(!r.text.includes('SeCrEtBoDy'), `${target} at ${start_byte}: ${r.text.slice(0, 500)}`);
      assert.match(r.text, /\*{60}/);
    }
  });

  it('fast-check: any window of a file with a one-line key among long lines stars every byte the whole-file redaction stars', async () => {
    const base64 = fc.stringMatching(/^[A-Za-z0-9+/]{64}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(2_000),
        base64,
        fc.integer({ min: 10, max: 600 }),
        fc.nat(40_000),
        fc.constantFrom('\\n', ''),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 70_000 }),
        async (lead, line, count, tail, escape, where, length) => {
          const body = Array.from({ length: count }, () => line).join(escape);
          const text = `${'a b '.repeat(lead)}"k": "-----BEGIN PRIVATE KEY-----${escape}${body}${escape}-----END PRIVATE KEY-----" ${'x'.repeat(tail)}\nend\n`;
          const original = Buffer.from(text);
          const whole = Buffer.from(text);
          assert.ok(redactSecrets(whole) > 0);
          // Most windows start inside the body: just past the margin that would show the BEGIN marker
          // (the margin then begins inside it), or anywhere (the margin after may end inside the END marker).
          const opened = text.indexOf('KEY-----') + 8;
          const position = Math.min(
            original.length - 1,
            where < 0.3
              ? opened + 1_000 + Math.floor(where * 200)
              : where < 0.7
                ? opened + 1_100 + Math.floor(where * body.length)
                : Math.floor(where * original.length),
          );
          const window = await redactedSource(memorySource(original)).read(position, length);
          for (let i = 0; i < window.length; i++)
            if (whole[position + i] === 0x2a) assert.equal(window[i], 0x2a, `byte ${position + i} shown`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an 8 MiB window of a 50 MiB base64-like line: the redacting read holds the host under 100 ms', async () => {
    // Was a byte-by-byte look at the whole window (1 MiB: 30-90 ms; 8 MiB: 250-700 ms).
    const line = Buffer.alloc(50 * MiB, 'x');
    const source = redactedSource(memorySource(line));
    await source.read(MiB, 4096); // warm
    const { stallMs, result } = await longestStall(() => source.read(25 * MiB, 8 * MiB));
    assert.equal(result.length, 8 * MiB);
    assert.equal(result[0], 0x78);
    assert.ok(stallMs < 100, `the host's thread was held ${Math.round(stallMs)} ms`);
  });
});
