import { sectors, type ScreenValues } from '@insight/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../platform/db';
import type { ProfileScreenersTable, ProfileSectorsTable } from './tables';
import './tables';

export type SectorRow = Selectable<ProfileSectorsTable>;
export type ScreenerRow = Selectable<ProfileScreenersTable>;

export interface NewSector {
  sector_ref_id: number;
  name: string;
  symbol: string;
  size: number;
  vts_percentage: number | null;
  svts_percentage: number | null;
  val: number | null;
  stoploss: number;
  target_percentage: number | null;
  ratings_to_copy: number | null;
  up_down_ratio: number;
  sp_500_only: boolean;
  logic: number;
  strategies: string[];
  target_amount: number;
  svg: string | null;
  portfolio_size: number | null;
}

export interface NewScreener {
  field: string;
  min_val: number | null;
  max_val: number | null;
  selector: string | null;
  multi_selector: string[] | null;
  pos_type: string | null;
}

const num = (value: string | number | null) => (value === null ? null : Number(value));

/** Queries of investment profiles, their sectors, screeners and rebuilds. No rules here. */
export function profilesRepo(db: Db) {
  return {
    async profile(profileId: number, trx: Db = db) {
      return trx
        .selectFrom('profiles')
        .select(['id', 'name', 'owner_user_id', 'portfolio_size', 'team_update_period'])
        .where('id', '=', profileId)
        .executeTakeFirst();
    },

    async userProfile(userId: number) {
      return db
        .selectFrom('users')
        .select(['current_profile_id', 'account_type', 'is_admin'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async adminIds(): Promise<number[]> {
      const rows = await db.selectFrom('users').select('id').where('is_admin', '=', true).execute();
      return rows.map((row) => row.id);
    },

    async sectors(profileId: number, trx: Db = db) {
      return trx
        .selectFrom('profile_sectors')
        .selectAll()
        .where('profile_id', '=', profileId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async sector(profileId: number, sectorId: number, trx: Db = db) {
      return trx
        .selectFrom('profile_sectors')
        .selectAll()
        .where('profile_id', '=', profileId)
        .where('id', '=', sectorId)
        .executeTakeFirst();
    },

    async screenersOf(sectorIds: number[], trx: Db = db) {
      if (sectorIds.length === 0) return [];
      return trx
        .selectFrom('profile_screeners')
        .selectAll()
        .where('sector_id', 'in', sectorIds)
        .orderBy('id')
        .execute();
    },

    async insertSector(profileId: number, sector: NewSector, trx: Db = db) {
      const { next } = await trx
        .selectFrom('profile_sectors')
        .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
        .where('profile_id', '=', profileId)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('profile_sectors')
        .values({
          ...sector,
          strategies: JSON.stringify(sector.strategies),
          profile_id: profileId,
          position: Number(next),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateSector(sectorId: number, sector: NewSector, position: number, trx: Db = db) {
      await trx
        .updateTable('profile_sectors')
        .set({ ...sector, strategies: JSON.stringify(sector.strategies), position })
        .where('id', '=', sectorId)
        .execute();
    },

    async deleteSectorsExcept(profileId: number, keep: number[], trx: Db = db) {
      let query = trx.deleteFrom('profile_sectors').where('profile_id', '=', profileId);
      if (keep.length > 0) query = query.where('id', 'not in', keep);
      await query.execute();
    },

    async deleteSector(sectorId: number, trx: Db = db) {
      await trx.deleteFrom('profile_sectors').where('id', '=', sectorId).execute();
    },

    async insertScreeners(sectorId: number, screeners: NewScreener[], trx: Db = db) {
      if (screeners.length === 0) return;
      await trx
        .insertInto('profile_screeners')
        .values(
          screeners.map((s) => ({
            ...s,
            multi_selector: s.multi_selector === null ? null : JSON.stringify(s.multi_selector),
            sector_id: sectorId,
          })),
        )
        .execute();
    },

    async replaceScreeners(sectorId: number, screeners: NewScreener[], trx: Db = db) {
      await trx.deleteFrom('profile_screeners').where('sector_id', '=', sectorId).execute();
      await this.insertScreeners(sectorId, screeners, trx);
    },

    async updateScreener(screenerId: number, screener: NewScreener, trx: Db = db) {
      await trx
        .updateTable('profile_screeners')
        .set({
          ...screener,
          multi_selector: screener.multi_selector === null ? null : JSON.stringify(screener.multi_selector),
        })
        .where('id', '=', screenerId)
        .execute();
    },

    async deleteScreeners(sectorId: number, field: string, screenerId: number | undefined, trx: Db = db) {
      let query = trx
        .deleteFrom('profile_screeners')
        .where('sector_id', '=', sectorId)
        .where('field', '=', field);
      if (screenerId !== undefined) query = query.where('id', '=', screenerId);
      const rows = await query.returning('id').execute();
      return rows.length;
    },

    async setProfileValues(profileId: number, portfolioSize: number | null, period: number, trx: Db = db) {
      await trx
        .updateTable('profiles')
        .set({ portfolio_size: portfolioSize, team_update_period: period })
        .where('id', '=', profileId)
        .execute();
    },

    async setSectorTeam(
      sectorId: number,
      team: { team: unknown; teamIds: string[]; passing: string[]; at: Date },
      trx: Db = db,
    ) {
      await trx
        .updateTable('profile_sectors')
        .set({
          team: JSON.stringify(team.team),
          team_ids: team.teamIds,
          passing: team.passing,
          team_built_at: team.at,
        })
        .where('id', '=', sectorId)
        .execute();
    },

    // ---- rebuilds ----

    async rebuild(profileId: number, trx: Db = db) {
      return trx
        .selectFrom('profile_rebuilds')
        .selectAll()
        .where('profile_id', '=', profileId)
        .executeTakeFirst();
    },

    async lockRebuild(profileId: number, trx: Db) {
      await sql`select pg_advisory_xact_lock(${7_019}, ${profileId})`.execute(trx);
      return this.rebuild(profileId, trx);
    },

    async putRebuild(
      row: {
        profile_id: number;
        job_id: string;
        state: 'queued' | 'running' | 'done' | 'failed';
        requested_by: number;
      },
      trx: Db = db,
    ) {
      await trx
        .insertInto('profile_rebuilds')
        .values({ ...row, done: 0, total: 0, again: false })
        .onConflict((oc) =>
          oc.column('profile_id').doUpdateSet({
            job_id: row.job_id,
            state: row.state,
            requested_by: row.requested_by,
            done: 0,
            total: 0,
            again: false,
            updated_at: sql`now()`,
          }),
        )
        .execute();
    },

    async markAgain(profileId: number, trx: Db = db) {
      await trx
        .updateTable('profile_rebuilds')
        .set({ again: true, updated_at: sql`now()` })
        .where('profile_id', '=', profileId)
        .execute();
    },

    /** Moves the rebuild of `jobId` on; false when the profile's newest rebuild is another job. */
    async setRebuildState(
      profileId: number,
      jobId: string,
      state: 'running' | 'done' | 'failed',
      done: number,
      total: number,
      trx: Db = db,
    ) {
      const row = await trx
        .updateTable('profile_rebuilds')
        .set({ state, done, total, updated_at: sql`now()` })
        .where('profile_id', '=', profileId)
        .where('job_id', '=', jobId)
        .returning(['again', 'requested_by'])
        .executeTakeFirst();
      return row ?? null;
    },

    // ---- the facts screened ----

    /**
     * Each stock's screened figures now (spec 000 §3 screener fields): fundamentals of `companies`,
     * the last price, the 50-day average of the closes, and the upside to the mean target of the buys
     * published in the `months` months before the newest rating day.
     */
    async screenValues(
      sectorName: string | null,
      months = 3,
    ): Promise<(ScreenValues & { sector: string })[]> {
      const result = await sql<{
        symbol: string;
        sector: string;
        market_cap: string | null;
        beta: string | null;
        last_price: string | null;
        avg_vol_20d: string | null;
        peg_ratio: string | null;
        pe_ratio_12m: string | null;
        dividend_yield: string | null;
        indexes: string[] | null;
        ma50: string | null;
        bars: number | null;
        target: string | null;
      }>`
        with newest as (select max(date) as day from daily_bars),
        ma as (
          select symbol, avg(close) as ma50, count(*)::int as bars from (
            select b.symbol, b.close, row_number() over (partition by b.symbol order by b.date desc) as rn
            from daily_bars b, newest where b.date > newest.day - 100
          ) recent where rn <= 50 group by symbol
        ),
        latest as (select max(published_at) as at from ratings),
        buys as (
          select r.symbol, avg(r.price_target) as target from ratings r, latest
          where r.rating = 'buy' and r.published_at > latest.at - make_interval(months => ${months}::int)
          group by r.symbol
        )
        select c.symbol, c.sector, c.market_cap, c.beta, q.last_price, c.avg_vol_20d, c.peg_ratio,
               c.pe_ratio_12m, c.dividend_yield, c.indexes, ma.ma50, ma.bars, buys.target
        from companies c
        left join quotes q on q.symbol = c.symbol
        left join ma on ma.symbol = c.symbol
        left join buys on buys.symbol = c.symbol
        where c.kind = 'stock' and c.sector is not null
          ${sectorName === null ? sql`` : sql`and c.sector = ${sectorName}`}
        order by c.symbol`.execute(db);
      return result.rows.map((row) => {
        const last = num(row.last_price);
        const ma50 = row.bars !== null && row.bars >= 50 ? num(row.ma50) : null;
        const target = num(row.target);
        const marketCap = num(row.market_cap);
        return {
          symbol: row.symbol,
          sector: row.sector,
          market_val: marketCap === null ? null : marketCap / 1e6,
          beta: num(row.beta),
          last_price: last,
          avg_vol_20d: num(row.avg_vol_20d),
          peg_ratio: num(row.peg_ratio),
          pe_ratio_12m: num(row.pe_ratio_12m),
          dividend_yield: num(row.dividend_yield),
          indexes: row.indexes ?? [],
          above_ma50: ma50 === null || last === null ? null : last > ma50,
          upside:
            target === null || last === null || last <= 0
              ? null
              : Math.round((target / last - 1) * 1e5) / 1e3,
        };
      });
    },

    /** Ratings of the given symbols published since `since`, with the company's name, newest first. */
    async ratingsOf(symbols: string[], since: Date) {
      if (symbols.length === 0) return [];
      return db
        .selectFrom('ratings as r')
        .leftJoin('companies as c', 'c.symbol', 'r.symbol')
        .select([
          'r.id',
          'r.symbol',
          'r.analyst_id',
          'r.analyst',
          'r.rating',
          'r.price_target',
          'r.published_at',
          'c.name',
          'c.sector',
        ])
        .where('r.symbol', 'in', symbols)
        .where('r.published_at', '>', since)
        .orderBy('r.published_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
    },

    /** Analysts' names by id. */
    async analystNames(ids: string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db
        .selectFrom('ratings')
        .select(['analyst_id', sql<string>`max(analyst)`.as('name')])
        .where('analyst_id', 'in', ids)
        .groupBy('analyst_id')
        .execute();
      return new Map(rows.map((row) => [row.analyst_id, row.name]));
    },

    /** Profiles with at least one built sector: those that get alerts of their own. */
    async builtProfileIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('profile_sectors')
        .select('profile_id')
        .where('team_built_at', 'is not', null)
        .groupBy('profile_id')
        .execute();
      return rows.map((row) => row.profile_id);
    },

    async profileName(profileId: number) {
      return db.selectFrom('profiles').select(['id', 'name']).where('id', '=', profileId).executeTakeFirst();
    },
  };
}

export type ProfilesRepo = ReturnType<typeof profilesRepo>;

export const systemSector = (id: number) => sectors.find((sector) => sector.id === id);
