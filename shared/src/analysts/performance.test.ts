import { describe, expect, it } from 'vitest';
import { gradeLabel, gradeOf, ratingHorizonTradingDays, ratingOutcome, successRate } from './performance';

const flat = (value: number, days = ratingHorizonTradingDays) => Array.from({ length: days }, () => value);

describe('judging one rating over its horizon', () => {
  it.each([
    // rating, entry, target, stock closes, etf closes, reached, outperformed, success, decided
    [
      'buy reaching its target',
      'buy',
      100,
      110,
      [...flat(105, 60), ...flat(111, 66)],
      flat(100),
      true,
      true,
      true,
      true,
    ],
    [
      'buy short of target but beating the ETF',
      'buy',
      100,
      130,
      flat(108),
      flat(102),
      false,
      true,
      true,
      true,
    ],
    [
      'buy short of target and behind the ETF',
      'buy',
      100,
      130,
      flat(101),
      flat(105),
      false,
      false,
      false,
      true,
    ],
    [
      'sell reaching its target',
      'sell',
      100,
      90,
      [...flat(95, 100), ...flat(89, 26)],
      flat(100),
      true,
      true,
      true,
      true,
    ],
    ['sell while the stock beat the ETF', 'sell', 100, 80, flat(104), flat(101), false, false, false, true],
    ['open buy already at target', 'buy', 100, 105, flat(106, 10), flat(100, 10), true, false, true, true],
    ['open buy not yet at target', 'buy', 100, 120, flat(106, 10), flat(100, 10), false, false, false, false],
  ] as const)(
    '%s',
    (_name, rating, entry, target, closes, etfCloses, reached, outperformed, success, decided) => {
      expect(ratingOutcome({ rating, entryPrice: entry, target, closes, etfEntry: 100, etfCloses })).toEqual({
        reachedTarget: reached,
        outperformed,
        success,
        decided,
      });
    },
  );

  it('looks no further than the horizon', () => {
    const closes = [...flat(100), 200];
    expect(
      ratingOutcome({
        rating: 'buy',
        entryPrice: 100,
        target: 150,
        closes,
        etfEntry: 100,
        etfCloses: [...flat(100), 100],
      }).reachedTarget,
    ).toBe(false);
  });
});

describe('success rate and grade', () => {
  it('counts decided ratings only', () => {
    const win = { reachedTarget: true, outperformed: false, success: true, decided: true };
    const loss = { reachedTarget: false, outperformed: false, success: false, decided: true };
    const open = { reachedTarget: false, outperformed: false, success: false, decided: false };
    expect(successRate([win, loss, open, open])).toBe(0.5);
    expect(successRate([open])).toBeNull();
  });

  it.each([
    [0, 1, 'C+'],
    [0.399, 1, 'C+'],
    [0.4, 2, 'B-'],
    [0.5, 3, 'B'],
    [0.58, 4, 'B+'],
    [0.65, 5, 'A-'],
    [0.72, 6, 'A'],
    [0.8, 7, 'A+'],
    [1, 7, 'A+'],
  ])('a success rate of %s is grade %s (%s)', (rate, grade, label) => {
    expect(gradeOf(rate)).toBe(grade);
    expect(gradeLabel(grade)).toBe(label);
  });
});
