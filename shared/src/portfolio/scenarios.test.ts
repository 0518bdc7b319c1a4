import { describe, expect, it } from 'vitest';
import {
  Dec,
  chainedDailyReturn,
  dailyPnl,
  dailySeries,
  dealUnits,
  lotFigures,
  percent,
  sectorAllocation,
  unitPriceReturn,
  valueFile,
  type FundFact,
  type LotFact,
  type PriceOf,
  type Valuation,
} from './accounting';
import { portfolioMessages } from './schemas';

// Scenarios of one file each, named for their case. Every expected figure is worked out by hand in
// the comments beside it; nothing expected is computed by the code under test.

const noPrices: PriceOf = () => null;
const prices =
  (table: Record<string, string>): PriceOf =>
  (symbol) =>
    table[symbol] === undefined ? null : new Dec(table[symbol]);

/** A valuation's figures as exact decimal strings. */
function exact(value: Valuation) {
  return {
    cash: value.cash.toString(),
    longValue: value.longValue.toString(),
    longCost: value.longCost.toString(),
    longPl: value.longPl.toString(),
    shortValue: value.shortValue.toString(),
    shortCost: value.shortCost.toString(),
    shortPl: value.shortPl.toString(),
    aum: value.aum.toString(),
    units: value.units,
    unitPrice: value.unitPrice.toString(),
    invested: value.invested.toString(),
  };
}

function aLot(overrides: Partial<LotFact> & Pick<LotFact, 'symbol' | 'entryPrice' | 'quantity'>): LotFact {
  return { id: 1, kind: 'Long', entryDate: '2024-01-02', closeDate: null, closePrice: null, ...overrides };
}

/** The file opened on 2024-01-02 with `units` at unit price 1. */
function newFile(units = 100_000): FundFact[] {
  return [dealUnits(valueFile([], [], '2024-01-02', noPrices), units, '2024-01-02')];
}

describe('a new file', () => {
  it('is 100,000 units at unit price 1: $100,000 of cash', () => {
    const funds = newFile();
    expect(funds).toHaveLength(1);
    expect(funds[0]!.units).toBe(100_000);
    expect(funds[0]!.unitPrice.toString()).toBe('1');
    expect(funds[0]!.amount.toString()).toBe('100000');
    expect(exact(valueFile(funds, [], '2024-01-02', noPrices))).toMatchObject({
      cash: '100000',
      aum: '100000',
      units: 100_000,
      unitPrice: '1',
      invested: '100000',
    });
  });

  it('holds nothing before its first day', () => {
    expect(exact(valueFile(newFile(), [], '2023-12-29', noPrices))).toMatchObject({ aum: '0', units: 0 });
  });
});

describe('buy and hold', () => {
  // 100 AAPL bought at 150 on day 1: cost 15,000, cash 85,000.
  const funds = newFile();
  const lots = [aLot({ symbol: 'AAPL', entryPrice: new Dec('150'), quantity: 100 })];

  it('on the day of the buy, at the entry price: the file is still worth 100,000', () => {
    expect(exact(valueFile(funds, lots, '2024-01-02', prices({ AAPL: '150' })))).toEqual({
      cash: '85000',
      longValue: '15000',
      longCost: '15000',
      longPl: '0',
      shortValue: '0',
      shortCost: '0',
      shortPl: '0',
      aum: '100000',
      units: 100_000,
      unitPrice: '1',
      invested: '100000',
    });
  });

  it('after a rise to 165.50: long 16,550, P&L 1,550, AUM 101,550, unit price 1.0155', () => {
    const now = valueFile(funds, lots, '2024-01-03', prices({ AAPL: '165.50' }));
    expect(exact(now)).toMatchObject({
      cash: '85000',
      longValue: '16550',
      longPl: '1550',
      aum: '101550',
      unitPrice: '1.0155',
    });
    const figures = lotFigures(lots[0]!, new Dec('165.50'), now.aum);
    expect(figures.value.toString()).toBe('16550');
    expect(figures.pl.toString()).toBe('1550');
    // 1550 / 15000 = 10.333…%; 16550 / 101550 = 16.297…%
    expect(percent(figures.plPercent)).toBe(10.33);
    expect(percent(figures.percentOfFile)).toBe(16.3);
  });

  it('day by day: a day without a close keeps the last close; the first day without one uses the entry price', () => {
    const closes: Record<string, string> = { '2024-01-03': '165.50' };
    const series = dailySeries(funds, lots, ['2024-01-02', '2024-01-03', '2024-01-04'], (_symbol, day) =>
      closes[day] === undefined ? null : new Dec(closes[day]),
    );
    expect(series.map((day) => day.aum.toString())).toEqual(['100000', '101550', '101550']);
    expect(series.map((day) => day.unitPrice.toString())).toEqual(['1', '1.0155', '1.0155']);
    expect(series.map((day) => day.flow.toString())).toEqual(['100000', '0', '0']);
    expect(unitPriceReturn(series).toString()).toBe('0.0155');
    expect(chainedDailyReturn(series, funds).toString()).toBe('0.0155');
    // Day 2: 101,550 − 100,000 − no flows; unit price 1 → 1.0155 is +1.55%.
    const pnl = dailyPnl(
      series[0]!,
      valueFile(funds, lots, '2024-01-03', prices({ AAPL: '165.50' })),
      new Dec(0),
    );
    expect(pnl.money.toString()).toBe('1550');
    expect(percent(pnl.percent)).toBe(1.55);
  });
});

