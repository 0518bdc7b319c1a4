import { chartRanges, portfolioMessages, type ChartRange } from '@insight/shared';
import { DateTime } from 'luxon';

/** The chart's selection: the whole history, a range button, or dates picked by hand (spec 001 §4). */
export type ChartSelection =
  { kind: 'all' } | { kind: 'range'; range: ChartRange } | { kind: 'manual'; from: string; to: string };

const day = (iso: string) => DateTime.fromISO(iso.slice(0, 10), { zone: 'utc' });

/** Days of history from the file's first day to today. */
export function historyDays(first: string, today: string): number {
  const days = day(today).diff(day(first), 'days').days;
  return Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0;
}

/** Spec 001 §9: each range button is offered when the history is at least its days long. */
export function offeredRanges(first: string, today: string) {
  const days = historyDays(first, today);
  return chartRanges.filter((range) => days >= range.days);
}

/** A range button's start: that many days before today. */
export function rangeStart(range: ChartRange, today: string): string {
  const days = chartRanges.find((each) => each.label === range)?.days ?? 0;
  return day(today).minus({ days }).toISODate() ?? today;
}

/** Spec 001 §5 "Charts": a manual range must span more than 1 day. */
export function manualRangeProblem(from: string, to: string): string | null {
  const start = day(from);
  const end = day(to);
  if (!start.isValid || !end.isValid) return portfolioMessages.dateFormat;
  return end.diff(start, 'days').days > 1 ? null : portfolioMessages.narrowRange;
}

/** Spec 001 §5: the end of a manual range may not be picked less than 2 days from its start. */
export function earliestEnd(from: string): string {
  return day(from).plus({ days: 2 }).toISODate() ?? from;
}

/** The call's dates for a selection; undefined leaves the server's default (the whole history). */
export function selectionDates(
  selection: ChartSelection,
  today: string,
): { from_date?: string; to_date?: string } {
  switch (selection.kind) {
    case 'all':
      return {};
    case 'range':
      return { from_date: rangeStart(selection.range, today), to_date: today };
    case 'manual':
      return { from_date: selection.from, to_date: selection.to };
  }
}

/** Spec 001 §9: the time axis counts days under 10 points, months over 60, weeks between. */
export type TimeUnit = 'day' | 'week' | 'month';
export function timeUnitFor(points: number): TimeUnit {
  if (points < 10) return 'day';
  if (points > 60) return 'month';
  return 'week';
}
