import { describe, expect, it } from 'vitest';
import {
  addableFields,
  applyRangeType,
  parseBound,
  rangeProblem,
  rangeTypeOf,
  type RangeType,
} from './rangeType';

describe('filter range type (spec 000 §4)', () => {
  it.each<[RangeType, number | null, number | null]>([
    ['greater', 2000, null],
    ['less', null, 2.5],
    ['between', 2000, 2.5],
  ])('%s keeps only the values it uses', (type, min, max) => {
    expect(applyRangeType(type, { min: 2000, max: 2.5 })).toEqual({ min, max });
  });

  it.each<[number | null, number | null, RangeType]>([
    [2000, null, 'greater'],
    [null, 3, 'less'],
    [0.5, 2.5, 'between'],
    [null, null, 'greater'],
  ])('a stored screener of min %s and max %s reads as %s', (min, max, type) => {
    expect(rangeTypeOf({ min, max })).toBe(type);
  });

  it.each<[RangeType, number | null, number | null, string | null]>([
    ['greater', 10, null, null],
    ['greater', null, 10, 'Enter a from value'],
    ['less', null, 10, null],
    ['less', 5, null, 'Enter a to value'],
    ['between', 1, 2, null],
    ['between', 3, 2, 'From must not be above To'],
    ['between', null, 2, 'Enter a from value'],
    // The bound a type drops is not checked: greater than 5 with a leftover to of 1 is fine.
    ['greater', 5, 1, null],
  ])('%s with from %s and to %s: %s', (type, min, max, problem) => {
    expect(rangeProblem(type, { min, max })).toBe(problem);
  });

  it('reads typed bounds, empty or not a number being none', () => {
    expect(parseBound(' 2000 ')).toBe(2000);
    expect(parseBound('0.5')).toBe(0.5);
    expect(parseBound('')).toBeNull();
    expect(parseBound('abc')).toBeNull();
  });
});

describe('the add-filter list (spec 000 §5)', () => {
  const all = ['market_val', 'beta', 'pe_ratio_12m', 'avg_vol_20d', 'indexes', 'peg_ratio', 'upside'];

  it('hides filters already used, except pe_ratio_12m, avg_vol_20d, indexes and peg_ratio', () => {
    const used = ['market_val', 'beta', 'pe_ratio_12m', 'avg_vol_20d', 'indexes', 'peg_ratio'];
    expect(addableFields(all, used)).toEqual([
      'pe_ratio_12m',
      'avg_vol_20d',
      'indexes',
      'peg_ratio',
      'upside',
    ]);
  });

  it('offers every filter to a sector without any', () => {
    expect(addableFields(all, [])).toEqual(all);
  });
});
