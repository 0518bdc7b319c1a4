/** YYYY-MM of a date shifted by months (UTC). */
export function monthShift(date: Date, months: number): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 7);
}

/** Spec 002 §9: the default period starts 3 months back and ends 1 month back. */
export const defaultPeriod = (now = new Date()) => ({ start: monthShift(now, -3), end: monthShift(now, -1) });

/** Benchmarks offered once symbols are entered (spec 002 §5); SPY by default. */
export const benchmarkChoices = ['SPY', 'QQQ', 'DIA', 'IWM'] as const;
