import { describe, expect, it } from 'vitest';
import { liveFigures, livePosition } from './live';
import { aPortfolio, aPosition } from './factories';

describe('a position with the live quote', () => {
  it.each([
    ['a long that rose', 'Long' as const, 220, 2200, 200, 10],
    ['a long that fell', 'Long' as const, 190, 1900, -100, -5],
    ['a short that fell (a gain)', 'Short' as const, 190, 2100, 100, 5],
    ['a short that rose (a loss)', 'Short' as const, 220, 1800, -200, -10],
  ])('%s', (_case, kind, last, value, pl, plPercent) => {
    const live = livePosition(aPosition({ pos_type: kind, entry: 200, quantity: 10 }), {
      lastPrice: last,
      dailyChange: -0.5,
    });
    expect(live).toMatchObject({ last_price: last, current_val: value, pl, daily_change: -0.5, live: true });
    expect(live.pl_per).toBeCloseTo(plPercent, 10);
  });

  it('keeps the served figures until a quote arrives', () => {
    expect(livePosition(aPosition(), undefined)).toEqual({ ...aPosition(), live: false });
  });
});

describe("the file's figures with live positions", () => {
  const long = aPosition({ id: 1, entry: 200, quantity: 10, last_price: 200, current_val: 2000 });
  const short = aPosition({
    id: 2,
    pos_type: 'Short',
    entry: 100,
    quantity: 10,
    last_price: 100,
    current_val: 1000,
  });

  it("are the server's until a quote moves a position", () => {
    const figures = liveFigures(
      aPortfolio(),
      [long, short],
      [livePosition(long, undefined), livePosition(short, undefined)],
    );
    expect(figures).toEqual({
      aum: 10_500,
      longTotal: 2_000,
      shortTotal: 1_000,
      cash: 7_500,
      unitPrice: 1.05,
      dayPl: 100,
      dayPlPercent: 1,
    });
  });

  it('move the totals, the unit price and the daily P&L by what each position moved', () => {
    const live = [
      livePosition(long, { lastPrice: 210, dailyChange: 1 }), // +100
      livePosition(short, { lastPrice: 105, dailyChange: 1 }), // -50
    ];
    const figures = liveFigures(aPortfolio(), [long, short], live);
    expect(figures.longTotal).toBe(2_100);
    expect(figures.shortTotal).toBe(950);
    expect(figures.aum).toBe(10_550);
    expect(figures.unitPrice).toBeCloseTo(1.055, 10);
    expect(figures.dayPl).toBe(150);
    // The day's base is 10,000 (100 is 1%), so 150 is 1.5%.
    expect(figures.dayPlPercent).toBeCloseTo(1.5, 10);
  });
});
