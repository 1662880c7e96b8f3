// The chart of docs/benchmarks.md: each file read's median latency as a multiple of the plain fs.read
// of the same bytes (the floor), per read kind and file size, on a log scale. Plain SVG, no library.
import { ratio } from './format';
import type { FilesData } from './results';

/** Read kinds in the order shown, named the same for every size (the line numbers differ per size). */
export const READ_KINDS: { id: string; label: string }[] = [
  { id: 'head', label: 'head 50 lines' },
  { id: 'tail', label: 'tail 50 lines' },
  { id: 'lines-near', label: '200 lines near the start' },
  { id: 'win-start', label: '64 KiB window at the start' },
  { id: 'win-mid', label: '64 KiB window in the middle' },
  { id: 'win-end', label: '64 KiB window at the end' },
  { id: 'win-max', label: '256 KiB window (capped)' },
  { id: 'stat', label: 'stat' },
  { id: 'stat-fresh', label: 'stat, first in session' },
  { id: 'win-mid-fresh', label: '64 KiB window, first in session' },
  { id: 'lines-deep-scan', label: '200 lines at 90%, first (scans)' },
  { id: 'lines-deep-indexed', label: '200 lines at 90%, again (line index)' },
];

const COLORS = ['#7fb3d5', '#2e86c1', '#1b4f72', '#a9cce3', '#5d6d7e'];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Median engine ÷ median floor for each read kind (rows) and size (columns); null where not measured. */
export function readRatios(data: Pick<FilesData, 'sizes'>): {
  sizes: string[];
  rows: { id: string; label: string; values: (number | null)[] }[];
} {
  const sizes = data.sizes.map((s) => s.label);
  const known = new Set(READ_KINDS.map((k) => k.id));
  const extra = [...new Set(data.sizes.flatMap((s) => s.cases.map((c) => c.id)))].filter((id) => !known.has(id));
  const kinds = [...READ_KINDS, ...extra.map((id) => ({ id, label: id }))];
  const rows = kinds
    .map((k) => ({
      id: k.id,
      label: k.label,
      values: data.sizes.map((s) => {
        const c = s.cases.find((x) => x.id === k.id);
        return c && c.floor.median > 0 ? c.engine.median / c.floor.median : null;
      }),
    }))
    .filter((r) => r.values.some((v) => v !== null));
  return { sizes, rows };
}

/** A horizontal grouped bar chart of readRatios, log-scaled from 1× (or below, if a ratio is under 1). */
export function readsChartSvg(
  data: Pick<FilesData, 'sizes'>,
  title = 'File reads: median latency as a multiple of a plain fs.read of the same bytes',
): string {
  const { sizes, rows } = readRatios(data);
  const values = rows.flatMap((r) => r.values).filter((v): v is number => v !== null);
  const lo = Math.min(0, Math.floor(Math.log10(Math.min(1, ...values))));
  const hi = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...values))));
  const labelW = 250;
  const plotW = 520;
  const right = 70;
  const bar = 9;
  const gap = 2;
  const group = sizes.length * (bar + gap) + 10;
  const top = 62;
  const plotH = rows.length * group;
  const width = labelW + plotW + right;
  const height = top + plotH + 40;
  const x = (v: number) => labelW + ((Math.log10(v) - lo) / (hi - lo)) * plotW;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="14" font-weight="bold" fill="#1c2833">${escapeXml(title)}</text>`,
  ];
  sizes.forEach((size, i) => {
    const lx = labelW + i * 110;
    out.push(
      `<rect x="${lx}" y="34" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/>`,
      `<text x="${lx + 17}" y="44" fill="#1c2833">${escapeXml(size)}</text>`,
    );
  });
  for (let p = lo; p <= hi; p++) {
    const gx = x(10 ** p).toFixed(1);
    out.push(
      `<line x1="${gx}" y1="${top - 4}" x2="${gx}" y2="${top + plotH}" stroke="${p === 0 ? '#566573' : '#d5d8dc'}" stroke-width="1"/>`,
      `<text x="${gx}" y="${top + plotH + 16}" text-anchor="middle" fill="#566573">${escapeXml(`×${10 ** p}`)}</text>`,
    );
  }
  out.push(
    `<text x="${labelW + plotW / 2}" y="${top + plotH + 33}" text-anchor="middle" fill="#566573">× the floor (log scale; 1 = as fast as the plain read)</text>`,
  );
  rows.forEach((row, r) => {
    const gy = top + r * group;
    out.push(
      `<text x="${labelW - 8}" y="${(gy + (group - 10) / 2 + 4).toFixed(1)}" text-anchor="end" fill="#1c2833">${escapeXml(row.label)}</text>`,
    );
    row.values.forEach((v, i) => {
      if (v === null) return;
      const y = gy + i * (bar + gap);
      const x0 = x(Math.min(1, v));
      const x1 = x(Math.max(1, v));
      out.push(
        `<rect x="${x0.toFixed(1)}" y="${y}" width="${Math.max(1, x1 - x0).toFixed(1)}" height="${bar}" fill="${COLORS[i % COLORS.length]}"><title>${escapeXml(`${row.label}, ${sizes[i]}: ${ratio(v)}`)}</title></rect>`,
        `<text x="${(x(v) + (v >= 1 ? 4 : -4)).toFixed(1)}" y="${y + bar - 1}" font-size="10" text-anchor="${v >= 1 ? 'start' : 'end'}" fill="#566573">${escapeXml(ratio(v))}</text>`,
      );
    });
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
