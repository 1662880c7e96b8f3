// A file's bytes with the secrets inside them redacted (redact.ts), read by windows as every
// other read is. A window is read with a little of its surroundings (a marker or a URL cut at its
// edge is still seen); only a window near a key marker, or starting on a line that looks like a
// key's body, is read again from up to 64 KiB before it, so a block that began before the window
// is redacted too. Everything else costs the margins and two native byte searches.
import { mayHoldSecrets, redactKeyBlocks, redactUrlPasswords, startsInBody } from '../text/redact';
import { MAX_USERINFO } from '../text/urlPasswords';
import type { ByteSource } from './byteSource';

/** Bytes read around each window: enough for a key's BEGIN line or a URL's whole user:password part. */
const MARGIN = MAX_USERINFO + 1024;
/** How far back a window inside a key's lines looks for the block's BEGIN line (larger than any key). */
const LOOKBACK = 64 * 1024;

export function redactedSource(inner: ByteSource, onRedacted?: () => void): ByteSource {
  return {
    size: inner.size,
    close: () => inner.close(),
    async read(position, length) {
      const from = Math.max(0, position - MARGIN);
      const to = Math.min(inner.size, position + length + MARGIN);
      if (to <= position) return inner.read(position, length);
      const around = await inner.read(from, to - from);
      const head = position - from;
      const { keys, urls } = mayHoldSecrets(around);
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
