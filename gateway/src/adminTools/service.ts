import {
  adminToolsMessages as m,
  parseTickers,
  sectors,
  type AddSymbolsJobParams,
  type EtfWeightsResponse,
} from '@insight/shared';
import type { indexNames } from '@insight/shared/upstream/contract';
import { sql } from 'kysely';
import { marketWriteRepo } from '../market/repo';
import type { Db } from '../platform/db';
import { badRequest, conflict, HttpError } from '../platform/errors';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamUnavailable } from '../upstream/source';
import type { JobContext, JobResult } from '../jobs/service';

const shiftDate = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

type IndexName = (typeof indexNames)[number];

const upstreamDown = () => new HttpError(502, 'The market data source cannot be reached; try again later');

/** What the broad ETFs hold: an index, by market cap or in equal weight. */
const broadEtfs: Record<string, { index: IndexName; equal: boolean }> = {
  SPY: { index: 'S&P 500', equal: false },
  RSP: { index: 'S&P 500', equal: true },
  QQQ: { index: 'NASDAQ 100', equal: false },
  IWM: { index: 'Russell 2000', equal: false },
  OEF: { index: 'S&P 100', equal: false },
  IWB: { index: 'Russell 1000', equal: false },
};

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export class AdminToolsService {
  constructor(
    private readonly db: Db,
    private readonly upstream: UpstreamClient,
    private readonly today: () => string,
  ) {}

  // ---- Add Symbols ----

  /** Checks the tickers against the upstream; answers the symbols not yet in the system. */
  async symbolsToAdd(input: string | readonly string[] | undefined, sectorId: number) {
    const { tickers, invalid: malformed } = parseTickers(input);
    if (tickers.length === 0 && malformed.length === 0) throw badRequest(m.noSymbols, 'tickers');
    if (malformed.length > 0) throw badRequest(m.unknownSymbols(malformed), 'tickers');
    if (tickers.length > 200) throw badRequest('At most 200 symbols at a time', 'tickers');
    const known = await this.upstream.companies(tickers).catch((error: unknown) => {
      if (error instanceof UpstreamUnavailable) throw upstreamDown();
      throw error;
    });
    const knownSet = new Set(known.map((company) => company.symbol));
    const unknown = tickers.filter((ticker) => !knownSet.has(ticker));
    if (unknown.length > 0) throw badRequest(m.unknownSymbols(unknown), 'tickers');
    const present = await this.db
      .selectFrom('companies')
      .select('symbol')
      .where('symbol', 'in', tickers)
      .execute();
    const presentSet = new Set(present.map((row) => row.symbol));
    const sector = sectors.find((s) => s.id === sectorId)?.name ?? null;
    if (sector && presentSet.size > 0) {
      await this.db
        .updateTable('companies')
        .set({ sector })
        .where('symbol', 'in', [...presentSet])
        .execute();
    }
    return tickers.filter((ticker) => !presentSet.has(ticker));
  }

  /**
   * The Add Symbols job: each symbol's company, five years of daily bars, its ratings, its earnings
   * dates and a quote, from the upstream, stored as the ingestion stores them.
   */
  async fetchSymbols(ctx: JobContext<AddSymbolsJobParams>): Promise<JobResult> {
    const repo = marketWriteRepo(this.db);
    const { symbols, sectorId } = ctx.params;
    const wanted = new Set(symbols);
    const total = symbols.length + 3;
    let done = 0;
    const step = async (phase: string, sector?: string) => {
      done += 1;
      await ctx.progress({ done, total, phase, ...(sector ? { sector } : {}) });
    };
    const today = this.today();
    const sector = sectors.find((s) => s.id === sectorId)?.name ?? null;

    const companies = await this.upstream.companies(symbols);
    await repo.upsertCompanies(
      companies.map((company) => ({ ...company, sector: sector ?? company.sector })),
    );
    await step('Company facts');

    let bars = 0;
    for (const symbol of symbols) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      bars += await repo.insertBars(await this.upstream.bars([symbol], shiftDate(today, -5 * 365 - 2)));
      await step(`Daily bars of ${symbol}`);
    }

    let ratings = 0;
    let cursor: string | null = null;
    for (;;) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      const page = await this.upstream.ratingsSince(cursor);
      ratings += (await repo.insertRatings(page.items.filter((rating) => wanted.has(rating.symbol)))).length;
      cursor = page.cursor || cursor;
      if (!page.more) break;
    }
    await step('Analyst ratings');

    const earnings = await this.upstream.earnings(shiftDate(today, -400), shiftDate(today, 120));
    await repo.upsertEarnings(earnings.filter((e) => wanted.has(e.symbol)));
    await repo.upsertQuotes(await this.upstream.quotes(symbols));
    await step('Earnings dates and quotes');
    return { result: { symbols, bars, ratings } };
  }

  async symbolsWithoutSector() {
    const rows = await this.db
      .selectFrom('companies')
      .select('symbol')
      .where('kind', '=', 'stock')
      .where('sector', 'is', null)
      .orderBy('symbol')
      .execute();
    return rows.map((row) => row.symbol);
  }

  // ---- Update Earnings Date ----

  /**
   * The admin's date rules until it passes: the upstream's dates from today until then are hidden
   * (now and at every later ingestion), then the upstream's dates rule again.
   */
  async setEarningDate(ticker: string, date: string, adminId: number) {
    const today = this.today();
    if (date < today) throw badRequest(m.earningBeforeToday, 'earning_date');
    const company = await this.db
      .selectFrom('companies')
      .select('symbol')
      .where('symbol', '=', ticker)
      .executeTakeFirst();
    if (!company) throw badRequest(m.unknownSymbols([ticker]), 'ticker');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('earnings_overrides')
        .values({ symbol: ticker, earning_date: date, from_date: today, set_by: adminId })
        .onConflict((oc) =>
          oc.column('symbol').doUpdateSet({ earning_date: date, from_date: today, set_by: adminId }),
        )
        .execute();
      const hidden = await trx
        .deleteFrom('earnings')
        .where('symbol', '=', ticker)
        .where('date', '>=', today)
        .where('date', '<', date)
        .returning('session')
        .execute();
      await trx
        .insertInto('earnings')
        .values({ symbol: ticker, date, session: hidden[0]?.session ?? 'amc' })
        .onConflict((oc) => oc.columns(['symbol', 'date']).doNothing())
        .execute();
    });
    return { status: true as const, msg: `The earning date of ${ticker} is now ${date}` };
  }

  // ---- User Orders by User ID ----

  private async userOrFail(id: number) {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) throw new HttpError(404, m.noSuchUser(id));
    return user;
  }

  async orderSummary(userId: number) {
    await this.userOrFail(userId);
    const { positions, funds } = await this.orders(userId);
    return positions === null
      ? `User ${userId} has no portfolio file`
      : `User ${userId}: ${positions.length} positions and ${funds.length} fund movements`;
  }

  private async orders(userId: number) {
    const portfolio = await this.db
      .selectFrom('portfolios')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!portfolio) return { positions: null, funds: [] };
    const [positions, funds] = await Promise.all([
      this.db
        .selectFrom('portfolio_positions')
        .selectAll()
        .where('portfolio_id', '=', portfolio.id)
        .orderBy('entry_date')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('portfolio_funds')
        .selectAll()
        .where('portfolio_id', '=', portfolio.id)
        .orderBy('date')
        .orderBy('id')
        .execute(),
    ]);
    return { positions, funds };
  }

  /** The user's position and fund history, one CSV: a row per lot and per deposit or withdrawal. */
  async ordersCsv(userId: number) {
    await this.userOrFail(userId);
    const { positions, funds } = await this.orders(userId);
    const header = [
      'record',
      'date',
      'symbol',
      'side',
      'quantity',
      'price',
      'close_date',
      'close_price',
      'amount',
      'notes',
    ];
    const rows: unknown[][] = [];
    for (const p of positions ?? []) {
      rows.push([
        'position',
        p.entry_date,
        p.symbol,
        p.kind,
        p.quantity,
        p.entry_price,
        p.close_date,
        p.close_price,
        '',
        p.notes,
      ]);
    }
    for (const f of funds) {
      rows.push([
        Number(f.units) >= 0 ? 'deposit' : 'withdrawal',
        f.date,
        '',
        '',
        f.units,
        f.unit_price,
        '',
        '',
        f.amount,
        f.notes,
      ]);
    }
    rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  }

  // ---- Copy portfolio from user to user ----

  /**
   * Copies the whole file (funds, positions open and closed, future actions, monitor settings) in one
   * transaction; a target with a file is refused unless `replace`, and then its file is replaced.
   */
  async copyFile(fromId: number, toId: number, replace: boolean) {
    if (fromId === toId) throw badRequest(m.sameUser, 'to');
    await this.userOrFail(fromId);
    await this.userOrFail(toId);
    return this.db.transaction().execute(async (trx) => {
      const source = await trx
        .selectFrom('portfolios')
        .selectAll()
        .where('user_id', '=', fromId)
        .executeTakeFirst();
      if (!source) throw new HttpError(404, m.sourceHasNoFile);
      const target = await trx
        .selectFrom('portfolios')
        .select('id')
        .where('user_id', '=', toId)
        .forUpdate()
        .executeTakeFirst();
      if (target && !replace) throw conflict(m.targetHasFile);
      if (target) await trx.deleteFrom('portfolios').where('id', '=', target.id).execute();
      const copy = await trx
        .insertInto('portfolios')
        .values({ user_id: toId, name: source.name, notes: source.notes, created: source.created })
        .returning('id')
        .executeTakeFirstOrThrow();

      const funds = await trx
        .selectFrom('portfolio_funds')
        .selectAll()
        .where('portfolio_id', '=', source.id)
        .orderBy('id')
        .execute();
      if (funds.length > 0) {
        await trx
          .insertInto('portfolio_funds')
          .values(funds.map(({ id: _id, created_at: _at, ...fund }) => ({ ...fund, portfolio_id: copy.id })))
          .execute();
      }
      // Lots in id order: a closed split names its parent, which is always older.
      const positions = await trx
        .selectFrom('portfolio_positions')
        .selectAll()
        .where('portfolio_id', '=', source.id)
        .orderBy('id')
        .execute();
      const newIds = new Map<number, number>();
      for (const { id, created_at: _at, ...position } of positions) {
        const row = await trx
          .insertInto('portfolio_positions')
          .values({
            ...position,
            portfolio_id: copy.id,
            parent_id: position.parent_id === null ? null : (newIds.get(position.parent_id) ?? null),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        newIds.set(id, row.id);
      }
      const actions = await trx
        .selectFrom('portfolio_actions')
        .selectAll()
        .where('portfolio_id', '=', source.id)
        .orderBy('id')
        .execute();
      if (actions.length > 0) {
        await trx
          .insertInto('portfolio_actions')
          .values(
            actions.map(({ id: _id, created_at: _at, ...action }) => ({ ...action, portfolio_id: copy.id })),
          )
          .execute();
      }
      const settings = await trx
        .selectFrom('portfolio_monitor_settings')
        .selectAll()
        .where('portfolio_id', '=', source.id)
        .executeTakeFirst();
      if (settings) {
        await trx
          .insertInto('portfolio_monitor_settings')
          .values({
            portfolio_id: copy.id,
            notification_settings: JSON.stringify(settings.notification_settings),
            preferences: JSON.stringify(settings.preferences),
          })
          .execute();
      }
      return {
        status: true as const,
        msg: `Portfolio of user ${fromId} copied to user ${toId}: ${positions.length} positions, ${funds.length} fund movements`,
      };
    });
  }

  // ---- ETF allocations ----

  async etfKeys() {
    const rows = await this.db
      .selectFrom('companies')
      .select('symbol')
      .where('kind', '=', 'etf')
      .orderBy('symbol')
      .execute();
    return rows.map((row) => row.symbol);
  }

  /** Per ETF, its sector weights in percent: a sector fund is all its sector; a broad one holds its index. */
  async etfWeights(input: string | readonly string[]): Promise<EtfWeightsResponse['weights']> {
    const etfs = parseTickers(input).tickers;
    if (etfs.length === 0) throw badRequest('etfs: at least one ETF is required', 'etfs');
    const rows = etfs.length
      ? await this.db
          .selectFrom('companies')
          .select(['symbol', 'sector'])
          .where('kind', '=', 'etf')
          .where('symbol', 'in', etfs)
          .execute()
      : [];
    const found = new Map(rows.map((row) => [row.symbol, row.sector]));
    const unknown = etfs.filter((etf) => !found.has(etf));
    if (unknown.length > 0) throw badRequest(m.unknownEtfs(unknown), 'etfs');
    const weights: EtfWeightsResponse['weights'] = {};
    for (const etf of etfs) {
      const sector = found.get(etf);
      const broad = broadEtfs[etf];
      if (sector) weights[etf] = { [sector]: 100 };
      else if (broad) weights[etf] = await this.indexWeights(broad.index, broad.equal);
      else weights[etf] = {};
    }
    return weights;
  }

  private async indexWeights(index: IndexName, equal: boolean) {
    const rows = await sql<{ sector: string; weight: string | number }>`
      select sector, ${equal ? sql`count(*)` : sql`sum(coalesce(market_cap, 0))`} as weight
      from companies
      where kind = 'stock' and sector is not null and ${index} = any(indexes)
      group by sector`.execute(this.db);
    const total = rows.rows.reduce((sum, row) => sum + Number(row.weight), 0);
    const out: Record<string, number> = {};
    if (total <= 0) return out;
    for (const row of rows.rows) out[row.sector] = Math.round((Number(row.weight) / total) * 10_000) / 100;
    return out;
  }
}
