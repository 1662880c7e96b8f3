// Line ranges as a user types them in Read Lines… ("120-180", "120"). No vscode import.

export function parseRange(text: string): [number, number] | undefined {
  const match = /^\s*(\d+)\s*(?:[-–:,]\s*(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === undefined ? start : Number(match[2]);
  return start >= 1 && end >= start ? [start, end] : undefined;
}
