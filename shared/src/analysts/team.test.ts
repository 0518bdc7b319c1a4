import { describe, expect, it } from 'vitest';
import type { RatingOutcome } from './performance';
import { analystTeam, analystTeamDefaults, shiftMonths, type TeamCandidate, type TeamRating } from './team';

const asOf = '2026-06-30';

// The four kinds of judged rating a record is made of.
const outcomes = {
  /** Horizon ended, beat the ETF (and maybe reached its target). */
  win: { reachedTarget: false, outperformed: true, success: true, decided: true },
  /** Horizon ended, neither reached its target nor beat the ETF. */
  loss: { reachedTarget: false, outperformed: false, success: false, decided: true },
  /** Horizon ended, reached its target but trailed the ETF: a success that did not outperform. */
  lucky: { reachedTarget: true, outperformed: false, success: true, decided: true },
  /** Horizon still running, target not reached. */
  open: { reachedTarget: false, outperformed: false, success: false, decided: false },
  /** Horizon still running, target already reached: decided, a success, not (yet) outperforming. */
  early: { reachedTarget: true, outperformed: false, success: true, decided: true },
} satisfies Record<string, RatingOutcome>;
type Kind = keyof typeof outcomes;

const rating = (kind: Kind, published: string): TeamRating => ({
  published,
  outcome: outcomes[kind],
  horizonEnded: kind !== 'open' && kind !== 'early',
});

/** `n` ratings of a kind, published a year before `asOf` (judged, but not recent). */
const many = (kind: Kind, n: number, published = '2025-06-30'): TeamRating[] =>
  Array.from({ length: n }, () => rating(kind, published));

/** A recent open rating: keeps the analyst active without changing any rate. */
const active = rating('open', '2026-06-01');

const analyst = (analystId: string, ...ratings: TeamRating[][]): TeamCandidate => ({
  analystId,
  ratings: [...ratings.flat(), active],
});

describe('who makes the analyst team of a sector', () => {
  it.each<[string, TeamCandidate[], string[]]>([
    ['four decided wins are enough', [analyst('A', many('win', 4))], ['A']],
    ['three decided ratings are too few, whatever their result', [analyst('A', many('win', 3))], []],
    [
      'open ratings count for neither the rate nor the threshold',
      [analyst('A', many('win', 3), many('open', 5))],
      [],
    ],
    ['a success rate of exactly 70% qualifies', [analyst('A', many('win', 7), many('loss', 3))], ['A']],
    ['a success rate of 60% does not', [analyst('A', many('win', 6), many('loss', 4))], []],
    [
      'successes that only touched their target do not make an outperformer (8/10 succeed, 5/10 outperform)',
      [analyst('A', many('win', 5), many('lucky', 3), many('loss', 2))],
      [],
    ],
    [
      'an outperform rate of exactly 60% qualifies (8/10 succeed, 6/10 outperform)',
      [analyst('A', many('win', 6), many('lucky', 2), many('loss', 2))],
      ['A'],
    ],
    [
      'targets reached early count as successes; outperformance is judged on ended horizons only',
      [analyst('A', many('win', 3), many('early', 2))],
      ['A'],
    ],
    [
      'an analyst silent in the sector for more than 3 months is left out',
      [{ analystId: 'A', ratings: many('win', 10, '2026-03-30') }],
      [],
    ],
    [
      'one rating within the last 3 months keeps an analyst in',
      [{ analystId: 'A', ratings: many('win', 10, '2026-03-31') }],
      ['A'],
    ],
    [
      'ratings older than 3 years are not judged (a bad record long ago is forgiven)',
      [analyst('A', many('loss', 20, '2023-06-30'), many('win', 4))],
      ['A'],
    ],
    [
      '…and a good record long ago does not carry an analyst',
      [analyst('A', many('win', 20, '2023-06-30'), many('loss', 4))],
      [],
    ],
    [
      'ratings of the first day inside the 3 years count',
      [analyst('A', many('win', 4, '2023-07-01'))],
      ['A'],
    ],
    ['ratings published after the as-of day are ignored', [analyst('A', many('win', 4, '2026-07-01'))], []],
    [
      'members rank by success rate, then outperform rate, then decided ratings, then id',
      [
        analyst('low', many('win', 7), many('loss', 3)), // 70%
        analyst('best', many('win', 9), many('loss', 1)), // 90%
        analyst('lucky', many('win', 7), many('lucky', 2), many('loss', 1)), // 90%, outperform 70%
        analyst('fewer', many('win', 4)), // 100% of 4
        analyst('more', many('win', 8)), // 100% of 8
        analyst('b-tie', many('win', 8)), // 100% of 8: id breaks the tie
      ],
      ['b-tie', 'more', 'fewer', 'best', 'lucky', 'low'],
    ],
  ])('%s', (_name, candidates, expected) => {
    expect(analystTeam(candidates, asOf).map((member) => member.analystId)).toEqual(expected);
  });

  it('holds 15 analysts at most, the best ones', () => {
    const candidates = Array.from({ length: 20 }, (_, i) =>
      analyst(`A${String(i).padStart(2, '0')}`, many('win', 10 + i)),
    );
    const team = analystTeam(candidates, asOf);
    expect(team).toHaveLength(15);
    expect(team[0]).toMatchObject({ analystId: 'A19', rank: 1, decided: 29 });
    expect(team[14]).toMatchObject({ analystId: 'A05', rank: 15 });
  });

  it("reports each member's rates over the look-back and the grade of the success rate", () => {
    const [member] = analystTeam([analyst('A', many('win', 6), many('lucky', 2), many('loss', 2))], asOf);
    expect(member).toEqual({
      analystId: 'A',
      rank: 1,
      successRate: 0.8,
      outperformRate: 0.6,
      decided: 10,
      grade: 7,
    });
  });

  it('takes other parameters in place of the defaults', () => {
    const candidates = [analyst('A', many('win', 3), many('loss', 2)), analyst('B', many('win', 2))];
    expect(analystTeam(candidates, asOf).map((m) => m.analystId)).toEqual([]);
    const lenient = { ...analystTeamDefaults, minDecided: 2, minSuccessRate: 0.6, minOutperformRate: 0.5 };
    expect(analystTeam(candidates, asOf, lenient).map((m) => m.analystId)).toEqual(['B', 'A']);
    expect(analystTeam(candidates, asOf, { ...lenient, maxSize: 1 }).map((m) => m.analystId)).toEqual(['B']);
  });

  it('has the defaults of spec 002 §9, in their order', () => {
    expect(Object.values(analystTeamDefaults)).toEqual([15, 3, 3, 4, 0.7, 0.6]);
  });
});

describe('moving a date by months', () => {
  it.each([
    ['2026-06-30', -3, '2026-03-30'],
    ['2026-05-31', -3, '2026-02-28'],
    ['2024-05-31', -3, '2024-02-29'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-06-30', -36, '2023-06-30'],
    ['2025-12-31', 2, '2026-02-28'],
  ] as const)('%s moved by %i months is %s', (date, months, expected) => {
    expect(shiftMonths(date, months)).toBe(expected);
  });
});
