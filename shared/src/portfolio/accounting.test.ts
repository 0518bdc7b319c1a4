import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dec,
  allocationSectorOf,
  allocationSectorOrder,
  chainedDailyReturn,
  dailyPnl,
  dailySeries,
  dealUnits,
  money,
  percent,
  percentChange,
  sharpeRatio,
  unitPrice,
  unitPriceReturn,
  valueFile,
  type DayValue,
  type FundFact,
  type LotFact,
  type PositionKind,
  type Valuation,
} from './accounting';
import { sectors } from '../common/sectors';

// Properties of the accounting over random files: random price paths (some closes missing),
// random deposits and withdrawals dealt at intraday quotes on random days, random long and short
// lots, partial and whole closes. Expectations are computed here independently (integer cents,
// plain numbers), never by the code under test.

// ---- a random file history ----

const eventKinds = ['deposit', 'withdraw', 'long', 'short', 'close'] as const;
interface FileEvent {
  kind: (typeof eventKinds)[number];
  /** Which open lot a close takes. */
  pick: number;
  /** Per mille: of the cash a lot uses, of the units a withdrawal redeems, of the lot a close takes. */
  share: number;
}
interface PricePath {
  first: number;
  /** Per day: the close's and the intraday quote's move from the previous close, in basis points. */
  steps: { close: number; quote: number; missing: boolean }[];
}
interface History {
  start: number;
  paths: PricePath[];
  events: FileEvent[][];
}

const eventArb = fc.record({
  kind: fc.constantFrom(...eventKinds),
  pick: fc.nat(20),
  share: fc.integer({ min: 1, max: 1000 }),
});
const historyArb: fc.Arbitrary<History> = fc
  .record({ symbols: fc.integer({ min: 1, max: 3 }), days: fc.integer({ min: 2, max: 10 }) })
  .chain(({ symbols, days }) =>
    fc.record({
      start: fc.integer({ min: 1, max: 2_000_000 }),
      paths: fc.array(
        fc.record({
          first: fc.integer({ min: 300, max: 80_000 }),
          steps: fc.array(
            fc.record({
              close: fc.integer({ min: -800, max: 800 }),
              quote: fc.integer({ min: -800, max: 800 }),
              missing: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
            }),
            { minLength: days, maxLength: days },
          ),
        }),
        { minLength: symbols, maxLength: symbols },
      ),
      events: fc.array(fc.array(eventArb, { maxLength: 4 }), { minLength: days, maxLength: days }),
    }),
  );

/** A market built from the paths, in cents. */
interface Market {
  symbols: string[];
  days: string[];
  /** [symbol][day] the close in cents, null where the close is missing. */
  closes: (number | null)[][];
  /** [symbol][day] the intraday quote in cents, at which that day's deals, buys and closes happen. */
  quotes: number[][];
}

const move = (cents: number, basisPoints: number) =>
  Math.max(100, Math.round((cents * (10_000 + basisPoints)) / 10_000));
const dayOf = (index: number) =>
  new Date(Date.UTC(2024, 0, 2) + index * 86_400_000).toISOString().slice(0, 10);
const fromCents = (cents: number) => new Dec(cents).dividedBy(100);
/** A money figure in whole cents; fails the test if it is not whole cents. */
function centsOf(value: Decimal): number {
  const cents = value.times(100);
  expect(cents.isInteger(), `${value.toString()} is whole cents`).toBe(true);
  return cents.toNumber();
}

function marketOf(history: History): Market {
  const days = history.events.map((_, index) => dayOf(index));
  const closes: (number | null)[][] = [];
  const quotes: number[][] = [];
  for (const path of history.paths) {
    let previous = path.first;
    const symbolCloses: (number | null)[] = [];
    const symbolQuotes: number[] = [];
    for (const step of path.steps) {
      symbolQuotes.push(move(previous, step.quote));
      previous = move(previous, step.close);
      symbolCloses.push(step.missing ? null : previous);
    }
    closes.push(symbolCloses);
    quotes.push(symbolQuotes);
  }
  return { symbols: history.paths.map((_, index) => `S${index}`), days, closes, quotes };
}

interface Deal {
  fund: FundFact;
  before: Valuation;
  after: Valuation;
}
interface File {
  market: Market;
  funds: FundFact[];
  lots: LotFact[];
  deals: Deal[];
}

/**
 * Plays the history the way the gateway does: each event values the file at the day's quotes and
 * acts on that valuation. `exactDeals` deals at the full-precision unit price, with an unrounded
 * amount, instead of storing the deal as `dealUnits` does.
 */
