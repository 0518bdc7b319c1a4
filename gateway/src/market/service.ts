import { sectors } from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import { consensusBuys, consensusTarget } from '@insight/shared/market/consensus';
import {
  marketMessages,
  scoreHistoryMonths,
  systemUniverses,
  type CompanyProfile,
  type ScoreHistoryResponse,
  type NewsItem,
  type PriceHistoryResponse,
  type PriceRange,
  type QuotesResponse,
  type Recommendation,
  type RecommendationsResponse,
  type Stock,
  type SymbolHit,
  type SymbolToEtfChart,
} from '@insight/shared/market/schemas';
import { analystSectorKey } from '../analysts/service';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { marketReadRepo, num, type NewsQuery } from './read-repo';

/** What the reads need of the live market: its status, the market's now and its today (New York). */
export interface MarketClock {
  marketOpen(): boolean | null;
  now(): Date;
  today(): string;
}

/**
 * The market's now. The upstream's clock is the one that counts (a simulated market may run ahead of
 * the wall clock), but its status, which carries it, is polled every few seconds and so lags by up to
 * that: when the wall clock is later, it is the better reading. Without it, a rating published a
 * moment ago would be in the future, and two follows a moment apart at the same instant.
 */
export function marketNow(statusAt: string | undefined, wallNow = Date.now()): Date {
  return new Date(statusAt === undefined ? wallNow : Math.max(Date.parse(statusAt), wallNow));
}

/** The analysts' grades (1..7) per `analystSectorKey`, as the analytics store them. */
export type GradeLookup = (
  analystIds: readonly string[],
  sectors: readonly string[],
) => Promise<Map<string, { grade: number }>>;

const notFound = (message: string) => new HttpError(404, message);

const round2 = (value: number) => Math.round(value * 100) / 100;

const legalSuffix =
  /[\s,]+(inc\.?|incorporated|corp\.?|corporation|co\.?|company|plc|ltd\.?|limited|n\.v\.|s\.a\.|ag|se|l\.p\.|lp|trust)$/i;

/**
 * A company's short name: without a trailing class note, legal suffix or leading "The".
 * "Apple Inc." → "Apple", "Alphabet Inc. (Class A)" → "Alphabet", "The Home Depot, Inc." → "Home Depot".
 */
export function shortCompanyName(name: string): string {
  let short = name.trim().replace(/\s*\([^)]*\)$/, '');
  for (let previous = ''; previous !== short;) {
    previous = short;
    short = short.replace(legalSuffix, '').replace(/,$/, '').trim();
  }
  short = short.replace(/^the\s+/i, '');
  return short === '' ? name.trim() : short;
}

