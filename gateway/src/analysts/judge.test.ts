import { ratingHorizonTradingDays } from '@insight/shared/analysts/performance';
import { tradingDaysBetween } from '@insight/shared/market/calendar';
import { describe, expect, it } from 'vitest';
import { judgeRating, type CloseSeries, type RatingFacts } from './judge';

const days = tradingDaysBetween('2024-01-02', '2024-12-31').slice(0, 140);
const series = (close: (day: number) => number, keep: (day: number) => boolean = () => true): CloseSeries => {
  const kept = days.map((_, i) => i).filter(keep);
  return { dates: kept.map((i) => days[i]!), closes: kept.map(close) };
};
const buy: RatingFacts = {
  id: 'R1',
  analystId: 'A1',
  symbol: 'STK',
  sector: 'Energy',
  rating: 'buy',
  publishedAt: new Date(`${days[0]}T20:00:00Z`),
  publishedDay: days[0]!,
  entryPrice: 100,
  target: 150,
};

/** The stock gains 10% at once; the ETF stays flat: a buy that beat its sector, short of its target. */
const stock = series((i) => (i === 0 ? 100 : 110));
const flatEtf = series(() => 100);

describe('judging a rating over stored closes that may have gaps', () => {
  it.each<[string, CloseSeries, CloseSeries | undefined, boolean, string | null]>([
    ['both series complete: judged against the ETF', stock, flatEtf, true, days[126]!],
    [
      'the stock lacks a day the ETF has: days are matched by date, the horizon runs one day later',
      series(
        (i) => (i === 0 ? 100 : 110),
        (i) => i !== 50,
      ),
      flatEtf,
      true,
      days[127]!,
    ],
    [
      'the ETF lacks a day inside the horizon: not judged against the sector, still open',
      stock,
      series(
        () => 100,
        (i) => i !== 50,
      ),
      false,
      days[126]!,
    ],
    [
      'the ETF has no close on or before the publication day: still open',
      stock,
      series(
        () => 100,
        (i) => i > 0,
      ),
      false,
      days[126]!,
    ],
    ['no ETF for the sector: still open', stock, undefined, false, days[126]!],
  ])('%s', (_name, stockSeries, etfSeries, decided, targetDate) => {
    const judged = judgeRating(buy, stockSeries, etfSeries);
    expect(judged.targetDate).toBe(targetDate);
    expect(judged.outcome).toEqual({
      reachedTarget: false,
      outperformed: decided,
      success: decided,
      decided,
    });
  });

  it('without stored closes after publication, a rating is open and has no target date', () => {
    const judged = judgeRating({ ...buy, publishedDay: days[139]! }, stock, flatEtf);
    expect(judged.targetDate).toBeNull();
    expect(judged.outcome.decided).toBe(false);
  });

  it('looks at the horizon only', () => {
    expect(ratingHorizonTradingDays).toBe(126);
    const late = series((i) => (i <= 126 ? 100 : 200));
    expect(judgeRating(buy, late, flatEtf).outcome.reachedTarget).toBe(false);
  });
});