function play(history: History, { exactDeals = false } = {}): File {
  const market = marketOf(history);
  const funds: FundFact[] = [];
  let lots: LotFact[] = [];
  const deals: Deal[] = [];
  let nextId = 1;
  market.days.forEach((day, d) => {
    const quoteOf = (symbol: string) => fromCents(market.quotes[market.symbols.indexOf(symbol)]![d]!);
    const now = () => valueFile(funds, lots, day, quoteOf);
    const deal = (units: number) => {
      const before = now();
      const fund: FundFact = exactDeals
        ? { date: day, units, unitPrice: before.unitPrice, amount: before.unitPrice.times(units) }
        : dealUnits(before, units, day);
      funds.push(fund);
      deals.push({ fund, before, after: now() });
    };
    if (d === 0) deal(history.start);
    for (const event of history.events[d]!) {
      const before = now();
      const symbol = market.symbols[event.pick % market.symbols.length]!;
      switch (event.kind) {
        case 'deposit':
          deal(1 + Math.floor((event.share / 1000) * 200_000));
          break;
        case 'withdraw': {
          // At most 90% of the units, and of what the cash pays for.
          const byCash = before.cash.dividedBy(before.unitPrice).times(0.9).floor().toNumber();
          const units = Math.min(Math.floor((event.share / 1000) * 0.9 * before.units), byCash);
          if (units >= 1) deal(-units);
          break;
        }
        case 'long':
        case 'short': {
          const price = quoteOf(symbol);
          const quantity = before.cash
            .times(event.share / 1000)
            .dividedBy(price)
            .floor()
            .toNumber();
          if (quantity < 1) break;
          const kind: PositionKind = event.kind === 'long' ? 'Long' : 'Short';
          lots.push({
            id: nextId++,
            symbol,
            kind,
            entryDate: day,
            entryPrice: price,
            quantity,
            closeDate: null,
            closePrice: null,
          });
          break;
        }
        case 'close': {
          const open = lots.filter((lot) => lot.closeDate === null);
          const lot = open[event.pick % Math.max(open.length, 1)];
          if (!lot) break;
          const quantity = 1 + Math.floor((event.share / 1000) * (lot.quantity - 1));
          const closePrice = quoteOf(lot.symbol);
          const closedPart = { ...lot, quantity, closeDate: day, closePrice };
          lots =
            quantity === lot.quantity
              ? lots.map((each) => (each === lot ? closedPart : each))
              : [
                  ...lots.map((each) =>
                    each === lot ? { ...lot, quantity: lot.quantity - quantity } : each,
                  ),
                  { ...closedPart, id: nextId++ },
                ];
          break;
        }
      }
    }
  });
  return { market, funds, lots, deals };
}

const closeOfMarket = (market: Market) => (symbol: string, day: string) => {
  const close = market.closes[market.symbols.indexOf(symbol)]![market.days.indexOf(day)];
  return close === null || close === undefined ? null : fromCents(close);
};

/** The file on day `d` of the market, in integer cents, by the rules written out again. */
function expectedInCents(file: File, d: number) {
  const day = file.market.days[d]!;
  let cash = 0;
  let units = 0;
  for (const fund of file.funds) {
    if (fund.date > day) continue;
    cash += centsOf(fund.amount);
    units += fund.units;
  }
  let long = 0;
  let short = 0;
  for (const lot of file.lots) {
    if (lot.entryDate > day) continue;
    const entry = centsOf(lot.entryPrice);
    cash -= lot.quantity * entry;
    if (lot.closeDate !== null && lot.closeDate <= day) {
      const close = centsOf(lot.closePrice!);
      cash += lot.kind === 'Long' ? lot.quantity * close : lot.quantity * (2 * entry - close);
      continue;
    }
    // The day's close, else the last earlier close, else the entry price.
    const closes = file.market.closes[file.market.symbols.indexOf(lot.symbol)]!.slice(0, d + 1);
    const price = closes.filter((close): close is number => close !== null).at(-1) ?? entry;
    if (lot.kind === 'Long') long += lot.quantity * price;
    else short += lot.quantity * (2 * entry - price);
  }
  for (const figure of [cash, long, short]) expect(Number.isSafeInteger(figure)).toBe(true);
  return { cash, long, short, aum: cash + long + short, units };
}

