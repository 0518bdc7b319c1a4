import { addPositionsBodySchema, type Position } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import {
  canSave,
  dateProblem,
  defaultEntryDate,
  editLine,
  itemOf,
  lineOfPosition,
  lineReady,
  newLine,
  priceInput,
  quantityForValue,
  quantityInput,
  symbolInput,
  valueDisabled,
  valueOf,
  withLastPrice,
  type DateBounds,
  type PositionLine,
} from './lines';

// 2026-03-06 is a Friday; 03-07/08 the weekend; 04-03 Good Friday (NYSE closed).
const bounds: DateBounds = { min: '2026-03-02', max: '2026-03-10' };
const ready = (overrides: Partial<PositionLine> = {}) =>
  newLine({
    symbol: 'AAPL',
    mark: 'valid',
    date: '2026-03-06',
    price: '200.50',
    quantity: '10',
    ...overrides,
  });

describe('what the position fields accept as they are typed (spec 002 §5)', () => {
  it.each([
    ['aapl', 'AAPL'],
    ['brk.b', 'BRKB'],
    ['  ms ft1 ', 'MSFT'],
    ['', ''],
  ])('symbol %j becomes %j: letters only, upper-cased', (typed, kept) => {
    expect(symbolInput(typed)).toBe(kept);
  });

  it.each([
    ['1,000', '1000'],
    ['12a3', '123'],
    ['-5', '5'],
    ['123456789', '12345678'],
  ])('quantity %j becomes %j: digits, commas stripped, 8 at most', (typed, kept) => {
    expect(quantityInput(typed)).toBe(kept);
  });

  it.each([
    ['12.34', '12.3', '12.34'],
    ['12.345', '12.34', '12.34'],
    ['1,234.5', '', '1234.5'],
    ['abc', '7', '7'],
    ['.5', '', '.5'],
  ])('price %j after %j is %j: at most two decimals', (typed, previous, kept) => {
    expect(priceInput(typed, previous)).toBe(kept);
  });
});

describe('the value of a line', () => {
  it.each([
    ['10', '200.5', '2005.00'],
    ['3', '0.1', '0.30'],
    ['99999999', '999.99', '99998999000.01'],
    ['', '10', ''],
    ['5', '', ''],
  ])('quantity %s at %s is worth %j, to the cent', (quantity, price, value) => {
    expect(valueOf(quantity, price)).toBe(value);
  });

  it('sets the quantity when the value is edited (rounded to whole shares)', () => {
    const line = editLine(ready({ price: '30', quantity: '' }), 'value', '1000');
    expect(line.quantity).toBe('33');
    expect(line.value).toBe('1000');
    expect(quantityForValue('1000', '30')).toBe(33);
    expect(quantityForValue('1000', '0')).toBeNull();
  });

  it('keeps value in step when quantity or price change', () => {
    const line = editLine(editLine(ready(), 'quantity', '1,200'), 'price', '2.5');
    expect(line.quantity).toBe('1200');
    expect(line.value).toBe('3000.00');
  });

  it.each([
    ['', true],
    ['0', true],
    ['0.00', true],
    ['0.01', false],
  ])('with the price %j the value field disabled is %s', (price, disabled) => {
    const line = ready({ price });
    expect(valueDisabled(line)).toBe(disabled);
    if (disabled) expect(editLine(line, 'value', '100')).toBe(line);
  });
});

describe('the symbol mark', () => {
  it('turns a typed symbol to checking, then green with the last price filled in', () => {
    const typed = editLine(newLine({ date: '2026-03-06', quantity: '4' }), 'symbol', 'msft');
    expect(typed).toMatchObject({ symbol: 'MSFT', mark: 'checking' });
    const priced = withLastPrice(typed, 'MSFT', 412.345);
    expect(priced).toMatchObject({ mark: 'valid', price: '412.35', value: '1649.40' });
  });

  it('keeps a price the user typed', () => {
    const line = withLastPrice(ready({ symbol: 'MSFT', mark: 'checking', price: '400' }), 'MSFT', 412);
    expect(line.price).toBe('400');
  });

  it('turns red when the market has no price, and ignores an answer for a symbol typed over', () => {
    const line = ready({ symbol: 'ZZZZ', mark: 'checking' });
    expect(withLastPrice(line, 'ZZZZ', null).mark).toBe('invalid');
    expect(withLastPrice(line, 'ZZZ', 5)).toBe(line);
  });
});

