import type { MonitorSetting } from '@insight/shared/portfolio/schemas';
import type { Preferences } from '@insight/shared/portfolio/monitor';
import { sql } from 'kysely';
import type { Db } from '../platform/db';
import './tables';

/** One open position with the facts its rules read, as stored (NUMERIC as strings). */
export interface PositionFactsRow {
  position_id: number;
  portfolio_id: number;
  user_id: number;
  symbol: string;
  kind: 'Long' | 'Short';
  entry_date: string;
  entry_price: string;
  sector: string | null;
  notification_settings: MonitorSetting[] | null;
  preferences: Partial<Preferences> | null;
  last_price: string | null;
  previous_close: string | null;
  ma50: string | null;
  next_earning: string | null;
  rating: 'buy' | 'sell' | null;
  rating_at: Date | null;
  rating_analyst: string | null;
  rating_target: string | null;
  /** The last daily bar (its day and open) and the close before it, to see a split. */
  last_bar_day: string | null;
  last_bar_open: string | null;
  close_before_last_bar: string | null;
}

export interface NewNotification {
  portfolio_id: number;
  position_id: number;
  symbol: string;
  rating: MonitorSetting['type'];
  title: string;
  text: string;
  factor: number | null;
  day: string;
  /** When it fired; now unless a replay says otherwise. */
  created_at?: Date;
}

const columns = [
  'id',
  'portfolio_id',
  'position_id',
  'symbol',
  'rating',
  'title',
  'text',
  'factor',
  'pop',
  'day',
  'created_at',
] as const;

