import { describe, expect, it } from 'vitest';
import { fundamentalsOn, quartersKnownOn, type ReportedQuarter } from './fundamentals';

/** Eight quarters of a company, reported some weeks after each quarter's end. */
const quarter = (
  periodEnd: string,
  reportedOn: string,
  eps: number,
  extra: Partial<ReportedQuarter> = {},
) => ({
  periodEnd,
  reportedOn,
  eps,
  epsTtm: null,
  revenue: 100,
  netIncome: eps * 10,
  bookValuePerShare: 20,
  currentRatio: 1.5,
  sharesOutstanding: 10,
  dividendPerShare: 0.25,
  ...extra,
});
const quarters: ReportedQuarter[] = [
  quarter('2024-03-31', '2024-04-25', 1),
  quarter('2024-06-30', '2024-07-25', 1),
  quarter('2024-09-30', '2024-10-24', 1),
  quarter('2024-12-31', '2025-01-30', 1, { epsTtm: 4 }),
  quarter('2025-03-31', '2025-04-24', 1.5),
  quarter('2025-06-30', '2025-07-24', 1.5),
  quarter('2025-09-30', '2025-10-23', 1.5),
  quarter('2025-12-31', '2026-01-29', 1.5, {
    bookValuePerShare: 24,
    currentRatio: 1.25,
    dividendPerShare: 0.3,
  }),
];

describe('fundamentals on a day', () => {
  it('knows nothing before the first report', () => {
    expect(fundamentalsOn(quarters, '2024-04-24', 50)).toBeNull();
  });

  it('counts a quarter from its report date on, not from its quarter end', () => {
    expect(quartersKnownOn(quarters, '2025-01-29')).toBe(3);
    expect(quartersKnownOn(quarters, '2025-01-30')).toBe(4);
    expect(fundamentalsOn(quarters, '2025-01-29', 50)!.quarterEnd).toBe('2024-09-30');
    expect(fundamentalsOn(quarters, '2025-01-30', 50)!.quarterEnd).toBe('2024-12-31');
  });

  it('uses the stated trailing EPS while fewer than four quarters are known', () => {
    expect(fundamentalsOn(quarters, '2024-10-24', 50)!.eps).toBeNull();
    const withStated = quarters.map((q, i) => (i === 2 ? { ...q, epsTtm: 3.6 } : q));
    expect(fundamentalsOn(withStated, '2024-10-24', 36)).toMatchObject({ eps: 3.6, pe: 10 });
  });

  it.each([
    // day, close, trailing EPS, P/E, growth, P/B, ROE, yield
    ['2025-01-30', 60, 4, 15, null, 3, 20, 1.67],
    ['2025-07-24', 55, 5, 11, null, 2.75, 25, 1.82],
    ['2026-01-29', 72, 6, 12, 50, 3, 25, 1.46],
  ] as const)('on %s at $%d: EPS %d, P/E %d, growth %s', (day, close, eps, pe, growth, pb, roe, yieldPct) => {
    const figures = fundamentalsOn(quarters, day, close)!;
    expect(figures.eps).toBe(eps);
    expect(figures.pe).toBe(pe);
    expect(figures.epsGrowth).toBe(growth);
    expect(figures.pb).toBe(pb);
    expect(figures.roe).toBe(roe);
    expect(figures.dividendYield).toBe(yieldPct);
  });

  it('takes book, current ratio and dividend from the newest quarter, and the PEG from P/E and growth', () => {
    const figures = fundamentalsOn(quarters, '2026-02-01', 72)!;
    expect(figures).toMatchObject({ currentRatio: 1.25, forwardDividend: 1.2, pb: 3, roe: 25, peg: 0.24 });
    expect(figures.revenueTtm).toBe(400);
  });

  it('has no P/E, PEG or growth on a loss, and no P/B without a price', () => {
    const losing = quarters.map((q) => ({ ...q, eps: -q.eps }));
    expect(fundamentalsOn(losing, '2026-02-01', 72)).toMatchObject({
      eps: -6,
      pe: null,
      peg: null,
      epsGrowth: null,
    });
    expect(fundamentalsOn(quarters, '2026-02-01', null)).toMatchObject({
      pe: null,
      pb: null,
      dividendYield: null,
      eps: 6,
    });
  });
});