/** Half a cent plus half an 8-decimal step per unit dealt, over the units after the deal. */
const dealBound = (units: number, unitsAfter: number) =>
  new Dec('0.005').plus(new Dec('0.000000005').times(Math.abs(units))).dividedBy(unitsAfter);

// ---- properties ----

describe('the accounting over random files', () => {
  it('conserves cash and units: cash = deposits − costs + proceeds, units = Σ fund units, AUM = cash + long + short', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const file = play(history);
        const series = dailySeries(file.funds, file.lots, file.market.days, closeOfMarket(file.market));
        file.market.days.forEach((day, d) => {
          const expected = expectedInCents(file, d);
          const day_ = series[d]!;
          expect(day_.date).toBe(day);
          expect({
            cash: centsOf(day_.cash),
            long: centsOf(day_.longValue),
            short: centsOf(day_.shortValue),
            aum: centsOf(day_.aum),
            units: day_.units,
          }).toEqual(expected);
          // Unit price = AUM / units, to the 40 digits it is carried at.
          const unitPriceError = day_.unitPrice.times(day_.units).minus(day_.aum).abs();
          expect(unitPriceError.lessThanOrEqualTo(day_.aum.abs().times('1e-38').plus('1e-30'))).toBe(true);
          // The flows of the day are its fund entries.
          const flows = file.funds
            .filter((fund) => fund.date === day)
            .reduce((sum, fund) => sum + centsOf(fund.amount), 0);
          expect(centsOf(day_.flow)).toBe(flows);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('stores each deal at 8 decimals, its amount units × that price to the cent', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        for (const { fund, before } of play(history).deals) {
          expect(fund.unitPrice.decimalPlaces()).toBeLessThanOrEqual(8);
          expect(fund.unitPrice.minus(before.unitPrice).abs().lessThanOrEqualTo('0.000000005')).toBe(true);
          expect(fund.amount.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(fund.amount.minus(fund.unitPrice.times(fund.units)).abs().lessThanOrEqualTo('0.005')).toBe(
            true,
          );
        }
      }),
    );
  });

  it('a deposit or a withdrawal leaves the unit price unchanged, within (0.005 + 0.000000005 × |units|) / units after', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        for (const { fund, before, after } of play(history).deals) {
          expect(after.units).toBe(before.units + fund.units);
          expect(after.invested.minus(before.invested).equals(fund.amount)).toBe(true);
          if (before.units === 0) continue; // the first deal sets the unit price at 1
          const moved = after.unitPrice.minus(before.unitPrice).abs();
          expect(moved.lessThanOrEqualTo(dealBound(fund.units, after.units))).toBe(true);
          // Far below the 5 decimals shown for a deposit into a file of at least 100,000 units.
          if (fund.units > 0 && before.units >= 100_000) expect(moved.lessThan('0.0000001')).toBe(true);
        }
      }),
    );
  });

  it('closing any lot at its entry price leaves AUM as if it had never been opened (long and short)', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.constantFrom<PositionKind>('Long', 'Short'),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        (history, kind, quantity, entryCents, closeDay) => {
          const file = play(history);
          const days = file.market.days;
          const closeOf = closeOfMarket(file.market);
          const closeDate = days[closeDay % days.length]!;
          const lot: LotFact = {
            id: 999,
            symbol: 'S0',
            kind,
            entryDate: days[0]!,
            entryPrice: fromCents(entryCents),
            quantity,
            closeDate,
            closePrice: fromCents(entryCents),
          };
          for (const day of days.filter((each) => each >= closeDate)) {
            const priceOf = (symbol: string) => closeOf(symbol, day);
            const without = valueFile(file.funds, file.lots, day, priceOf);
            const withLot = valueFile(file.funds, [...file.lots, lot], day, priceOf);
            expect(withLot.aum.equals(without.aum)).toBe(true);
            expect(withLot.cash.equals(without.cash)).toBe(true);
          }
        },
      ),
    );
  });

  it('closing a lot at the price it is valued at leaves AUM unchanged (long and short)', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), (history, pick) => {
        const file = play(history);
        const open = file.lots.filter((lot) => lot.closeDate === null);
        const lot = open[pick % Math.max(open.length, 1)];
        if (!lot) return;
        const day = file.market.days.at(-1)!;
        const price = fromCents(file.market.quotes[file.market.symbols.indexOf(lot.symbol)]!.at(-1)!);
        const priceOf = (symbol: string) =>
          symbol === lot.symbol ? price : closeOfMarket(file.market)(symbol, day);
        const before = valueFile(file.funds, file.lots, day, priceOf);
        const closed = file.lots.map((each) =>
          each === lot ? { ...lot, closeDate: day, closePrice: price } : each,
        );
        const after = valueFile(file.funds, closed, day, priceOf);
        expect(after.aum.equals(before.aum)).toBe(true);
        const value =
          lot.kind === 'Long'
            ? price.times(lot.quantity)
            : lot.entryPrice.times(2).minus(price).times(lot.quantity);
        expect(after.cash.minus(before.cash).equals(value)).toBe(true);
      }),
    );
  });

  it('the unit-price return equals the return chained day by day from AUM and flows, to 1e-12, for unrounded deals', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const file = play(history, { exactDeals: true });
        const series = dailySeries(file.funds, file.lots, file.market.days, closeOfMarket(file.market));
        const byUnitPrice = unitPriceReturn(series);
        const chained = chainedDailyReturn(series, file.funds);
        expect(chained.minus(byUnitPrice).abs().toNumber()).toBeLessThanOrEqual(1e-12);
        expect(byUnitPrice.toNumber()).toBeCloseTo(
          series.at(-1)!.unitPrice.toNumber() / series[0]!.unitPrice.toNumber() - 1,
          12,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('the unit-price return equals the chained return for stored deals, up to their rounding (half a cent over the units after each)', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const file = play(history);
        const series = dailySeries(file.funds, file.lots, file.market.days, closeOfMarket(file.market));
        const byUnitPrice = unitPriceReturn(series);
        const chained = chainedDailyReturn(series, file.funds);
        // Each deal after the first day moves the chain off the unit price by at most
        // 0.005 / (units after × dealt price), relative.
        const drift = file.deals
          .filter(({ fund }) => fund.date > series[0]!.date)
          .reduce((sum, { fund, after }) => sum + 0.005 / (after.units * fund.unitPrice.toNumber()), 0);
        const tolerance = 2 * drift * Math.abs(1 + byUnitPrice.toNumber()) + 1e-12;
        expect(chained.minus(byUnitPrice).abs().toNumber()).toBeLessThanOrEqual(tolerance);
      }),
    );
  });

  it('a deposit on a quiet day is not a return: the chain and the unit price stay flat', () => {
    const funds: FundFact[] = [
      { date: '2024-01-02', units: 100_000, unitPrice: new Dec(1), amount: new Dec(100_000) },
      { date: '2024-01-03', units: 50_000, unitPrice: new Dec(1), amount: new Dec(50_000) },
    ];
    const series = dailySeries(funds, [], ['2024-01-02', '2024-01-03', '2024-01-04'], () => null);
    expect(series.map((day) => day.aum.toString())).toEqual(['100000', '150000', '150000']);
    expect(unitPriceReturn(series).toString()).toBe('0');
    expect(chainedDailyReturn(series, funds).toString()).toBe('0');
  });
});

