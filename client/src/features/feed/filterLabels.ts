import type { Alert, FilterSet } from '@insight/shared';
import {
  isListActive,
  isRangeActive,
  type ListKey,
  type Range,
  type RangeKey,
} from '@insight/shared/alerts/filter';
import { formatCompactUsd, formatPercent, formatPrice, formatShortDecimal, gradeText } from './format';

/** The panel's names of the filters (spec 000 §2 "Alert filter panel"). */
export const filterTitles: Record<RangeKey | ListKey, string> = {
  market_cap: 'Market Cap',
  beta: 'Beta',
  pe_ratio_12m: 'P/E 12m',
  rate: 'Analyst Grade',
  upside: 'Upside',
  lastPrice: 'Last Price',
  universes: 'Universe',
  rating: 'Position',
  inWatchlist: 'In Watchlist',
  sector_name: 'Sector',
  analyst_name: 'Analyst',
};

export const positionLabels: Record<'buy' | 'sell', string> = { buy: 'Bullish', sell: 'Bearish' };

/**
 * The Market Cap filter compares the rank by market cap (mc_index, 1 = largest; spec 000 §5), which
 * means little to a reader: the panel shows the market cap of the alerts at those ranks instead.
 */
export type MarketCapScale = (rank: number) => string;

export function marketCapScale(alerts: readonly Alert[]): MarketCapScale {
  const byRank = new Map<number, number>();
  for (const alert of alerts)
    if (alert.mc_index !== null && alert.market_cap !== null) byRank.set(alert.mc_index, alert.market_cap);
  const ranks = [...byRank.keys()].sort((a, b) => a - b);
  return (rank) => {
    if (ranks.length === 0) return `rank ${Math.round(rank)}`;
    let nearest = ranks[0]!;
    for (const known of ranks) if (Math.abs(known - rank) < Math.abs(nearest - rank)) nearest = known;
    return formatCompactUsd(byRank.get(nearest)!);
  };
}

/** One end of a range as the panel writes it. */
export function formatRangeEnd(key: RangeKey, value: number, scale: MarketCapScale): string {
  switch (key) {
    case 'market_cap':
      return scale(value);
    case 'rate':
      return gradeText(value);
    case 'upside':
      return formatPercent(value);
    case 'lastPrice':
      return formatPrice(value);
    case 'beta':
    case 'pe_ratio_12m':
      return formatShortDecimal(value);
  }
}

/** "0.5 – 1.2"; market cap from the smallest company (the highest rank) up: "$1.2B – $3.0T". */
export function formatRange(key: RangeKey, range: Range, scale: MarketCapScale): string {
  const low = Math.min(range[0], range[1]);
  const high = Math.max(range[0], range[1]);
  const [from, to] = key === 'market_cap' ? [high, low] : [low, high];
  return `${formatRangeEnd(key, from, scale)} – ${formatRangeEnd(key, to, scale)}`;
}

function listSummary(values: readonly string[]): string {
  if (values.length <= 2) return values.join(', ');
  return `${values.slice(0, 2).join(', ')} +${values.length - 2}`;
}

export interface FilterChip {
  key: RangeKey | ListKey;
  label: string;
}

/** The active filters as the filter bar's chips, in the panel's order. */
export function filterChips(filters: FilterSet, scale: MarketCapScale): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of ['market_cap', 'beta', 'pe_ratio_12m', 'rate', 'upside', 'lastPrice'] as const) {
    if (isRangeActive(key, filters[key]))
      chips.push({ key, label: `${filterTitles[key]} ${formatRange(key, filters[key], scale)}` });
  }
  if (isListActive('universes', filters.universes))
    chips.push({ key: 'universes', label: `Universe: ${listSummary(filters.universes)}` });
  if (isListActive('rating', filters.rating))
    chips.push({ key: 'rating', label: listSummary(filters.rating.map((rating) => positionLabels[rating])) });
  if (isListActive('inWatchlist', filters.inWatchlist))
    chips.push({ key: 'inWatchlist', label: filters.inWatchlist[0]! });
  if (isListActive('sector_name', filters.sector_name))
    chips.push({ key: 'sector_name', label: `Sector: ${listSummary(filters.sector_name)}` });
  if (isListActive('analyst_name', filters.analyst_name))
    chips.push({ key: 'analyst_name', label: `Analyst: ${listSummary(filters.analyst_name)}` });
  return chips;
}