/** Queries of the monitor: settings, the facts of held symbols, and the notifications. No rules here. */
export function monitorRepo(db: Db) {
  return {
    async portfolio(id: number) {
      return db.selectFrom('portfolios').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
    },

    async portfolioOfUser(userId: number) {
      return db
        .selectFrom('portfolios')
        .select(['id', 'user_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async settings(portfolioId: number) {
      return db
        .selectFrom('portfolio_monitor_settings')
        .select(['notification_settings', 'preferences'])
        .where('portfolio_id', '=', portfolioId)
        .executeTakeFirst();
    },

    async saveSettings(portfolioId: number, settings: MonitorSetting[], preferences: Preferences) {
      const values = {
        notification_settings: JSON.stringify(settings),
        preferences: JSON.stringify(preferences),
        updated_at: new Date(),
      };
      await db
        .insertInto('portfolio_monitor_settings')
        .values({ portfolio_id: portfolioId, ...values })
        .onConflict((oc) => oc.column('portfolio_id').doUpdateSet(values))
        .execute();
    },

    /** The symbols held open in any file. */
    async heldSymbols() {
      const rows = await db
        .selectFrom('portfolio_positions')
        .select('symbol')
        .distinct()
        .where('close_date', 'is', null)
        .execute();
      return rows.map((row) => row.symbol);
    },

    /**
     * Every open position in `symbols` (or of one file) with its file's owner and settings and the
     * facts of its symbol as of `today`: one query for the whole batch, whatever the number of users.
     */
    async positionFacts(filter: { symbols: readonly string[] } | { portfolioId: number }, today: string) {
      if ('symbols' in filter && filter.symbols.length === 0) return [];
      const where =
        'symbols' in filter
          ? sql`p.symbol = any(${[...new Set(filter.symbols)]}::text[])`
          : sql`p.portfolio_id = ${filter.portfolioId}`;
      const result = await sql<PositionFactsRow>`
        select p.id as position_id, p.portfolio_id, f.user_id, p.symbol, p.kind,
          p.entry_date::text as entry_date, p.entry_price, c.sector,
          s.notification_settings, s.preferences,
          coalesce(q.last_price, lb.close) as last_price,
          (select b.close from daily_bars b where b.symbol = p.symbol and b.date < ${today}::date
            order by b.date desc limit 1) as previous_close,
          (select avg(l.close) from (select b.close from daily_bars b where b.symbol = p.symbol
            order by b.date desc limit 50) l) as ma50,
          (select min(e.date)::text from earnings e where e.symbol = p.symbol and e.date >= ${today}::date)
            as next_earning,
          r.rating, r.published_at as rating_at, r.analyst as rating_analyst, r.price_target as rating_target,
          lb.date::text as last_bar_day, lb.open as last_bar_open,
          (select b.close from daily_bars b where b.symbol = p.symbol and b.date < lb.date
            order by b.date desc limit 1) as close_before_last_bar
        from portfolio_positions p
        join portfolios f on f.id = p.portfolio_id
        left join portfolio_monitor_settings s on s.portfolio_id = p.portfolio_id
        left join companies c on c.symbol = p.symbol
        left join quotes q on q.symbol = p.symbol
        left join lateral (select b.date, b.open, b.close from daily_bars b where b.symbol = p.symbol
          order by b.date desc limit 1) lb on true
        left join lateral (select r.rating, r.published_at, r.analyst, r.price_target from ratings r
          where r.symbol = p.symbol and r.published_at >= p.entry_date
          order by r.published_at desc limit 1) r on true
        where p.close_date is null and ${where}
        order by p.id`.execute(db);
      return result.rows;
    },

    /** For each (etf, entry day): its close on the last trading day before the entry, and its price now. */
    async benchmarkMoves(pairs: readonly { symbol: string; day: string }[]) {
      if (pairs.length === 0) return [];
      const result = await sql<{
        symbol: string;
        day: string;
        close_then: string | null;
        price_now: string | null;
      }>`
        select x.symbol, x.day::text as day,
          (select b.close from daily_bars b where b.symbol = x.symbol and b.date < x.day
            order by b.date desc limit 1) as close_then,
          coalesce(
            (select q.last_price from quotes q where q.symbol = x.symbol),
            (select b.close from daily_bars b where b.symbol = x.symbol order by b.date desc limit 1)
          ) as price_now
        from unnest(${pairs.map((pair) => pair.symbol)}::text[], ${pairs.map((pair) => pair.day)}::date[])
          as x(symbol, day)`.execute(db);
      return result.rows;
    },

    /**
     * Rank by market cap (shares outstanding × price) among the stocks, 1 = largest: on each
     * (symbol, day) with that day's close, and now with the last price.
     */
    async ranks(pairs: readonly { symbol: string; day: string }[]) {
      if (pairs.length === 0) return [];
      const result = await sql<{
        symbol: string;
        day: string;
        rank_then: number | null;
        rank_now: number | null;
      }>`
        with x as (
          select * from unnest(${pairs.map((pair) => pair.symbol)}::text[], ${pairs.map((pair) => pair.day)}::date[])
            as x(symbol, day)
        ),
        stocks as (
          select symbol, shares_outstanding from companies
          where kind = 'stock' and shares_outstanding is not null
        ),
        now_rank as (
          select s.symbol, (rank() over (order by s.shares_outstanding * coalesce(q.last_price,
            (select b.close from daily_bars b where b.symbol = s.symbol order by b.date desc limit 1))
            desc nulls last))::int as rank
          from stocks s left join quotes q on q.symbol = s.symbol
        ),
        then_caps as (
          select d.day, s.symbol, s.shares_outstanding * (select b.close from daily_bars b
            where b.symbol = s.symbol and b.date <= d.day order by b.date desc limit 1) as cap
          from (select distinct day from x) d cross join stocks s
        ),
        then_rank as (
          select day, symbol, (rank() over (partition by day order by cap desc nulls last))::int as rank
          from then_caps
        )
        select x.symbol, x.day::text as day, t.rank as rank_then, n.rank as rank_now
        from x
        left join then_rank t on t.symbol = x.symbol and t.day = x.day
        left join now_rank n on n.symbol = x.symbol`.execute(db);
      return result.rows;
    },

    /**
     * Stores the hits; one already stored (same portfolio, position, rule, day) is skipped. Answers the
     * new rows. A replay (`earliest`) dates one already stored by the live rules, which saw it first
     * meanwhile, back to when it fired.
     */
    async insert(hits: readonly NewNotification[], options: { earliest?: boolean } = {}) {
      if (hits.length === 0) return [];
      return db
        .insertInto('portfolio_notifications')
        .values(hits.map((hit) => ({ ...hit, factor: hit.factor })))
        .onConflict((oc) =>
          options.earliest
            ? oc.constraint('portfolio_notifications_once').doUpdateSet({
                created_at: sql<Date>`least(portfolio_notifications.created_at, excluded.created_at)`,
              })
            : oc.constraint('portfolio_notifications_once').doNothing(),
        )
        .returning(columns)
        .execute();
    },

    async page(portfolioId: number, count: number, offset: number) {
      return db
        .selectFrom('portfolio_notifications')
        .select(columns)
        .where('portfolio_id', '=', portfolioId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(count)
        .offset(offset)
        .execute();
    },

    async counts(portfolioId: number, since?: Date) {
      const row = await db
        .selectFrom('portfolio_notifications')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn.countAll<string>().filterWhere('pop', '=', false).as('unseen'),
        ])
        .where('portfolio_id', '=', portfolioId)
        .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since!))
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unseen: Number(row.unseen) };
    },

    async since(portfolioId: number, since: Date) {
      return db
        .selectFrom('portfolio_notifications')
        .select(columns)
        .where('portfolio_id', '=', portfolioId)
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Marks the newest `count` seen; answers how many were unseen among them. */
    async markSeen(portfolioId: number, count: number) {
      const rows = await db
        .updateTable('portfolio_notifications')
        .set({ pop: true })
        .where('pop', '=', false)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('portfolio_notifications')
            .select('id')
            .where('portfolio_id', '=', portfolioId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(count),
        )
        .returning('id')
        .execute();
      return rows.length;
    },

    /** A user's notifications (all their files) whose day is from `from` to `to`, oldest first. */
    async ofUserBetween(userId: number, from: string, to: string) {
      return db
        .selectFrom('portfolio_notifications as n')
        .innerJoin('portfolios as f', 'f.id', 'n.portfolio_id')
        .select(columns.map((column) => `n.${column}` as const))
        .where('f.user_id', '=', userId)
        .where('n.day', '>=', from)
        .where('n.day', '<=', to)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
    },
  };
}

export type MonitorRepo = ReturnType<typeof monitorRepo>;
export type NotificationRow = Awaited<ReturnType<MonitorRepo['page']>>[number];
