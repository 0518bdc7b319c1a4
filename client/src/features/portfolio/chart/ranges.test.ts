import { portfolioMessages } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { earliestEnd, manualRangeProblem, offeredRanges, selectionDates, timeUnitFor } from './ranges';

describe('the chart range buttons (spec 001 §9)', () => {
  it.each([
    ['2026-03-05', []],
    ['2026-03-01', ['10D']],
    ['2026-02-08', ['10D', '1M']],
    ['2025-12-09', ['10D', '1M', '3M']],
    ['2025-03-11', ['10D', '1M', '3M', '6M', '1Y']],
    ['2021-03-11', ['10D', '1M', '3M', '6M', '1Y', '5Y']],
  ])('a file started %s offers %j', (first, labels) => {
    expect(offeredRanges(first, '2026-03-11').map((range) => range.label)).toEqual(labels);
  });

  it('sets the start that many days back', () => {
    expect(selectionDates({ kind: 'range', range: '1M' }, '2026-03-11')).toEqual({
      from_date: '2026-02-08',
      to_date: '2026-03-11',
    });
    expect(selectionDates({ kind: 'all' }, '2026-03-11')).toEqual({});
  });
});

describe('a manual range (spec 001 §5)', () => {
  it.each([
    ['2026-03-01', '2026-03-03', null],
    ['2026-03-01', '2026-03-02', portfolioMessages.narrowRange],
    ['2026-03-01', '2026-03-01', portfolioMessages.narrowRange],
    ['2026-03-05', '2026-03-01', portfolioMessages.narrowRange],
  ])('%s to %s', (from, to, problem) => {
    expect(manualRangeProblem(from, to)).toBe(problem);
  });

  it('offers an end no earlier than 2 days after the start', () => {
    expect(earliestEnd('2026-02-27')).toBe('2026-03-01');
  });
});

describe('the time unit (spec 001 §9)', () => {
  it.each([
    [9, 'day'],
    [10, 'week'],
    [60, 'week'],
    [61, 'month'],
  ] as const)('%i points: %s', (points, unit) => {
    expect(timeUnitFor(points)).toBe(unit);
  });
});