describe('a short that loses', () => {
  // 200 TSLA shorted at 250: collateral 50,000 set aside, cash 50,000.
  const funds = newFile();
  const short = aLot({ symbol: 'TSLA', kind: 'Short', entryPrice: new Dec('250'), quantity: 200 });

  it('the price rises to 275: P&L −5,000, short worth 200 × (500 − 275) = 45,000, AUM 95,000', () => {
    const now = valueFile(funds, [short], '2024-01-03', prices({ TSLA: '275' }));
    expect(exact(now)).toMatchObject({
      cash: '50000',
      longValue: '0',
      shortValue: '45000',
      shortCost: '50000',
      shortPl: '-5000',
      aum: '95000',
      unitPrice: '0.95',
    });
    const figures = lotFigures(short, new Dec('275'), now.aum);
    expect(figures.pl.toString()).toBe('-5000');
    expect(percent(figures.plPercent)).toBe(-10);
    // 45,000 / 95,000 = 47.368…%
    expect(percent(figures.percentOfFile)).toBe(47.37);
  });

  it('closed at 275: 45,000 comes back to cash and the file stays at 95,000', () => {
    const closed = { ...short, closeDate: '2024-01-04', closePrice: new Dec('275') };
    expect(exact(valueFile(funds, [closed], '2024-01-04', noPrices))).toMatchObject({
      cash: '95000',
      shortValue: '0',
      aum: '95000',
      unitPrice: '0.95',
    });
  });

  it('had the price fallen to 200 instead, it would have gained 10,000', () => {
    // 200 × (500 − 200) = 60,000; 50,000 + 60,000 = 110,000.
    expect(exact(valueFile(funds, [short], '2024-01-03', prices({ TSLA: '200' })))).toMatchObject({
      shortValue: '60000',
      shortPl: '10000',
      aum: '110000',
    });
  });
});

