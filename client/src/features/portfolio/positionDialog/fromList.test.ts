import { portfolioMessages } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { fromListProblem, parseSymbols, parseTotal, splitTotal } from './fromList';

describe('the symbols of From List (spec 002 §5)', () => {
  it.each([
    ['AAPL, msft\nNVDA', ['AAPL', 'MSFT', 'NVDA']],
    ['aapl;aapl  AAPL/msft', ['AAPL', 'MSFT']],
    [' , \n ', []],
    ['', []],
    ['BRK.B', ['BRK', 'B']],
  ])('%j gives %j: split on non-word characters, de-duplicated', (text, symbols) => {
    expect(parseSymbols(text)).toEqual(symbols);
  });
});

describe('the total value', () => {
  it.each([
    ['10000', 10_000],
    ['10,000.50', 10_000.5],
    ['$ 2500', 2500],
    ['0', null],
    ['', null],
    ['-5', null],
    ['abc', null],
  ])('%j reads as %s', (text, total) => {
    expect(parseTotal(text)).toBe(total);
  });
});

describe('what stops Next (spec 002 §8)', () => {
  it.each([
    [[], 1000, portfolioMessages.invalidSymbols],
    [[], null, portfolioMessages.invalidSymbols],
    [['AAPL'], null, portfolioMessages.invalidTotal],
    [['AAPL'], 1000, null],
  ])('symbols %j and total %s: %s', (symbols, total, problem) => {
    expect(fromListProblem(symbols, total)).toBe(problem);
  });
});

describe('splitting the total (spec 002 §4 "From-list flow")', () => {
  it('drops symbols without a price and splits the total equally among the rest', () => {
    const lines = splitTotal(
      [
        { symbol: 'AAPL', price: 200 },
        { symbol: 'ZZZZ', price: null },
        { symbol: 'MSFT', price: 300.004 },
        { symbol: 'PENNY', price: 0.001 },
      ],
      30_000,
      { date: '2026-03-06' },
    );
    expect(lines.map((line) => [line.symbol, line.price, line.quantity, line.value])).toEqual([
      ['AAPL', '200', '75', '15000.00'],
      ['MSFT', '300', '50', '15000.00'],
    ]);
    expect(lines.every((line) => line.mark === 'valid' && line.type === 'Buy')).toBe(true);
    expect(new Set(lines.map((line) => line.key)).size).toBe(2);
  });

  it('rounds each quantity to the nearest whole share', () => {
    const lines = splitTotal(
      [
        { symbol: 'A', price: 33 },
        { symbol: 'B', price: 7 },
        { symbol: 'C', price: 1000 },
      ],
      1000,
      { date: '2026-03-06', type: 'Sell' },
    );
    // 333.33 each: 10.1 -> 10, 47.6 -> 48, 0.33 -> 0 (that line then needs a quantity before saving).
    expect(lines.map((line) => line.quantity)).toEqual(['10', '48', '0']);
    expect(lines.every((line) => line.type === 'Sell')).toBe(true);
  });

  it('gives no lines when no symbol has a price', () => {
    expect(splitTotal([{ symbol: 'ZZZZ', price: null }], 1000, { date: '2026-03-06' })).toEqual([]);
  });
});
