import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../portfolio/accounting';
import {
  annualisedVolatility,
  chain,
  dailyReturns,
  maxDrawdown,
  monthlyReturns,
  performance,
  portfolioReturns,
  sharpe,
  type Closes,
} from './returns';

const calendar = ['2026-01-29', '2026-01-30', '2026-02-02', '2026-02-03', '2026-02-04'];
const closesOf = (values: Record<string, (number | undefined)[]>) => {
  const map = new Map<string, Closes>();
  for (const [symbol, list] of Object.entries(values)) {
    map.set(
      symbol,
      new Map(list.flatMap((close, i) => (close === undefined ? [] : [[calendar[i]!, close] as const]))),
    );
  }
  return (symbol: string) => map.get(symbol);
};

describe('returns of a hand-made history', () => {
  const history = closesOf({ AAA: [100, 110, 99, 121, 121], BBB: [50, 50, 60, 45, 90] });

  it('a symbol’s daily returns are close over previous close, and chain to last over first', () => {
    const r = dailyReturns(calendar, history('AAA')!);
    expect(r.map((d) => d.value.toString())).toEqual([
      '0',
      '0.1',
      '-0.1',
      new Dec(121).div(99).minus(1).toString(),
      '0',
    ]);
    expect(chain(r.slice(1)).toString()).toBe('0.21');
  });

  it('a day without a bar keeps the last close', () => {
    const gap = closesOf({ GAP: [10, undefined, 12, 12, 6] });
    expect(dailyReturns(calendar, gap('GAP')!).map((d) => d.value.toString())).toEqual([
      '0',
      '0',
      '0.2',
      '0',
      '-0.5',
    ]);
  });

  it('two positions held throughout return the mean of their growths', () => {
    const { returns } = portfolioReturns(
      calendar,
      [
        { symbol: 'AAA', entry: calendar[0]!, exit: calendar[4]! },
        { symbol: 'BBB', entry: calendar[0]!, exit: calendar[4]! },
      ],
      history,
    );
    // AAA 121/100 = 1.21, BBB 90/50 = 1.8: equal money, (1.21 + 1.8) / 2 - 1.
    expect(performance(returns).totalReturn.toString()).toBe('0.505');
    // Day 2: AAA 110→99, BBB 50→60 on values 1.1 and 1: (0.99 + 1.2) / 2.1 - 1.
    expect(returns[2]!.value.toString()).toBe(new Dec(2.19).div(2.1).minus(1).toString());
  });

  it('a position entering later gets the same money as the others had at the start', () => {
    // AAA held from day 0 to day 2, BBB from day 2 to day 4: money 1 → 0.99 (AAA), then BBB 60→90.
    const { returns } = portfolioReturns(
      calendar,
      [
        { symbol: 'AAA', entry: calendar[0]!, exit: calendar[2]! },
        { symbol: 'BBB', entry: calendar[2]!, exit: calendar[4]! },
      ],
      history,
    );
    expect(performance(returns).totalReturn.toString()).toBe(new Dec(0.99).times(1.5).minus(1).toString());
  });

  it('positions without an entry close are skipped, days with nothing held return 0', () => {
    const { returns, skipped } = portfolioReturns(
      calendar,
      [{ symbol: 'NONE', entry: calendar[0]!, exit: calendar[4]! }],
      history,
    );
    expect(skipped).toHaveLength(1);
    expect(returns.every((r) => r.value.isZero())).toBe(true);
    expect(performance(returns).sharpe).toBeNull();
  });

  it('monthly returns chain the days of each month', () => {
    const months = monthlyReturns(dailyReturns(calendar, history('AAA')!).slice(1));
    expect(months.map((m) => m.month)).toEqual(['2026-01', '2026-02']);
    expect(months[0]!.value.toString()).toBe('0.1');
    expect(months[1]!.value.toString()).toBe(new Dec(121).div(110).minus(1).toString());
  });

  it('the maximum drawdown is the largest fall from a peak', () => {
    // Wealth 1.1, 0.99, 1.21: fell 10 % from 1.1.
    expect(maxDrawdown(dailyReturns(calendar, history('AAA')!).slice(1)).toString()).toBe('0.1');
  });
});

/** A random history: closes with two decimals for a few symbols over a calendar crossing months. */
const days = Array.from({ length: 45 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000);
  return date.toISOString().slice(0, 10);
});
const closesArb = fc.array(fc.integer({ min: 100, max: 100_000 }), {
  minLength: days.length,
  maxLength: days.length,
});

describe('returns agree with an independent computation (property)', () => {
  it('positions held from one day to another return the mean of exit over entry, less 1', () => {
    fc.assert(
      fc.property(
        fc.array(closesArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: days.length - 1 }),
        fc.integer({ min: 0, max: days.length - 1 }),
        (symbols, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const data = new Map(
            symbols.map((cents, s) => [
              `S${s}`,
              new Map(days.map((d, i) => [d, new Dec(cents[i]!).div(100)])),
            ]),
          );
          const { returns } = portfolioReturns(
            days,
            symbols.map((_, s) => ({ symbol: `S${s}`, entry: days[from]!, exit: days[to]! })),
            (symbol) => data.get(symbol),
          );
          // Independently: each holding's growth in cents, averaged.
          const growth = symbols
            .reduce((sum, cents) => sum.plus(new Dec(cents[to]!).div(cents[from]!)), new Dec(0))
            .div(symbols.length)
            .minus(1);
          expect(chain(returns.slice(1)).minus(growth).abs().lt('1e-30')).toBe(true);
          // Months chain to the whole.
          const months = monthlyReturns(returns.slice(1));
          expect(
            chain(months.map((m) => m.value))
              .minus(growth)
              .abs()
              .lt('1e-30'),
          ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('volatility, Sharpe and drawdown match a plain floating-point computation', () => {
    fc.assert(
      fc.property(closesArb, (cents) => {
        const prices = cents.map((c) => c / 100);
        const r = dailyReturns(days, new Map(days.map((d, i) => [d, new Dec(cents[i]!).div(100)]))).slice(1);
        const plain = prices.slice(1).map((p, i) => p / prices[i]! - 1);
        const m = plain.reduce((s, v) => s + v, 0) / plain.length;
        const sd = Math.sqrt(plain.reduce((s, v) => s + (v - m) ** 2, 0) / (plain.length - 1));
        expect(annualisedVolatility(r).toNumber()).toBeCloseTo(sd * Math.sqrt(252), 9);
        if (sd > 0) expect(sharpe(r)!.toNumber()).toBeCloseTo((m * 252) / (sd * Math.sqrt(252)), 6);
        // Drawdown: the worst ratio of a later price to an earlier one, over every pair.
        let worst = 0;
        for (let i = 0; i < prices.length; i += 1)
          for (let j = i + 1; j < prices.length; j += 1) worst = Math.max(worst, 1 - prices[j]! / prices[i]!);
        expect(maxDrawdown(r).toNumber()).toBeCloseTo(worst, 9);
      }),
      { numRuns: 200 },
    );
  });
});
