import { portfolioMessages } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import {
  checkCloseLine,
  closeDateProblem,
  closeSaveEnabled,
  defaultCloseLine,
  futureActionCap,
  futureDateProblem,
  futureQuantityProblem,
  fundsOf,
  fundsProblem,
  typingPrice,
  typingWhole,
} from './rules';
import { aPosition } from './factories';

// Wednesday 2026-03-11; 2026-03-07/08 a weekend.
const today = '2026-03-11';

describe('closing a position (spec 001 §5)', () => {
  it.each([
    ['a trading day between the entry and today', '2026-03-10', null],
    ['today', today, null],
    ['the entry day', '2026-03-02', null],
    ['a Saturday', '2026-03-07', portfolioMessages.dateTradingDay],
    ['tomorrow', '2026-03-12', portfolioMessages.dateFuture],
    ['before the entry', '2026-02-27', 'Date cannot be before the entry (2026-03-02)'],
    ['not a date', '2026-13-40', portfolioMessages.dateFormat],
  ])('close date on %s', (_case, day, problem) => {
    expect(closeDateProblem(day, today, '2026-03-02')).toBe(problem);
  });

  it.each([
    ['12', true],
    ['12.5', true],
    ['12.55', true],
    ['12.555', false],
    ['.', true],
    ['1.2.3', false],
    ['abc', false],
  ])('the price input takes %s while typing: %s', (text, accepted) => {
    expect(typingPrice(text)).toBe(accepted);
  });

  it('strips commas and anything but digits from a quantity as it is typed', () => {
    expect(typingWhole('1,000')).toBe('1000');
    expect(typingWhole('-5.5')).toBe('55');
  });

  it.each([
    ['the whole quantity', { quantity: '10' }, { quantity: null, skipped: false }],
    ['part of it', { quantity: '4' }, { quantity: null, skipped: false }],
    ['none of it (the row stays open)', { quantity: '0' }, { quantity: null, skipped: true }],
    ['more than open', { quantity: '11' }, { quantity: portfolioMessages.closeTooMany('AAPL', 10) }],
    ['nothing typed', { quantity: '' }, { quantity: portfolioMessages.quantityWhole }],
  ])('quantity: %s', (_case, patch, expected) => {
    const position = aPosition();
    const check = checkCloseLine({ ...defaultCloseLine(position, today), ...patch }, position, today);
    expect(check).toMatchObject(expected);
  });

  it.each([
    ['just a dot', '.', 'Enter a close price'],
    ['empty', '', 'Enter a close price'],
    ['zero', '0', portfolioMessages.pricePositive],
    ['three decimals', '1.234', portfolioMessages.priceFormat],
    ['two decimals', '1.23', null],
  ])('price: %s', (_case, price, problem) => {
    const position = aPosition();
    expect(checkCloseLine({ ...defaultCloseLine(position, today), price }, position, today).price).toBe(
      problem,
    );
  });

  it('defaults to the last price in cents, the whole quantity and today', () => {
    expect(defaultCloseLine(aPosition({ quantity: 7 }), today)).toEqual({
      price: '210.46',
      quantity: '7',
      date: today,
      notes: '',
    });
  });

  it('defaults a weekend today to the Friday before', () => {
    expect(defaultCloseLine(aPosition(), '2026-03-08').date).toBe('2026-03-06');
  });

  it('enables Save only when every row is valid and one of them closes something', () => {
    const position = aPosition();
    const line = defaultCloseLine(position, today);
    const good = checkCloseLine(line, position, today);
    const open = checkCloseLine({ ...line, quantity: '0' }, position, today);
    const bad = checkCloseLine({ ...line, price: '.' }, position, today);
    expect(closeSaveEnabled([good, open])).toBe(true);
    expect(closeSaveEnabled([open, open])).toBe(false);
    expect(closeSaveEnabled([good, bad])).toBe(false);
  });
});

describe('a future action (spec 001 §5)', () => {
  const positions = [
    aPosition({ id: 1, quantity: 10 }),
    aPosition({ id: 2, quantity: 5 }),
    aPosition({ id: 3, quantity: 7, pos_type: 'Short' }),
    aPosition({ id: 4, symbol: 'MSFT', quantity: 100 }),
  ];

  it('caps the quantity at the open quantity of the same symbol and type', () => {
    expect(futureActionCap(positions, 'AAPL', 'Long')).toBe(15);
    expect(futureActionCap(positions, 'AAPL', 'Short')).toBe(7);
    expect(futureActionCap(positions, 'NVDA', 'Long')).toBe(0);
  });

  it.each([
    ['above 0 and within the cap', '15', null],
    ['0', '0', portfolioMessages.quantityMin],
    ['above the cap', '16', portfolioMessages.futureActionTooMany(15)],
    ['not a number', 'x', portfolioMessages.quantityWhole],
  ])('quantity %s', (_case, text, problem) => {
    expect(futureQuantityProblem(text, 15)).toBe(problem);
  });

  it.each([
    ['today', today, null],
    ['a later trading day', '2026-03-20', null],
    ['yesterday', '2026-03-10', portfolioMessages.datePast],
    ['a Sunday ahead', '2026-03-15', portfolioMessages.dateTradingDay],
  ])('date %s', (_case, day, problem) => {
    expect(futureDateProblem(day, today)).toBe(problem);
  });
});

describe('setting funds (spec 001 §5)', () => {
  it('makes funds of units times the unit price, live', () => {
    expect(fundsOf('1,000', 1.23456)).toEqual({ units: 1000, funds: 1234.56 });
    expect(fundsOf('', 1)).toEqual({ units: null, funds: null });
  });

  it.each([
    ['whole units', '100', 1, undefined, null],
    ['no units', '0', 1, undefined, portfolioMessages.fundsPositive],
    ['a fraction', '1.5', 1, undefined, portfolioMessages.unitsWhole],
    ['negative units', '-1', 1, undefined, portfolioMessages.unitsWhole],
    ['a withdrawal beyond the units', '101', 1, 100, portfolioMessages.notEnoughUnits(100)],
  ])('%s', (_case, units, price, max, problem) => {
    expect(fundsProblem(units, price, max)).toBe(problem);
  });
});
