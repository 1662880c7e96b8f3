// A side of a diff as the preview shows it: private keys and URL passwords inside it redacted
// (text/redact.ts) unless the user approved secrets. The summary counts lines on the bytes as
// they are (two different keys stay a change there).
import type { ReadEnv } from '../ground/env';
import { mayHoldSecrets, redactSecrets } from '../text/redact';

export function shownBytes(env: Pick<ReadEnv, 'allowSecrets' | 'onRedacted'>, bytes: Uint8Array): Uint8Array {
  if (env.allowSecrets) return bytes;
  const { keys, urls } = mayHoldSecrets(bytes);
  if (!keys && !urls) return bytes;
  const copy = bytes.slice();
  if (redactSecrets(copy) === 0) return bytes;
  env.onRedacted?.();
  return copy;
}
