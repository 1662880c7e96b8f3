/** 1234 -> "$12.34" */
export function formatPrice(cents: number, currency = '$'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${currency}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Left-aligned plain-text table with a header rule. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((r) => (r[col] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
