import { benchmarkGroups, benchmarkSymbols } from '@insight/shared';

/** The ETFs the Compare dialog offers: the shared benchmark lists (broad indexes, then the sector families). */
export { benchmarkGroups };

const known = new Set<string>(benchmarkSymbols);

/** Spec default SPY (002 §9) stands in when the item's sector ETF is unknown. */
export const fallbackBenchmark = 'SPY';

/** The ETF the dialog opens with: the item's sector ETF when it is one we offer. */
export function defaultBenchmark(etf: string | null): string {
  return etf !== null && known.has(etf.toUpperCase()) ? etf.toUpperCase() : fallbackBenchmark;
}
