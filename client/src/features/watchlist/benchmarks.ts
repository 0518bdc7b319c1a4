import { sectors } from '@insight/shared';

/** The ETFs the Compare dialog offers: the broad market, then the 11 SPDR sector ETFs. */
export const benchmarkGroups = [
  {
    label: 'Broad market',
    etfs: [
      { symbol: 'SPY', name: 'S&P 500' },
      { symbol: 'RSP', name: 'S&P 500 Equal Weight' },
      { symbol: 'QQQ', name: 'Nasdaq 100' },
      { symbol: 'IWM', name: 'Russell 2000' },
      { symbol: 'DIA', name: 'Dow Jones Industrial Average' },
    ],
  },
  {
    label: 'SPDR sectors',
    etfs: sectors.map((sector) => ({ symbol: sector.symbol, name: sector.name })),
  },
] as const satisfies readonly { label: string; etfs: readonly { symbol: string; name: string }[] }[];

const known = new Set<string>(benchmarkGroups.flatMap((group) => group.etfs.map((etf) => etf.symbol)));

/** Spec default SPY (002 §9) stands in when the item's sector ETF is unknown. */
export const fallbackBenchmark = 'SPY';

/** The ETF the dialog opens with: the item's sector ETF when it is one we offer. */
export function defaultBenchmark(etf: string | null): string {
  return etf !== null && known.has(etf.toUpperCase()) ? etf.toUpperCase() : fallbackBenchmark;
}
