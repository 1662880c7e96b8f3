// A file's bytes with the secrets inside them redacted (redact.ts), read by windows as every
// other read is. A window is read with a little of its surroundings (a marker or a URL cut at its
// edge is still seen); only a window near a key marker, or starting on a line that looks like a
// key's body, is read again from up to 64 KiB before it, so a block that began before the window
// is redacted too. Everything else costs the margins and two native byte searches.
import { mayHoldSecrets, redactKeyBlocks, redactUrlPasswords, startsInBody } from '../text/redact';
import { MAX_USERINFO } from '../text/urlPasswords';
import type { ByteSource } from './byteSource';

/** Bytes read around each window: enough for a key's BEGIN line. */
const NEAR = 1024;
/** Around a window that may hold a URL (a scheme's `://` or an `@`): its whole user:password part too. */
const MARGIN = MAX_USERINFO + NEAR;
const AT = 0x40;
/** How far back a window inside a key's lines looks for the block's BEGIN line (larger than any key). */
const LOOKBACK = 64 * 1024;

export function redactedSource(inner: ByteSource, onRedacted?: () => void): ByteSource {
  return {
    size: inner.size,
    close: () => inner.close(),
    async read(position, length) {
      let from = Math.max(0, position - NEAR);
      let to = Math.min(inner.size, position + length + NEAR);
      if (to <= position) return inner.read(position, length);
      let around = await inner.read(from, to - from);
      let { keys, urls } = mayHoldSecrets(around);
      // A password may run past the near margin on either side of the window: read the wide one.
      if ((urls || around.includes(AT)) && (from > 0 || to < inner.size)) {
        from = Math.max(0, position - MARGIN);
        to = Math.min(inner.size, position + length + MARGIN);
        around = await inner.read(from, to - from);
        ({ keys, urls } = mayHoldSecrets(around));
      }
      const head = position - from;
      const inBody = !keys && from > 0 && startsInBody(around, head);
      if (!keys && !urls && !inBody) return around.subarray(head, head + length);
      let bytes = around;
      let start = from;
      if ((keys || inBody) && from > 0) {
        start = Math.max(0, position - LOOKBACK);
        bytes = await inner.read(start, to - start);
      }
      const copy = bytes.slice();
      const redacted = (keys || inBody ? redactKeyBlocks(copy) : 0) + (urls ? redactUrlPasswords(copy) : 0);
      if (redacted > 0) onRedacted?.();
      return copy.subarray(position - start, position - start + length);
    },
  };
}
