// Bytes as one character per byte (ISO-8859-1) and back: a workspace search scans files' bytes as
// such strings (plain ASCII queries find the same places in them), and a resident engine keeps
// clean files that way (ground/fileBytes.ts). Node's Buffer does both several times faster.

const hasBuffer = typeof Buffer !== 'undefined';
const CHUNK = 8192;

/** `bytes` from `from` as one character per byte, exactly (each character's code is its byte). */
export function latin1String(bytes: Uint8Array, from = 0): string {
  if (hasBuffer) return Buffer.from(bytes.buffer, bytes.byteOffset + from, bytes.byteLength - from).toString('latin1');
  let text = '';
  for (let i = from; i < bytes.length; i += CHUNK)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
  return text;
}

/** The bytes of a string made by latin1String. */
export function latin1Bytes(text: string): Uint8Array {
  if (hasBuffer) return Buffer.from(text, 'latin1');
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
