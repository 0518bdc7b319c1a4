import { ratingHorizonTradingDays } from '@insight/shared/analysts/performance';
import type { UpstreamRating } from '@insight/shared/upstream/contract';
import type { SimAnalyst } from './analysts';
import { type PricePaths, sessionOf } from './prices';
import { Random } from './random';
import { companyByTicker, sectorEtf } from './universe';

/**
 * How far ahead an analyst's call looks: the horizon the product judges ratings over. The simulator
 * lets an analyst glimpse the path over this window (the market of a seed is fixed in advance), and
 * skill is the probability of reading it right; the product then measures the calls against what
 * happened.
 */
export const callHorizonDays = ratingHorizonTradingDays;

export interface SimRating extends UpstreamRating {
  /** Sort key: publication instant in ms. */
  at: number;
}

/**
 * The ratings published on one trading day, by every analyst, in time order. A pure function of the
 * seed and the date.
 */
export function ratingsOn(
  date: string,
  seed: number,
  analysts: readonly SimAnalyst[],
  paths: PricePaths,
): SimRating[] {
  const session = sessionOf(date);
  if (!session) return [];
  const minutes = Math.floor((session.close.getTime() - session.open.getTime()) / 60_000);
  const horizon = paths.tradingDays(date, addDays(date, 400)).slice(0, callHorizonDays + 1);
  const end = horizon[horizon.length - 1]!;
  const ratings: SimRating[] = [];
  for (const analyst of analysts) {
    const random = new Random(seed, 'rating', analyst.id, date);
    if (!random.chance(1 / analyst.cadence)) continue;
    const symbol = random.pick(analyst.coverage);
    const company = companyByTicker(symbol)!;
    const at = new Date(
      session.open.getTime() + random.int(3, minutes - 3) * 60_000 + random.int(0, 59) * 1000,
    );
    const price = paths.intraday(symbol, date, at).last;
    const etf = sectorEtf[company.sector];
    const stockReturn = paths.close(symbol, end) / price - 1;
    const etfReturn = paths.close(etf, end) / paths.close(etf, date) - 1;
    let maxUp = 0;
    let maxDown = 0;
    for (const day of horizon.slice(1)) {
      const close = paths.close(symbol, day);
      maxUp = Math.max(maxUp, close / price - 1);
      maxDown = Math.max(maxDown, 1 - close / price);
    }
    const skill = analyst.skill[company.sector] ?? 0.3;
    const right: 'buy' | 'sell' = stockReturn > etfReturn ? 'buy' : 'sell';
    const readsItRight = random.chance(0.2 + 0.75 * skill);
    const rating: 'buy' | 'sell' = readsItRight ? right : right === 'buy' ? 'sell' : 'buy';
    // A skilled call sets a target inside what the stock will reach; a wrong one a typical target.
    const move = readsItRight
      ? clamp(
          random.between(0.5, 1.0) * (rating === 'buy' ? maxUp : maxDown),
          0.03,
          rating === 'buy' ? 0.6 : 0.5,
        )
      : random.between(0.08, 0.3);
    const target = rating === 'buy' ? price * (1 + move) : price * (1 - move);
    ratings.push({
      id: `R${date.replaceAll('-', '')}${analyst.id}`,
      analyst_id: analyst.id,
      analyst: analyst.name,
      firm: analyst.firm,
      symbol,
      rating,
      price_target: Math.round(target * 100) / 100,
      price_when_posted: price,
      published_at: at.toISOString(),
      at: at.getTime(),
    });
  }
  return ratings.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