// ---- Sharpe ----

/** The same ratio in plain numbers: annualised mean excess over annualised sample deviation. */
function sharpeByNumbers(prices: readonly number[], riskFreeAnnual: number): number | null {
  const returns = prices.slice(1).map((price, i) => price / prices[i]! - 1);
  if (returns.length < 2) return null;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  if (variance === 0) return null;
  const annualMean = mean * 252;
  const annualDeviation = Math.sqrt(variance) * Math.sqrt(252);
  return (annualMean - riskFreeAnnual) / annualDeviation;
}

describe('the Sharpe ratio', () => {
  it('matches an independent computation in plain numbers, both sides annualised by 252', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 50_000_000, max: 200_000_000 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (scaled, riskFreeBasisPoints) => {
          const prices = scaled.map((price) => price / 1e8);
          const riskFree = riskFreeBasisPoints / 10_000;
          const expected = sharpeByNumbers(prices, riskFree);
          const actual = sharpeRatio(
            prices.map((price) => new Dec(price)),
            riskFree,
          );
          if (expected === null) {
            expect(actual).toBeNull();
            return;
          }
          expect(actual).not.toBeNull();
          expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(
            0.005 + 1e-9 * Math.max(1, Math.abs(expected)),
          );
        },
      ),
    );
  });

  it('by hand: returns +1%, −1%, +2% have mean 2/300 and deviation √(7/30000): 4√3 = 6.93', () => {
    const prices = ['1', '1.01', '0.9999', '1.019898'].map((price) => new Dec(price));
    expect(sharpeRatio(prices)).toBe(6.93);
    // With 4% a year risk-free: (1.68 − 0.04) / (0.0152753 × √252) = 6.763.
    expect(sharpeRatio(prices, 0.04)).toBe(6.76);
  });

  it.each([
    ['no prices', []],
    ['one return', ['1', '1.1']],
    ['a flat unit price', ['1', '1', '1', '1']],
  ])('is null with %s', (_case, prices) => {
    expect(sharpeRatio(prices.map((price) => new Dec(price)))).toBeNull();
  });
});