export function sectorOfName(name: string | null) {
  return sectors.find((sector) => sector.name === name) ?? null;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The same day `months` months before a YYYY-MM-DD date, or the month's last day when it is shorter. */
function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const daysInMonth = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${pad2(targetMonth + 1)}-${pad2(Math.min(day, daysInMonth))}`;
}

const rangeMonths: Record<Exclude<PriceRange, 'YTD'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
  '5Y': 60,
};

/**
 * The first day of a price chart's range, counted back from its newest close: the close of that day
 * (or the next trading day's) is the range's base, so "1M" compares with the close a month before.
 * YTD starts on January 1 of the newest close's year.
 */
export function historyStart(range: PriceRange, newest: string): string {
  return range === 'YTD' ? `${newest.slice(0, 4)}-01-01` : monthsBefore(newest, rangeMonths[range]);
}

/** How far back the stock page's ratings go (the page narrows it to 1 to 12 months). */
const recommendationYears = 1;

/**
 * The market reads of the spec from the ingested data. Knows nothing of HTTP: it answers entities
 * and throws HttpError(404) with the spec's messages for what it does not know.
 */
export class MarketService {
  private readonly repo;

  constructor(
    db: Db,
    private readonly clock: MarketClock,
    private readonly grades: GradeLookup,
  ) {
    this.repo = marketReadRepo(db);
  }

  marketOpen(): boolean | null {
    return this.clock.marketOpen();
  }

  /** Quotes keyed by symbol; symbols without a stored quote are left out. */
  async quotes(symbols: readonly string[]): Promise<QuotesResponse> {
    const rows = await this.repo.quotes(symbols);
    const answer: QuotesResponse = {};
    for (const row of rows) {
      answer[row.symbol] = {
        lastPrice: Number(row.last_price),
        dailyChange: Number(row.daily_change),
        dailyChangeVal: Number(row.daily_change_value),
        volume: row.volume,
        bid: Number(row.bid),
        dayLow: Number(row.day_low),
        dayHigh: Number(row.day_high),
        at: row.at.toISOString(),
      };
    }
    return answer;
  }

  async symbolAndLast(symbol: string) {
    const row = await this.repo.lastPrice(symbol);
    if (!row) throw notFound(marketMessages.unknownSymbol(symbol));
    if (row.price === null) throw notFound(marketMessages.noPrice(symbol));
    return { symbol: row.symbol, price: Number(row.price) };
  }

  async search(text: string, limit: number, offset: number): Promise<SymbolHit[]> {
    const rows = await this.repo.searchSymbols(text, limit, offset);
    return rows.map((row) => ({ symbol: row.symbol, company: row.name, alias: shortCompanyName(row.name) }));
  }

  async stock(symbol: string): Promise<Stock> {
    const row = await this.repo.companyWithQuote(symbol);
    if (!row) throw notFound(marketMessages.stockFailed);
    const earnings = await this.repo.nextEarnings(symbol, this.clock.today());
    const lastPrice = num(row.last_price);
    const shares = num(row.shares_outstanding);
    const dayLow = num(row.day_low);
    const dayHigh = num(row.day_high);
    return {
      symbol: row.symbol,
      Name: row.name,
      comp_name_2: shortCompanyName(row.name),
      lastPrice,
      dailyChange: num(row.daily_change),
      dailyChangeVal: num(row.daily_change_value),
      StockExchange: row.exchange,
      DaysRange: dayLow !== null && dayHigh !== null ? `${dayLow.toFixed(2)} - ${dayHigh.toFixed(2)}` : null,
      MarketCapitalization:
        lastPrice !== null && shares !== null ? Math.round(lastPrice * shares) : num(row.market_cap),
      Volume: row.volume,
      avg_vol: num(row.avg_vol_20d),
      beta: num(row.beta),
      earningDate: earnings?.date ?? null,
      pe_ratio_12m: num(row.pe_ratio_12m),
      pb_ratio: num(row.pb_ratio),
      bid: num(row.bid),
      iad: num(row.forward_dividend),
      eps_act_fr0: num(row.eps),
      shares_outstanding: shares,
      roe: num(row.roe),
      sector: row.sector,
      comp_desc: row.description,
      security_etf: sectorOfName(row.sector)?.symbol ?? null,
      // Whether the caller's file holds it: filled by the route (the portfolio's answer).
      in_file: false,
    };
  }

  async companyProfile(symbol: string): Promise<CompanyProfile> {
    const row = await this.repo.companyWithQuote(symbol);
    if (!row) throw notFound(marketMessages.profileFailed);
    const earnings = await this.repo.nextEarnings(symbol, this.clock.today());
    const sector = sectorOfName(row.sector);
    return {
      symbol: row.symbol,
      name: row.name,
      short_name: shortCompanyName(row.name),
      kind: row.kind,
      sector: row.sector,
      sector_id: sector?.id ?? null,
      sector_etf: sector?.symbol ?? null,
      industry: row.industry,
      exchange: row.exchange,
      description: row.description,
      market_cap: num(row.market_cap),
      shares_outstanding: num(row.shares_outstanding),
      beta: num(row.beta),
      pe_ratio_12m: num(row.pe_ratio_12m),
      pb_ratio: num(row.pb_ratio),
      peg_ratio: num(row.peg_ratio),
      dividend_yield: num(row.dividend_yield),
      forward_dividend: num(row.forward_dividend),
      eps: num(row.eps),
      roe: num(row.roe),
      current_ratio: num(row.current_ratio),
      avg_vol_20d: num(row.avg_vol_20d),
      indexes: row.indexes,
      universes: systemUniverses
        .filter((universe) => row.indexes.includes(universe.index))
        .map((universe) => universe.name),
      next_earnings: earnings ? { date: earnings.date, session: earnings.session } : null,
      updated: row.updated_at.toISOString(),
    };
  }

  /** The newest items about a known symbol. */
  async newsForStock(symbol: string, count: number): Promise<NewsItem[]> {
    await this.requireKnown([symbol]);
    return this.news({ tickers: [symbol], limit: count, offset: 0 });
  }

  /** A page of news (0-based), newest first, of any of the channels and about any of the tickers given. */
  async newsPage(
    filter: { channels?: readonly string[]; tickers?: readonly string[] },
    pageSize: number,
    page = 0,
  ) {
    return this.news({ ...filter, limit: pageSize, offset: page * pageSize });
  }

  /** Daily closes of a symbol and an ETF from `start`, with each one's change since the first day. */
  async symbolToEtfChart(symbol: string, etf: string, start: string): Promise<SymbolToEtfChart> {
    await this.requireKnown([symbol, etf]);
    const rows = await this.repo.pairedCloses(symbol, etf, start);
    const base =
      rows.length < 2 ? null : { symbol: Number(rows[0]!.symbol_close), etf: Number(rows[0]!.other_close) };
    const points =
      base === null
        ? []
        : rows.map((row) => {
            const symbolClose = Number(row.symbol_close);
            const etfClose = Number(row.other_close);
            return {
              date: row.date,
              symbol_close: symbolClose,
              etf_close: etfClose,
              symbol_pct: round2((symbolClose / base.symbol - 1) * 100),
              etf_pct: round2((etfClose / base.etf - 1) * 100),
            };
          });
    return {
      symbol,
      etf,
      points,
      chart_data: {
        labels: points.map((point) => point.date),
        datasets: [
          { label: symbol, data: points.map((point) => point.symbol_pct) },
          { label: etf, data: points.map((point) => point.etf_pct) },
        ],
      },
      first: points[0]?.date ?? start,
    };
  }

  /** symbols/historyScore/{symbol}: see scoreHistoryResponseSchema. */
  async scoreHistory(symbol: string): Promise<ScoreHistoryResponse> {
    const company = await this.repo.sectorOf(symbol);
    if (!company) throw notFound(marketMessages.unknownSymbol(symbol));
    const now = this.clock.now();
    const months: string[] = [];
    const [year, month] = newYorkDate(now).split('-').map(Number) as [number, number];
    for (let back = scoreHistoryMonths - 1; back >= 0; back--) {
      const date = new Date(Date.UTC(year, month - 1 - back, 1));
      months.push(date.toISOString().slice(0, 7));
    }
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const rows = await this.repo.ratingsOf(symbol, since);
    const counts = new Map(months.map((key) => [key, { buys: 0, sells: 0 }]));
    for (const row of rows) {
      const entry = counts.get(newYorkDate(new Date(row.published_at)).slice(0, 7));
      if (!entry) continue;
      if (row.rating === 'buy') entry.buys += 1;
      else entry.sells += 1;
    }
    return {
      symbol,
      history: months.map((key) => {
        const { buys, sells } = counts.get(key)!;
        const total = buys + sells;
        return { month: key, score: total === 0 ? null : round2((100 * buys) / total), buys, sells };
      }),
    };
  }

  /**
   * The stock page's ratings (spec 000 §2): those of the last 12 months, newest first, each with its
   * analyst's grade in the symbol's sector in the page's order (0 = C+ … 6 = A+); and the consensus of
   * the last 3 months (shared consensus.ts), as of the market's now.
   */
  async recommendations(symbol: string): Promise<RecommendationsResponse> {
    const company = await this.repo.sectorOf(symbol);
    if (!company) throw notFound(marketMessages.unknownSymbol(symbol));
    const now = this.clock.now();
    const since = new Date(now);
    since.setUTCFullYear(since.getUTCFullYear() - recommendationYears);
    const rows = await this.repo.ratingsOf(symbol, since);
    const sector = company.sector;
    const grades =
      sector === null || rows.length === 0
        ? new Map<string, { grade: number }>()
        : await this.grades([...new Set(rows.map((row) => row.analyst_id))], [sector]);
    const recommendations = rows.map((row): Recommendation => {
      const grade = sector === null ? undefined : grades.get(analystSectorKey(row.analyst_id, sector))?.grade;
      return {
        id: row.id,
        rating: row.rating,
        grade: grade === undefined ? null : grade - 1,
        security_created_timestamp: Math.floor(row.published_at.getTime() / 1000),
        analyst_name: row.analyst_name,
        firm: row.firm,
        price_target: Number(row.price_target),
        price_when_posted: Number(row.price_when_posted),
      };
    });
    return {
      recommendations,
      count_buy: consensusBuys(recommendations, now),
      consensus_target: consensusTarget(recommendations, now),
    };
  }

  /** Daily closes of a range, oldest first, counted back from the symbol's newest stored close. */
  async priceHistory(symbol: string, range: PriceRange): Promise<PriceHistoryResponse> {
    await this.requireKnown([symbol]);
    const newest = await this.repo.newestBarDate(symbol);
    if (newest === null) return { symbol, range, points: [] };
    const rows = await this.repo.closesFrom(symbol, historyStart(range, newest));
    return { symbol, range, points: rows.map((row) => ({ date: row.date, close: Number(row.close) })) };
  }

  private async news(query: NewsQuery): Promise<NewsItem[]> {
    const rows = await this.repo.news(query);
    return rows.map((row) => ({
      title: row.title,
      url: row.url,
      updated: row.updated.toISOString(),
      author: row.author,
      image: row.image,
    }));
  }

  private async requireKnown(symbols: readonly string[]) {
    const known = await this.repo.knownSymbols(symbols);
    const unknown = symbols.find((symbol) => !known.has(symbol));
    if (unknown !== undefined) throw notFound(marketMessages.unknownSymbol(unknown));
  }
}
