// Small formatting helpers for model-facing text.
import type { ToolName } from './tools';

export function formatCount(n: number): string {
  // Whole counts (nearly every call) without Intl, which costs a few microseconds a call: the same text.
  if (Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0)) {
    const digits = String(n);
    if (digits.length <= 3) return digits;
    let out = digits.slice(0, digits.length % 3 || 3);
    for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
    return out;
  }
  return n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return plural(n, 'byte');
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** `text` cut to its first `max` characters and `…` when longer: an input quoted back in an answer. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `text` cut as `clip` does, saying how long it was: "abc… (1,234 characters)". */
export function clipCounted(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${formatCount(text.length)} characters)` : text;
}

/** `text` cut as `clip` does, saying how much is left out: "abc… [1,231 more characters not shown]". */
export function clipNotShown(text: string, max: number): string {
  return text.length > max
    ? `${text.slice(0, max)}… [${(text.length - max).toLocaleString('en-US')} more characters not shown]`
    : text;
}

/** `lectern_read {...}` as the model should type it. */
export function callText(tool: ToolName, input: Record<string, unknown>): string {
  return `${tool} ${JSON.stringify(input)}`;
}
