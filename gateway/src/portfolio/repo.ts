import { sql, type ExpressionBuilder, type Nullable } from 'kysely';
import type { Db } from '../platform/db';
import type { CompaniesTable, Database, PortfolioPositionsTable, QuotesTable } from '../platform/schema';

type CompanyWithQuote = Database & { c: CompaniesTable; q: Nullable<QuotesTable> };

type Kind = PortfolioPositionsTable['kind'];

/** A lot as the service writes it: new, or the same fields over an open one. */
export interface LotInput {
  symbol: string;
  kind: Kind;
  entryDate: string;
  entryPrice: string;
  quantity: number;
  notes: string;
}

/** A fund entry as dealt by the accounting: signed units and amount, exact decimal strings. */
export interface FundInput {
  date: string;
  units: number;
  unitPrice: string;
  amount: string;
  notes: string;
}

/** A company's last price: its quote's, else its last daily close (`c` the company, `q` its quote). */
const lastPrice = (eb: ExpressionBuilder<CompanyWithQuote, 'c' | 'q'>) =>
  eb.fn.coalesce(
    'q.last_price',
    eb
      .selectFrom('daily_bars as b')
      .select('b.close')
      .whereRef('b.symbol', '=', 'c.symbol')
      .orderBy('b.date', 'desc')
      .limit(1),
  );

/**
 * Each company's facts and live figures: name, sector, its last price, today's change, its next
 * earnings on or after `today` and its average of the last 50 closes (the caller says which companies).
 */
const symbolFactsQuery = (trx: Db, today: string) =>
  trx
    .selectFrom('companies as c')
    .leftJoin('quotes as q', 'q.symbol', 'c.symbol')
    .select((eb) => [
      'c.symbol',
      'c.name',
      'c.sector',
      'q.daily_change',
      lastPrice(eb).as('last_price'),
      eb
        .selectFrom('earnings as e')
        .select((e) => e.fn.min('e.date').as('date'))
        .whereRef('e.symbol', '=', 'c.symbol')
        .where('e.date', '>=', today)
        .as('next_earning'),
      sql<string | null>`(select avg(l.close) from (select b.close from daily_bars b
        where b.symbol = c.symbol order by b.date desc limit 50) l)`.as('ma50'),
    ]);

/**
 * Queries of the portfolio's facts (files, fund entries, lots, future actions) and of the market facts
 * its figures are computed from. No rules here; every write takes the caller's transaction.
 */
