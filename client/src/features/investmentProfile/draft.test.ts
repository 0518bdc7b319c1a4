import type { ProfileSector, Screener } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { afterSave, countableValues, draftProblem, draftValues, isDirty, newDraft, toDraft } from './draft';

const screener = (overrides: Partial<Screener>): Screener => ({
  id: 1,
  field: 'market_val',
  minVal: 2000,
  maxVal: null,
  selector: null,
  multi_selector: null,
  pos_type: null,
  ...overrides,
});

const sector = (screeners: Screener[]): ProfileSector => ({
  id: 7,
  name: 'Energy',
  sector_ref_id: 8,
  size: 100000,
  vts_percentage: null,
  svts_percentage: null,
  val: null,
  symbol: 'XLE',
  stoploss: 10,
  target_percentage: null,
  ratings_to_copy: null,
  up_down_ratio: 1,
  sp_500_only: false,
  logic: 0,
  strategies: [],
  target_amount: 0.5,
  screeners,
  svg: null,
  portfolioSize: null,
  team: [],
  team_built_at: null,
});

describe('a filter card', () => {
  it('reads the default filters as greater than 2000 and between 0.5 and 2.5', () => {
    expect(toDraft(screener({})).rangeType).toBe('greater');
    const beta = toDraft(screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 }));
    expect(beta).toMatchObject({ rangeType: 'between', from: '0.5', to: '2.5' });
  });

  it('sends only the bound its range type keeps', () => {
    const beta = toDraft(screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 }));
    expect(draftValues({ ...beta, rangeType: 'less' })).toMatchObject({ minVal: null, maxVal: 2.5 });
    expect(draftValues({ ...beta, rangeType: 'greater' })).toMatchObject({ minVal: 0.5, maxVal: null });
  });

  it('is dirty once its values differ from the stored screener, and clean again when they match', () => {
    const stored = screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 });
    const card = toDraft(stored);
    expect(isDirty(card, stored)).toBe(false);
    expect(isDirty({ ...card, to: '3' }, stored)).toBe(true);
    expect(isDirty({ ...card, to: '2.50' }, stored)).toBe(false);
    expect(isDirty({ ...card, rangeType: 'greater' }, stored)).toBe(true);
  });

  it.each([
    ['a number that is not one', { from: '1e', rangeType: 'greater' as const }, 'From must be a number'],
    ['from above to', { from: '5', to: '1', rangeType: 'between' as const }, 'From must not be above To'],
    ['a missing to', { from: '5', to: '', rangeType: 'less' as const }, 'Enter a to value'],
  ])('cannot be saved with %s', (_case, change, problem) => {
    expect(draftProblem({ ...newDraft('beta'), ...change })).toBe(problem);
  });

  it('of a choice field needs a bucket, of the index field an index', () => {
    const pe = newDraft('pe_ratio_12m');
    expect(pe.mode).toBe('buckets');
    expect(draftProblem(pe)).not.toBeNull();
    expect(draftProblem({ ...pe, buckets: ['0-20'] })).toBeNull();
    expect(draftValues({ ...pe, buckets: ['0-20'] }).multi_selector).toEqual(['0-20']);
    const index = newDraft('indexes');
    expect(draftProblem(index)).not.toBeNull();
    expect(draftProblem({ ...index, selector: 'S&P 500' })).toBeNull();
  });

  it('leaves out of counts and previews the cards that could not be saved', () => {
    const ok = toDraft(screener({}));
    const broken = { ...newDraft('beta'), from: '3', to: '1', rangeType: 'between' as const };
    expect(countableValues([ok, broken]).map((v) => v.field)).toEqual(['market_val']);
  });
});

describe('after a save', () => {
  it('shows the saved card as stored and keeps the other cards’ unsaved edits', () => {
    const market = toDraft(screener({}));
    const beta = { ...toDraft(screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 })), to: '9' };
    const upside = { ...newDraft('upside'), from: '10' };
    const answer = sector([
      screener({}),
      screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 }),
      screener({ id: 3, field: 'upside', minVal: 10 }),
    ]);
    const next = afterSave([market, beta, upside], upside.key, answer);
    expect(next.map((d) => [d.field, d.id])).toEqual([
      ['market_val', 1],
      ['beta', 2],
      ['upside', 3],
    ]);
    expect(next[1]!.to).toBe('9');
  });

  it('drops the cards of screeners the server no longer has, but not unsaved ones', () => {
    const market = toDraft(screener({}));
    const beta = toDraft(screener({ id: 2, field: 'beta', minVal: 0.5, maxVal: 2.5 }));
    const fresh = newDraft('last_price');
    const next = afterSave([market, beta, fresh], '', sector([screener({})]));
    expect(next.map((d) => d.field)).toEqual(['market_val', 'last_price']);
  });
});
