import { sectorDisplayName } from '@insight/shared';

/** Spec 001 §9: the sectors' display order. */
const sectorOrder = [
  ['Information Technology', 'Technology', 'IT'],
  ['Health Care', 'Healthcare'],
  ['Consumer Staples', 'Staples'],
  ['Real Estate'],
  ['Energy'],
  ['Consumer Discretionary', 'Discretionary'],
  ['Communication Services', 'Communication'],
  ['Financials'],
  ['Utilities'],
  ['Industrials'],
  ['Materials'],
];

function rankOf(label: string): number {
  const rank = sectorOrder.findIndex((names) => names.includes(label));
  return rank === -1 ? sectorOrder.length : rank;
}

export interface AllocationBar {
  label: string;
  /** The name as the server gave it (the bar's title). */
  name: string;
  percent: number;
  value: number;
  cash: boolean;
}

/** The pie-chart answer as bars in the spec's sector order, anything else (cash) after. */
export function allocationBars(answer: {
  labels: readonly string[];
  series: readonly number[];
  values: readonly number[];
}): AllocationBar[] {
  return answer.labels
    .map((name, index) => ({
      name,
      label:
        name === 'Health Care'
          ? 'Healthcare'
          : name === 'Communication Services'
            ? 'Communication'
            : sectorDisplayName(name),
      percent: answer.series[index] ?? 0,
      value: answer.values[index] ?? 0,
      cash: name.toLowerCase() === 'cash',
      rank: rankOf(name),
      at: index,
    }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ name, label, percent, value, cash }) => ({ name, label, percent, value, cash }));
}
