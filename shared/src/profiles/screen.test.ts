import { describe, expect, it } from 'vitest';
import { passesScreener, screenCounts, type ScreenValues } from './screen';

const stock = (overrides: Partial<ScreenValues> = {}): ScreenValues => ({
  symbol: 'AAA',
  market_val: 5000,
  beta: 1.2,
  last_price: 50,
  avg_vol_20d: 1_000_000,
  peg_ratio: 1.5,
  pe_ratio_12m: 25,
  dividend_yield: 3,
  indexes: ['S&P 500'],
  above_ma50: true,
  upside: 12.5,
  ...overrides,
});
const rule = (
  r: Partial<Parameters<typeof passesScreener>[1]> & { field: Parameters<typeof passesScreener>[1]['field'] },
) => ({
  minVal: null,
  maxVal: null,
  selector: null,
  multi_selector: null,
  ...r,
});

describe('a profile sector’s screeners (spec 000 §3, §5)', () => {
  it.each([
    ['greater than keeps only the minimum', rule({ field: 'market_val', minVal: 2000 }), true],
    ['less than keeps only the maximum', rule({ field: 'market_val', maxVal: 2000 }), false],
    ['between keeps both, inclusive', rule({ field: 'beta', minVal: 0.5, maxVal: 1.2 }), true],
    ['a choice bucket: PEG 1 to 2', rule({ field: 'peg_ratio', multi_selector: ['1-2'] }), true],
    ['a choice bucket: P/E >80 only', rule({ field: 'pe_ratio_12m', multi_selector: ['gt80'] }), false],
    [
      'a choice bucket: dividend 2% to 5% or >10%',
      rule({ field: 'dividend_yield', multi_selector: ['2-5', 'gt10'] }),
      true,
    ],
    ['an index', rule({ field: 'indexes', selector: 'S&P 500' }), true],
    ['another index', rule({ field: 'indexes', selector: 'NASDAQ 100' }), false],
    ['above the 50-day average: yes', rule({ field: 'moving_ave_50', selector: 'yes' }), true],
    ['above the 50-day average: no', rule({ field: 'moving_ave_50', selector: 'no' }), false],
    ['upside to three decimals', rule({ field: 'upside', minVal: 12.501 }), false],
  ])('%s', (_name, screener, passes) => {
    expect(passesScreener(stock(), screener)).toBe(passes);
  });

  it('a missing figure fails the screener', () => {
    expect(passesScreener(stock({ beta: null }), rule({ field: 'beta', minVal: 0 }))).toBe(false);
  });

  it('counts per field and in all', () => {
    const stocks = [stock(), stock({ symbol: 'B', beta: 3 }), stock({ symbol: 'C', market_val: 100 })];
    expect(
      screenCounts(stocks, [
        rule({ field: 'market_val', minVal: 2000 }),
        rule({ field: 'beta', minVal: 0.5, maxVal: 2.5 }),
      ]),
    ).toEqual({ total: 3, total_passed: 1, market_val: 2, beta: 2 });
  });
});