// ---- small figures ----

describe('figures for answers', () => {
  it.each([
    ['1.005', 1.01],
    ['-1.005', -1.01],
    ['1234.5649', 1234.56],
    ['-0.001', 0],
  ])('money(%s) is %s: cents, half up', (value, expected) => {
    expect(Object.is(money(new Dec(value)), expected)).toBe(true);
  });

  it('rounds the unit price to 8 decimals and percents to 2', () => {
    expect(unitPrice(new Dec(1).dividedBy(3))).toBe(0.33333333);
    expect(unitPrice(new Dec('1.000000005'))).toBe(1.00000001);
    expect(percent(new Dec('12.345'))).toBe(12.35);
    expect(percent(null)).toBeNull();
  });

  it.each([
    ['100', '110', '10'],
    ['100', '90', '-10'],
    ['-100', '-50', '50'],
  ])('percentChange(%s → %s) is %s percent', (from, to, expected) => {
    expect(percentChange(new Dec(from), new Dec(to))?.toString()).toBe(expected);
  });

  it('percentChange from 0 is null', () => {
    expect(percentChange(new Dec(0), new Dec(5))).toBeNull();
  });

  it('daily P&L leaves out the day’s flows; a file begun today counts from unit price 1', () => {
    const yesterday: DayValue = {
      date: '2024-01-02',
      cash: new Dec(100_000),
      longValue: new Dec(0),
      shortValue: new Dec(0),
      aum: new Dec(100_000),
      units: 100_000,
      unitPrice: new Dec(1),
      flow: new Dec(0),
    };
    // 20,000 deposited today at 1; the file ends at 121,000 on 120,000 units: 1,000 made.
    const now = { aum: new Dec(121_000), unitPrice: new Dec(121_000).dividedBy(120_000) } as Valuation;
    const pnl = dailyPnl(yesterday, now, new Dec(20_000));
    expect(pnl.money.toString()).toBe('1000');
    expect(percent(pnl.percent)).toBe(0.83);
    const begun = dailyPnl(
      null,
      { aum: new Dec(100_500), unitPrice: new Dec('1.005') } as Valuation,
      new Dec(100_000),
    );
    expect(begun.money.toString()).toBe('500');
    expect(percent(begun.percent)).toBe(0.5);
  });

  it('computes at 40 digits even from decimals of another precision', () => {
    const low = Decimal.clone({ precision: 5 });
    const funds: FundFact[] = [{ date: '2024-01-02', units: 3, unitPrice: new low(1), amount: new low(1) }];
    expect(valueFile(funds, [], '2024-01-02', () => null).unitPrice.toString()).toBe(`0.${'3'.repeat(40)}`);
  });
});

describe('sectors for the allocation', () => {
  it('orders the display names as spec 001 §9 does', () => {
    expect(allocationSectorOrder).toEqual([
      'IT',
      'Healthcare',
      'Staples',
      'Real Estate',
      'Energy',
      'Discretionary',
      'Communication',
      'Financials',
      'Utilities',
      'Industrials',
      'Materials',
    ]);
  });

  it.each([
    ['Information Technology', 'IT'],
    ['Health Care', 'Healthcare'],
    ['Financials', 'Financials'],
    ['Consumer Discretionary', 'Discretionary'],
    ['Communication Services', 'Communication'],
    ['Industrials', 'Industrials'],
    ['Consumer Staples', 'Staples'],
    ['Energy', 'Energy'],
    ['Utilities', 'Utilities'],
    ['Real Estate', 'Real Estate'],
    ['Materials', 'Materials'],
    ['Technology', 'IT'],
    ['IT', 'IT'],
    ['Crypto', null],
    [null, null],
  ])('shows %s as %s', (name, expected) => {
    expect(allocationSectorOf(name)).toBe(expected);
  });

  it('covers every GICS sector of the market data', () => {
    expect(sectors.map((sector) => allocationSectorOf(sector.name)).sort()).toEqual(
      [...allocationSectorOrder].sort(),
    );
  });
});