export function portfolioRepo(db: Db) {
  return {
    async byId(id: number, trx: Db = db) {
      return trx.selectFrom('portfolios').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The file's revision (migration 0018), as text; null when there is no such file. */
    async revision(id: number) {
      const row = await db
        .selectFrom('portfolios')
        .select(sql<string>`revision::text`.as('revision'))
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.revision ?? null;
    },

    async ofUser(userId: number, trx: Db = db) {
      return trx.selectFrom('portfolios').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Takes the file's row lock for the rest of the transaction: changes to one file run one at a time. */
    async lock(id: number, trx: Db) {
      return trx.selectFrom('portfolios').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async create(file: { userId: number; name: string; notes: string; created: string }, trx: Db) {
      const row = await trx
        .insertInto('portfolios')
        .values({ user_id: file.userId, name: file.name, notes: file.notes, created: file.created })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The file and everything in it. */
    async remove(id: number, trx: Db) {
      await trx.deleteFrom('portfolio_actions').where('portfolio_id', '=', id).execute();
      await trx.deleteFrom('portfolio_positions').where('portfolio_id', '=', id).execute();
      await trx.deleteFrom('portfolio_funds').where('portfolio_id', '=', id).execute();
      await trx.deleteFrom('portfolios').where('id', '=', id).execute();
    },

    // ---- fund entries ----

    async addFund(portfolioId: number, fund: FundInput, trx: Db) {
      return trx
        .insertInto('portfolio_funds')
        .values({
          portfolio_id: portfolioId,
          date: fund.date,
          units: fund.units,
          unit_price: fund.unitPrice,
          amount: fund.amount,
          notes: fund.notes,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Oldest first (the accounting's order). */
    async funds(portfolioId: number, trx: Db = db) {
      return trx
        .selectFrom('portfolio_funds')
        .selectAll()
        .where('portfolio_id', '=', portfolioId)
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    // ---- lots ----

    async addLot(portfolioId: number, lot: LotInput, trx: Db) {
      const row = await trx
        .insertInto('portfolio_positions')
        .values({
          portfolio_id: portfolioId,
          symbol: lot.symbol,
          kind: lot.kind,
          entry_date: lot.entryDate,
          entry_price: lot.entryPrice,
          quantity: lot.quantity,
          notes: lot.notes,
          close_date: null,
          close_price: null,
          parent_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateLot(id: number, lot: LotInput, trx: Db) {
      await trx
        .updateTable('portfolio_positions')
        .set({
          symbol: lot.symbol,
          kind: lot.kind,
          entry_date: lot.entryDate,
          entry_price: lot.entryPrice,
          quantity: lot.quantity,
          notes: lot.notes,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Closes a whole lot. */
    async closeLot(id: number, close: { date: string; price: string; notes: string }, trx: Db) {
      await trx
        .updateTable('portfolio_positions')
        .set({ close_date: close.date, close_price: close.price, notes: close.notes })
        .where('id', '=', id)
        .execute();
    },

    /** A partial close: the lot keeps the open rest; the closed part becomes a lot of its own naming it. */
    async splitClose(
      lot: {
        id: number;
        portfolioId: number;
        symbol: string;
        kind: Kind;
        entryDate: string;
        entryPrice: string;
      },
      close: { quantity: number; rest: number; date: string; price: string; notes: string },
      trx: Db,
    ) {
      await trx
        .updateTable('portfolio_positions')
        .set({ quantity: close.rest })
        .where('id', '=', lot.id)
        .execute();
      const row = await trx
        .insertInto('portfolio_positions')
        .values({
          portfolio_id: lot.portfolioId,
          symbol: lot.symbol,
          kind: lot.kind,
          entry_date: lot.entryDate,
          entry_price: lot.entryPrice,
          quantity: close.quantity,
          notes: close.notes,
          close_date: close.date,
          close_price: close.price,
          parent_id: lot.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Lots by id, with their file's owner, wherever they are. */
    async lotsByIds(ids: readonly number[], trx: Db = db) {
      if (ids.length === 0) return [];
      return trx
        .selectFrom('portfolio_positions as p')
        .innerJoin('portfolios as f', 'f.id', 'p.portfolio_id')
        .selectAll('p')
        .select('f.user_id')
        .where('p.id', 'in', [...new Set(ids)])
        .execute();
    },

    async deleteLots(ids: readonly number[], trx: Db) {
      if (ids.length === 0) return;
      await trx
        .deleteFrom('portfolio_positions')
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Every lot of a file, open and closed, oldest entry first. */
    async lots(portfolioId: number, trx: Db = db) {
      return trx
        .selectFrom('portfolio_positions')
        .selectAll()
        .where('portfolio_id', '=', portfolioId)
        .orderBy('entry_date')
        .orderBy('id')
        .execute();
    },

    /** The symbols of a user's open positions (their file's), sorted; none without a file. */
    async heldSymbols(userId: number) {
      const rows = await db
        .selectFrom('portfolio_positions as p')
        .innerJoin('portfolios as f', 'f.id', 'p.portfolio_id')
        .select('p.symbol')
        .distinct()
        .where('f.user_id', '=', userId)
        .where('p.close_date', 'is', null)
        .orderBy('p.symbol')
        .execute();
      return rows.map((row) => row.symbol);
    },

    // ---- future actions ----

    async addAction(
      portfolioId: number,
      action: {
        date: string;
        action: 'Buy' | 'Sell';
        ticker: string;
        reason: string;
        quantity: number;
        comment: string;
      },
      trx: Db = db,
    ) {
      return trx
        .insertInto('portfolio_actions')
        .values({ portfolio_id: portfolioId, ...action })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Soonest first; only those of `symbols` when given. */
    async actions(portfolioId: number, symbols: readonly string[] = []) {
      return db
        .selectFrom('portfolio_actions')
        .selectAll()
        .where('portfolio_id', '=', portfolioId)
        .$if(symbols.length > 0, (q) => q.where('ticker', 'in', [...symbols]))
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    // ---- market facts ----

    /**
     * Each symbol's company facts and live figures: name, sector, its last price (quote, else last
     * close), today's change, its next earnings on or after `today` and its average of the last 50 closes.
     */
    async symbolFacts(symbols: readonly string[], today: string, trx: Db = db) {
      if (symbols.length === 0) return [];
      return symbolFactsQuery(trx, today)
        .where('c.symbol', 'in', [...new Set(symbols)])
        .execute();
    },

    /**
     * `symbolFacts` of the symbols of a file's lots (and of `extraSymbols`), found by the database: read
     * alongside the file's revision rather than after its lots (a round trip less on every read of a file).
     */
    async fileSymbolFacts(portfolioId: number, extraSymbols: readonly string[], today: string) {
      return symbolFactsQuery(db, today)
        .where((eb) =>
          eb.or([
            eb(
              'c.symbol',
              'in',
              eb
                .selectFrom('portfolio_positions as p')
                .select('p.symbol')
                .where('p.portfolio_id', '=', portfolioId),
            ),
            ...(extraSymbols.length > 0 ? [eb('c.symbol', 'in', [...new Set(extraSymbols)])] : []),
          ]),
        )
        .execute();
    },

    /** Each symbol's last price alone, as `symbolFacts` has it (for the sector ETFs of a file's lots). */
    async lastPrices(symbols: readonly string[], trx: Db = db) {
      if (symbols.length === 0) return [];
      return trx
        .selectFrom('companies as c')
        .leftJoin('quotes as q', 'q.symbol', 'c.symbol')
        .select((eb) => ['c.symbol', lastPrice(eb).as('last_price')])
        .where('c.symbol', 'in', [...new Set(symbols)])
        .execute();
    },

    /** The daily closes of the symbols from `from` to `to` (both inclusive), oldest first. */
    async closes(symbols: readonly string[], from: string, to: string) {
      if (symbols.length === 0) return [];
      return db
        .selectFrom('daily_bars')
        .select(['symbol', 'date', 'close'])
        .where('symbol', 'in', [...new Set(symbols)])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('symbol')
        .orderBy('date')
        .execute();
    },

    /** For each (symbol, day): the symbol's close on that day or the last before it. */
    async closesOnOrBefore(pairs: readonly { symbol: string; day: string }[], trx: Db = db) {
      if (pairs.length === 0) return [];
      const result = await sql<{ symbol: string; day: string; close: string | null }>`
        select x.symbol, x.day::text as day,
          (select b.close from daily_bars b
            where b.symbol = x.symbol and b.date <= x.day order by b.date desc limit 1) as close
        from unnest(${pairs.map((pair) => pair.symbol)}::text[], ${pairs.map((pair) => pair.day)}::date[])
          as x(symbol, day)`.execute(trx);
      return result.rows;
    },

    async userExists(userId: number) {
      const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PortfolioRepo = ReturnType<typeof portfolioRepo>;
