// Number formatting shared by the benchmark runner and its reports.
const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export function ms(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

export function ratio(value: number): string {
  if (value >= 100) return `×${value.toFixed(0)}`;
  if (value >= 10) return `×${value.toFixed(1)}`;
  return `×${value.toFixed(2)}`;
}

export function bytes(value: number): string {
  const sign = value < 0 ? '-' : '';
  const v = Math.abs(value);
  if (v >= GiB) return `${sign}${(v / GiB).toFixed(2)} GiB`;
  if (v >= MiB) return `${sign}${(v / MiB).toFixed(1)} MiB`;
  if (v >= KiB) return `${sign}${(v / KiB).toFixed(v >= 100 * KiB ? 0 : 1)} KiB`;
  return `${sign}${v} B`;
}

/** Memory growth: small negative values (GC between samples) read as 0. */
export function growth(value: number): string {
  return value <= 0 ? '0' : bytes(value);
}

export function count(value: number): string {
  return value.toLocaleString('en-US');
}
