import { sectors } from '@insight/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db';
import './tables';

/** The sector → SPDR ETF map as a SQL VALUES list, for rules that compare a stock with its sector. */
const sectorEtfValues = sql.join(sectors.map((sector) => sql`(${sector.name}, ${sector.symbol})`));

export interface AlertRow {
  id: number;
  type: number;
  symbol: string;
  rating_id: string | null;
  earning_date: string | null;
  at: Date;
  rating: 'buy' | 'sell' | null;
  rated_at: Date | null;
  analyst: string | null;
  analyst_id: string | null;
  firm: string | null;
  price_target: string | null;
  price_when_posted: string | null;
  name: string | null;
  sector: string | null;
  market_cap: string | null;
  beta: string | null;
  pe_ratio_12m: string | null;
  indexes: string[] | null;
  last_price: string | null;
  next_earning: string | null;
  mc_index: number | null;
}

/**
 * Queries of alerts. Each rule is one idempotent INSERT … SELECT over the stored facts: evaluating a
 * rule twice adds nothing (the dedupe key), and the work is per profile, not per user.
 */
export function alertsRepo(db: Db) {
  const inserted = (rows: { id: number }[]) => rows.map((row) => row.id);

  return {
    async profiles() {
      return db.selectFrom('profiles').select(['id', 'name']).orderBy('id').execute();
    },

    /**
     * 1014: a new buy or sell rating, for every rating published since `since` (that `ratingFilter`,
     * a condition on the rating `r`, lets through: a profile's own sectors, see profiles/alert-filter).
     */
    async insertRatingAlerts(
      profileId: number,
      since: Date,
      ratingFilter: RawBuilder<unknown> | null = null,
    ) {
      const result = await sql<{ id: number }>`
        insert into alerts (profile_id, type, symbol, rating_id, at, dedupe_key)
        select ${profileId}::int, 1014, r.symbol, r.id, r.published_at, 'r:' || r.id
        from ratings r where r.published_at > ${since}
          ${ratingFilter === null ? sql`` : sql`and ${ratingFilter}`}
        on conflict (profile_id, dedupe_key) do nothing
        returning id`.execute(db);
      return inserted(result.rows);
    },

    /**
     * 1015 / 1017: an earnings date within `aheadDays` (1017 when it is today) of a symbol the profile
     * has a rating alert on.
     */
    async insertEarningsAlerts(profileId: number, since: Date, today: string, aheadDays: number, now: Date) {
      // Dated when the condition first held: the later of the symbol's first rating alert and the
      // start (New York midnight) of the day the earnings came within reach, never after now.
      const result = await sql<{ id: number }>`
        insert into alerts (profile_id, type, symbol, earning_date, at, dedupe_key)
        select ${profileId}::int, case when e.date = ${today}::date then 1017 else 1015 end, e.symbol, e.date,
               least(${now}::timestamptz, greatest(
                 rated.first_at,
                 ((case when e.date = ${today}::date then e.date else e.date - ${aheadDays}::int end)::timestamp)
                   at time zone 'America/New_York')),
               case when e.date = ${today}::date then 'et:' else 'e:' end || e.symbol || ':' || e.date::text
        from earnings e
        join (
          select a.symbol, min(a.at) as first_at from alerts a
          where a.profile_id = ${profileId} and a.type = 1014 and a.at > ${since}
          group by a.symbol
        ) rated on rated.symbol = e.symbol
        where e.date >= ${today}::date and e.date <= ${today}::date + ${aheadDays}::int
        on conflict (profile_id, dedupe_key) do nothing
        returning id`.execute(db);
      return inserted(result.rows);
    },

    /**
     * 1004: the last price within `within` (0.02 = 2%) of a rating alert's target. Dated by the market:
     * the close of the first trading day after the rating on which the price was that near, else the
     * quote that shows it.
     */
    async insertTargetNearAlerts(profileId: number, since: Date, within: number) {
      const result = await sql<{ id: number }>`
        insert into alerts (profile_id, type, symbol, rating_id, at, dedupe_key)
        select ${profileId}::int, 1004, a.symbol, a.rating_id,
               greatest(r.published_at, least(q.at, coalesce(first_near.at, q.at))),
               't:' || a.rating_id
        from alerts a
        join ratings r on r.id = a.rating_id
        join quotes q on q.symbol = a.symbol
        left join lateral (
          select (b.date + time '16:00') at time zone 'America/New_York' as at from daily_bars b
          where b.symbol = a.symbol
            and (b.date + time '16:00') at time zone 'America/New_York' > r.published_at
            and abs(b.close - r.price_target) <= ${within}::numeric * r.price_target
          order by b.date limit 1
        ) first_near on true
        where a.profile_id = ${profileId} and a.type = 1014 and a.at > ${since}
          and abs(q.last_price - r.price_target) <= ${within}::numeric * r.price_target
        on conflict (profile_id, dedupe_key) do nothing
        returning id`.execute(db);
      return inserted(result.rows);
    },

    /**
     * 1016: a stock with a buy alert that has trailed its sector's ETF by more than `by` (0.05 = 5
     * points) since the rating: its return from the price when posted, against the ETF's from its
     * close on the day before. Dated by the market: the close of the first trading day after the
     * rating on which it trailed that much, else the quote that shows it.
     */
    async insertUnderperformingAlerts(profileId: number, since: Date, by: number) {
      const result = await sql<{ id: number }>`
        insert into alerts (profile_id, type, symbol, rating_id, at, dedupe_key)
        select ${profileId}::int, 1016, a.symbol, a.rating_id,
               greatest(r.published_at, least(q.at, coalesce(first_behind.at, q.at))),
               'u:' || a.rating_id
        from alerts a
        join ratings r on r.id = a.rating_id and r.rating = 'buy'
        join quotes q on q.symbol = a.symbol
        join companies c on c.symbol = a.symbol
        join (values ${sectorEtfValues}) as etf(sector, symbol) on etf.sector = c.sector
        join quotes eq on eq.symbol = etf.symbol
        join lateral (
          select b.close from daily_bars b
          where b.symbol = etf.symbol and b.date < (r.published_at at time zone 'America/New_York')::date
          order by b.date desc limit 1
        ) etf_then on true
        left join lateral (
          select (b.date + time '16:00') at time zone 'America/New_York' as at from daily_bars b
          join daily_bars eb on eb.symbol = etf.symbol and eb.date = b.date
          where b.symbol = a.symbol
            and (b.date + time '16:00') at time zone 'America/New_York' > r.published_at
            and (b.close / r.price_when_posted - 1) - (eb.close / etf_then.close - 1) < ${-by}::numeric
          order by b.date limit 1
        ) first_behind on true
        where a.profile_id = ${profileId} and a.type = 1014 and a.at > ${since}
          and (q.last_price / r.price_when_posted - 1) - (eq.last_price / etf_then.close - 1) < ${-by}::numeric
        on conflict (profile_id, dedupe_key) do nothing
        returning id`.execute(db);
      return inserted(result.rows);
    },

    /** Alerts of a profile as a user sees them: not dismissed by that user, newest first. */
    async list(options: {
      profileId: number;
      userId: number | null;
      since: Date;
      today: string;
      ids?: number[];
      limit?: number;
    }) {
      const { profileId, userId, since, today, ids, limit = 500 } = options;
      const result = await sql<AlertRow>`
        select a.id, a.type, a.symbol, a.rating_id, a.earning_date::text as earning_date, a.at,
               r.rating, r.published_at as rated_at, r.analyst, r.analyst_id, r.firm, r.price_target, r.price_when_posted,
               c.name, c.sector, c.market_cap, c.beta, c.pe_ratio_12m, c.indexes,
               q.last_price,
               (select min(e.date)::text from earnings e where e.symbol = a.symbol and e.date >= ${today}::date) as next_earning,
               rank.mc_index
        from alerts a
        left join ratings r on r.id = a.rating_id
        left join companies c on c.symbol = a.symbol
        left join quotes q on q.symbol = a.symbol
        left join (
          select symbol, (rank() over (order by market_cap desc nulls last))::int as mc_index
          from companies where kind = 'stock'
        ) rank on rank.symbol = a.symbol
        where a.profile_id = ${profileId} and a.at > ${since}
          ${ids ? sql`and a.id = any(${ids}::int[])` : sql``}
          ${userId === null ? sql`` : sql`and not exists (select 1 from alert_dismissals d where d.user_id = ${userId} and d.alert_id = a.id)`}
        order by a.at desc, a.id desc
        limit ${limit}`.execute(db);
      return result.rows;
    },

    /** The ids of the alerts a user dismissed or executed (a filter on the profile's cached list). */
    async dismissedIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alert_dismissals')
        .select('alert_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.alert_id);
    },

    async findProfileOfAlert(alertId: number) {
      return db
        .selectFrom('alerts')
        .select(['id', 'profile_id'])
        .where('id', '=', alertId)
        .executeTakeFirst();
    },

    async dismiss(userId: number, alertId: number, action: 'dismiss' | 'execute') {
      await db
        .insertInto('alert_dismissals')
        .values({ user_id: userId, alert_id: alertId, action })
        .onConflict((oc) => oc.columns(['user_id', 'alert_id']).doUpdateSet({ action, at: new Date() }))
        .execute();
    },
  };
}

export type AlertsRepo = ReturnType<typeof alertsRepo>;