describe('the entry date (trading days between the last deposit and today)', () => {
  it.each([
    ['2026-03-06', null],
    ['2026-03-02', null],
    ['2026-03-07', 'Choose a trading day'],
    ['2026-03-01', 'Date cannot be before the last deposit'],
    ['2026-03-11', 'Date cannot be after today'],
    ['', 'Choose a date'],
  ])('%j: %s', (date, problem) => {
    expect(dateProblem(date, bounds)).toBe(problem);
  });

  it.each([
    ['a trading day: today', { min: null, max: '2026-03-06' }, '2026-03-06'],
    ['a Sunday: the Friday before', { min: null, max: '2026-03-08' }, '2026-03-06'],
    ['Easter Monday: Thursday (Good Friday is closed)', { min: null, max: '2026-04-06' }, '2026-04-06'],
    ['Good Friday: the Thursday', { min: '2026-03-02', max: '2026-04-03' }, '2026-04-02'],
    ['a deposit on Saturday, today Sunday: Monday', { min: '2026-03-07', max: '2026-03-08' }, '2026-03-09'],
  ])('a new line starts on %s', (_case, dayBounds, date) => {
    expect(defaultEntryDate(dayBounds)).toBe(date);
  });

  it('has no lower bound when the last deposit is unknown', () => {
    expect(dateProblem('2020-03-02', { min: null, max: '2026-03-10' })).toBeNull();
  });
});

describe('when Save is enabled (spec 002 §4)', () => {
  it.each<[string, Partial<PositionLine>, boolean]>([
    ['a complete line', {}, true],
    ['no symbol', { symbol: '', mark: null }, false],
    ['a red symbol', { mark: 'invalid' }, false],
    ['a symbol still being looked up', { mark: 'checking' }, false],
    ['no price', { price: '' }, false],
    ['a zero price', { price: '0' }, false],
    ['a price that is just a dot', { price: '.' }, false],
    ['no quantity', { quantity: '' }, false],
    ['a zero quantity', { quantity: '0' }, false],
    ['a weekend date', { date: '2026-03-07' }, false],
  ])('%s: %s', (_case, overrides, expected) => {
    expect(lineReady(ready(overrides), bounds)).toBe(expected);
  });

  it('needs every line ready, and at least one line', () => {
    expect(canSave([ready(), ready({ symbol: 'MSFT' })], bounds)).toBe(true);
    expect(canSave([ready(), ready({ mark: 'invalid' })], bounds)).toBe(false);
    expect(canSave([], bounds)).toBe(false);
  });
});

describe('the items sent', () => {
  it('are what the contract accepts, with the id of an edited position', () => {
    const position = {
      id: 42,
      symbol: 'TSLA',
      pos_type: 'Short',
      entry_date: { date: '2026-03-03' },
      entry: 180.256,
      quantity: -15,
      notes: 'hedge',
    } as Position;
    const edited = lineOfPosition(position);
    expect(edited).toMatchObject({ posId: 42, type: 'Sell', price: '180.26', quantity: '15', mark: 'valid' });
    const body = addPositionsBodySchema.parse({
      portfolio_id: 7,
      items: [itemOf(edited), itemOf(ready({ notes: '  first buy ' }))],
    });
    expect(body.items).toEqual([
      {
        id: 42,
        type: 'Sell',
        symbol: 'TSLA',
        date: '2026-03-03',
        price: '180.26',
        quantity: 15,
        notes: 'hedge',
      },
      { type: 'Buy', symbol: 'AAPL', date: '2026-03-06', price: '200.50', quantity: 10, notes: 'first buy' },
    ]);
  });
});