describe('deposit after a gain: new units cost more, so fewer units per dollar', () => {
  // 1,000 X at 50 (cost 50,000); X rises to 60: long 60,000 + cash 50,000 = 110,000, unit price 1.1.
  const lots = [aLot({ symbol: 'X', entryPrice: new Dec('50'), quantity: 1000 })];

  it('10,000 units cost $11,000 at 1.1; the unit price stays 1.1', () => {
    const funds = newFile();
    const before = valueFile(funds, lots, '2024-01-03', prices({ X: '60' }));
    expect(before.unitPrice.toString()).toBe('1.1');
    const deposit = dealUnits(before, 10_000, '2024-01-03');
    expect(deposit).toEqual({
      date: '2024-01-03',
      units: 10_000,
      unitPrice: new Dec('1.1'),
      amount: new Dec('11000'),
    });
    // 10,000 units for $11,000: 0.909 units per dollar, against 1 on day 1.
    expect(exact(valueFile([...funds, deposit], lots, '2024-01-03', prices({ X: '60' })))).toMatchObject({
      cash: '61000',
      aum: '121000',
      units: 110_000,
      unitPrice: '1.1',
      invested: '111000',
    });
  });

  it('the return over the deposit: unit price 1 → 127,000 / 110,000; chained 1.1 × 127,000 / 121,000, the same 17/110', () => {
    const funds = newFile();
    const deposit = dealUnits(
      valueFile(funds, lots, '2024-01-03', prices({ X: '60' })),
      10_000,
      '2024-01-03',
    );
    const closes: Record<string, string> = { '2024-01-02': '50', '2024-01-03': '60', '2024-01-04': '66' };
    const series = dailySeries(
      [...funds, deposit],
      lots,
      Object.keys(closes),
      (_symbol, day) => new Dec(closes[day]!),
    );
    // Day 3: 1,000 × 66 + 61,000 cash = 127,000 over 110,000 units.
    expect(series.map((day) => day.aum.toString())).toEqual(['100000', '121000', '127000']);
    expect(series.map((day) => day.flow.toString())).toEqual(['100000', '11000', '0']);
    expect(unitPriceReturn(series).toFixed(12)).toBe('0.154545454545');
    expect(chainedDailyReturn(series, [...funds, deposit]).toFixed(12)).toBe('0.154545454545');
  });

  it('at a unit price that does not end: dealt at 8 decimals, cents for the amount, the unit price moved within the bound', () => {
    // 300,000 units; 1,000 Y at 100 rise to 100.01: AUM 300,010, unit price 1.0000333… → dealt at 1.00003333.
    const funds = newFile(300_000);
    const held = [aLot({ symbol: 'Y', entryPrice: new Dec('100'), quantity: 1000 })];
    const before = valueFile(funds, held, '2024-01-03', prices({ Y: '100.01' }));
    const deposit = dealUnits(before, 1000, '2024-01-03');
    expect(deposit.unitPrice.toString()).toBe('1.00003333');
    // 1,000 × 1.00003333 = 1,000.03333 → 1,000.03
    expect(deposit.amount.toString()).toBe('1000.03');
    const after = valueFile([...funds, deposit], held, '2024-01-03', prices({ Y: '100.01' }));
    // 301,010.03 / 301,000 = 1.0000333222…, 0.0000000111 below 1.0000333333…;
    // the bound is (0.005 + 1,000 × 0.000000005) / 301,000 = 0.0000000166.
    expect(after.aum.toString()).toBe('301010.03');
    expect(after.unitPrice.toFixed(10)).toBe('1.0000333223');
    expect(after.unitPrice.minus(before.unitPrice).abs().lessThan('0.0000000166')).toBe(true);
    expect(after.unitPrice.toFixed(5)).toBe(before.unitPrice.toFixed(5));
  });
});

describe('withdrawal', () => {
  // 500 Z at 100 (cost 50,000) rise to 140: long 70,000 + cash 50,000 = 120,000, unit price 1.2.
  const funds = newFile();
  const lots = [aLot({ symbol: 'Z', entryPrice: new Dec('100'), quantity: 500 })];
  const now = valueFile(funds, lots, '2024-01-03', prices({ Z: '140' }));

  it('25,000 units redeemed at 1.2 pay out $30,000; the unit price stays 1.2', () => {
    const withdrawal = dealUnits(now, -25_000, '2024-01-03');
    expect(withdrawal).toEqual({
      date: '2024-01-03',
      units: -25_000,
      unitPrice: new Dec('1.2'),
      amount: new Dec('-30000'),
    });
    expect(exact(valueFile([...funds, withdrawal], lots, '2024-01-03', prices({ Z: '140' })))).toMatchObject({
      cash: '20000',
      longValue: '70000',
      aum: '90000',
      units: 75_000,
      unitPrice: '1.2',
      invested: '70000',
    });
  });

  it.each([
    [
      'more cash than the file has: 45,000 units are $54,000, cash is $50,000',
      -45_000,
      portfolioMessages.notEnoughCash('54000.00', '50000.00'),
    ],
    ['more units than outstanding', -100_001, portfolioMessages.notEnoughUnits(100_000)],
    ['no units', 0, portfolioMessages.fundsPositive],
    ['part of a unit', 1.5, portfolioMessages.unitsWhole],
  ])('refuses %s', (_case, units, message) => {
    expect(() => dealUnits(now, units, '2024-01-03')).toThrow(new RangeError(message));
  });

  it('all the cash may go: 41,666 units at 1.2 are $49,999.20', () => {
    expect(dealUnits(now, -41_666, '2024-01-03').amount.toString()).toBe('-49999.2');
  });
});

