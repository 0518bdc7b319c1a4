/** A month YYYY-MM as the spec shows months: MM/yyyy (spec 002 §9). */
export function formatMonth(month: string): string {
  const [year, monthOfYear] = month.split('-');
  return year && monthOfYear ? `${monthOfYear}/${year}` : month;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price in USD, 'N/A' while there is none. */
export const formatUsd = (value: number | null) => (value === null ? 'N/A' : usd.format(value));

/** Percent change from entry to last, signed, 2 decimals; null without a last price. */
export function changeSince(entry: number, last: number | null): number | null {
  if (last === null || entry === 0) return null;
  return Math.round(((last - entry) / entry) * 10_000) / 100;
}
