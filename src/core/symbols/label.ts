// How a symbol is named in outlines and member lists: its signature, with its kind in front unless
// the signature already starts with a keyword that says it (class, def, fn, …).
import type { OutlineSymbol } from '../ground/symbolTypes';

const SELF_DESCRIBING =
  /^(export\s+)?(default\s+)?(declare\s+)?(abstract\s+)?(public\s+|private\s+|protected\s+|internal\s+)?(static\s+)?(async\s+)?(class|interface|enum|type|function|def|fn|func|struct|trait|namespace|module|impl|record|union|typedef|macro_rules!)\b/;

/** What would break a label's line (a name or signature from a damaged or planted cache): shown as a space. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const oneLine = (label: string) => (CONTROL.test(label) ? label.replace(CONTROLS, ' ') : label);

export function symbolLabel(symbol: OutlineSymbol, withSignature = true): string {
  if (!withSignature || !symbol.signature) return oneLine(`${symbol.kind} ${symbol.name}`);
  return oneLine(SELF_DESCRIBING.test(symbol.signature) ? symbol.signature : `${symbol.kind} ${symbol.signature}`);
}