describe('partial close: the closed part realised, the rest open', () => {
  // 100 MSFT at 400 (cost 40,000, cash 60,000); on day 2, 40 closed at 420: the lot splits in two.
  const funds = newFile();
  const open = aLot({ id: 1, symbol: 'MSFT', entryPrice: new Dec('400'), quantity: 60 });
  const closed = aLot({
    id: 2,
    symbol: 'MSFT',
    entryPrice: new Dec('400'),
    quantity: 40,
    closeDate: '2024-01-03',
    closePrice: new Dec('420'),
  });

  it('before the close both parts are open: 100 × 400', () => {
    expect(exact(valueFile(funds, [open, closed], '2024-01-02', prices({ MSFT: '400' })))).toMatchObject({
      cash: '60000',
      longValue: '40000',
      aum: '100000',
    });
  });

  it('on the close day, at 420, the file is what the whole lot was worth: 100 × 420 + 60,000', () => {
    // cash 60,000 + 40 × 420 = 76,800; open 60 × 420 = 25,200; together 102,000.
    expect(exact(valueFile(funds, [open, closed], '2024-01-03', prices({ MSFT: '420' })))).toMatchObject({
      cash: '76800',
      longValue: '25200',
      aum: '102000',
    });
    expect(
      exact(valueFile(funds, [{ ...open, quantity: 100 }], '2024-01-03', prices({ MSFT: '420' }))).aum,
    ).toBe('102000');
  });

  it('the next day at 410: 800 realised, 600 open P&L on the 60 left', () => {
    const now = valueFile(funds, [open, closed], '2024-01-04', prices({ MSFT: '410' }));
    expect(exact(now)).toMatchObject({
      cash: '76800',
      longValue: '24600',
      longCost: '24000',
      longPl: '600',
      aum: '101400',
    });
    const realised = lotFigures(closed, closed.closePrice, now.aum);
    expect(realised.value.toString()).toBe('16800');
    expect(realised.pl.toString()).toBe('800');
    expect(percent(realised.plPercent)).toBe(5);
  });
});

describe('a long, a short and cash: the allocation', () => {
  // IT: 50 AAPL at 200 and 25 MSFT at 400 (10,000 each); Health Care: 50 JNJ at 160 (8,000);
  // Energy: 100 XOM shorted at 110 (11,000 collateral); Financials: 10 JPM at 150, sold at 160 the same day.
  // Cash: 100,000 − 10,000 − 10,000 − 8,000 − 11,000 − 1,500 + 1,600 = 61,100.
  const funds = newFile();
  const lots = [
    {
      ...aLot({ id: 1, symbol: 'AAPL', entryPrice: new Dec('200'), quantity: 50 }),
      sector: 'Information Technology',
    },
    {
      ...aLot({ id: 2, symbol: 'XOM', kind: 'Short', entryPrice: new Dec('110'), quantity: 100 }),
      sector: 'Energy',
    },
    { ...aLot({ id: 3, symbol: 'JNJ', entryPrice: new Dec('160'), quantity: 50 }), sector: 'Health Care' },
    {
      ...aLot({ id: 4, symbol: 'MSFT', entryPrice: new Dec('400'), quantity: 25 }),
      sector: 'Information Technology',
    },
    {
      ...aLot({
        id: 5,
        symbol: 'JPM',
        entryPrice: new Dec('150'),
        quantity: 10,
        closeDate: '2024-01-02',
        closePrice: new Dec('160'),
      }),
      sector: 'Financials',
    },
  ];
  const at = prices({ AAPL: '210', MSFT: '420', JNJ: '150', XOM: '100', JPM: '170' });

  it('values the file: long 10,500 + 10,500 + 7,500; short 100 × (220 − 100) = 12,000; AUM 101,600', () => {
    expect(exact(valueFile(funds, lots, '2024-01-03', at))).toEqual({
      cash: '61100',
      longValue: '28500',
      longCost: '28000',
      longPl: '500',
      shortValue: '12000',
      shortCost: '11000',
      shortPl: '1000',
      aum: '101600',
      units: 100_000,
      unitPrice: '1.016',
      invested: '100000',
    });
  });

  it('slices IT, Healthcare, Energy (the spec order), then Cash; the closed Financials lot is gone', () => {
    const slices = sectorAllocation(lots, new Dec('61100'), at);
    // 21,000 / 101,600 = 20.669%; 7,500 → 7.382%; 12,000 → 11.811%; 61,100 → 60.138%.
    expect(slices.map((slice) => [slice.sector, slice.value.toString(), percent(slice.percent)])).toEqual([
      ['IT', '21000', 20.67],
      ['Healthcare', '7500', 7.38],
      ['Energy', '12000', 11.81],
      ['Cash', '61100', 60.14],
    ]);
  });

  it('a file of cash alone is one Cash slice of 100%', () => {
    expect(
      sectorAllocation([], new Dec('100000'), noPrices).map((slice) => [
        slice.sector,
        percent(slice.percent),
      ]),
    ).toEqual([['Cash', 100]]);
  });
});
