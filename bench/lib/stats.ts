/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: ArrayLike<number>, p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Distribution {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function distribution(samples: ArrayLike<number>): Distribution {
  let max = Number.NaN;
  for (let i = 0; i < samples.length; i++) if (!(samples[i]! <= max)) max = samples[i]!;
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p90: percentile(samples, 90),
    p99: percentile(samples, 99),
    max,
  };
}

/** 19500 → "19,500". */
export const int = (value: number) => Math.round(value).toLocaleString('en-US');

/** A number with `digits` decimals. */
export const fixed = (value: number, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : String(value);

export const ms = (value: number, digits = 2) => `${fixed(value, digits)} ms`;

export const kb = (bytes: number, digits = 1) => `${fixed(bytes / 1024, digits)} KB`;

export const mb = (bytes: number, digits = 1) => `${fixed(bytes / 1024 / 1024, digits)} MB`;

export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** Prints a plain-text table with a title; the first row is the header. */
export function printTable(title: string, rows: string[][]) {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n${title}`);
  rows.forEach((row, i) => {
    console.log(`  ${line(row)}`);
    if (i === 0) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  });
}

/** A Markdown table, columns padded as Prettier pads them; the first row is the header. */
export function markdownTable(rows: string[][]): string {
  const escaped = rows.map((row) => row.map((text) => text.replaceAll('|', '\\|')));
  const widths: number[] = [];
  for (const row of escaped) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 3, cell.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const [header = [], ...body] = escaped;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
