import {
  accountApi,
  alertsApi,
  demoAccounts,
  messages,
  profilesApi,
  type Alert,
  type AlertFacets,
  type AlertsPage,
  type ProfileData,
} from '@insight/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket, type TestSocket } from '../../test/socket';

const demo = (role: string) => demoAccounts.find((account) => account.role === role)!;
const it_ = 1; // Information Technology
const health = 2; // Health Care

async function until<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const newProfile = (n: string) => ({
  first_name: 'Fund',
  last_name: n,
  email: `fund.${n.toLowerCase()}@example.test`,
  password: 'Gr0wthFund',
});

describe('investment profiles on the real app', () => {
  let t: TestApp;
  let admin: HttpClient;
  let adminSocket: TestSocket;
  let owner: HttpClient;
  let profileId: number;

  const client = () => new HttpClient(t.baseUrl);
  const data = async (as: HttpClient = owner) => {
    const response = await as.get(profilesApi.data);
    expect(response.status).toBe(200);
    return response.body as ProfileData;
  };
  const rebuilt = async (jobId: string) => {
    await until(async () => {
      const row = await t.app.db
        .selectFrom('profile_rebuilds')
        .selectAll()
        .where('profile_id', '=', profileId)
        .executeTakeFirst();
      return row?.job_id === jobId && row.state === 'done';
    });
  };

  beforeAll(async () => {
    t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
    await t.app.ingestor.start();
    await t.app.alerts.evaluate();
    admin = client();
    await signIn(admin, demo('admin'));
    adminSocket = await connectSocket(t.baseUrl, { as: admin });
  }, 180_000);
  afterAll(async () => {
    adminSocket?.close();
    await t.close();
  });

  describe('an admin registers a profile', () => {
    it('answers the spec’s messages and tells the admins’ profile selectors', async () => {
      const created = await admin.post(accountApi.adminCreateProfile, newProfile('Alpha'));
      expect(created.body).toEqual({ status: true, msg: messages.register.created });
      const pushed = await adminSocket.waitFor('profile:created', {
        where: (event) => event.profile.name === 'fund_alpha',
      });
      profileId = pushed.profile.id;

      const again = await admin.post(accountApi.adminCreateProfile, newProfile('Alpha'));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ status: false, msg: messages.register.taken });

      owner = client();
      await signIn(owner, newProfile('Alpha'));
      const mine = await data();
      expect(mine.profile).toEqual({ id: profileId, name: 'fund_alpha' });
      expect(mine.sectors).toEqual([]);
    });
  });

  describe('the profile demo account', () => {
    it('has an investment profile of its own to edit, empty at first', async () => {
      const paula = client();
      await signIn(paula, demo('profile'));
      const mine = await data(paula);
      expect(mine.profile.name).toBe('paula_profile');
      expect(mine.sectors).toEqual([]);
    });
  });

  describe('who may edit', () => {
    it('refuses a regular user, another profile account, and anyone on Default', async () => {
      const user = client();
      await signIn(user, await createUser(t.app));
      expect((await user.get(profilesApi.data)).status).toBe(403);
      expect((await user.post(profilesApi.addSector, { data: { sector_ref_id: it_ } })).status).toBe(403);

      await admin.post(accountApi.adminCreateProfile, newProfile('Beta'));
      const other = client();
      await signIn(other, newProfile('Beta'));
      const intrusion = await other.post(profilesApi.addSector, {
        profile_id: profileId,
        data: { sector_ref_id: health },
      });
      expect(intrusion.status).toBe(403);
      expect((await other.get(`${profilesApi.data}?profile_id=${profileId}`)).status).toBe(403);
      expect((await data()).sectors).toEqual([]);

      const defaultId = (
        await t.app.db
          .selectFrom('profiles')
          .select('id')
          .where('name', '=', 'Default')
          .executeTakeFirstOrThrow()
      ).id;
      expect((await admin.get(`${profilesApi.data}?profile_id=${defaultId}`)).status).toBe(403);
      // An admin edits any other profile.
      expect((await admin.get(`${profilesApi.data}?profile_id=${profileId}`)).status).toBe(200);
    });
  });

  describe('sectors and screeners', () => {
    let sectorId: number;

    it('a new sector gets the defaults and the two default filters', async () => {
      const added = await owner.post(profilesApi.addSector, { data: { sector_ref_id: it_ } });
      expect(added.status).toBe(200);
      const sector = added.body.sector;
      sectorId = sector.id;
      expect(sector).toMatchObject({
        name: 'Information Technology',
        sector_ref_id: it_,
        symbol: 'XLK',
        size: 100000,
        stoploss: 10,
        target_amount: 0.5,
        up_down_ratio: 1,
        logic: 0,
      });
      expect(
        sector.screeners.map((s: { field: string; minVal: number; maxVal: number }) => [
          s.field,
          s.minVal,
          s.maxVal,
        ]),
      ).toEqual([
        ['market_val', 2000, null],
        ['beta', 0.5, 2.5],
      ]);
      const twice = await owner.post(profilesApi.addSector, { data: { sector_ref_id: it_ } });
      expect(twice.status).toBe(400);
    });

    it('screened counts equal a direct count over the fundamentals', async () => {
      const response = await owner.post(profilesApi.screenedSymbols, { sector: sectorId });
      expect(response.status).toBe(200);
      const direct = await sql<{ total: number; market_val: number; beta: number; both: number }>`
        select count(*)::int as total,
               count(*) filter (where market_cap / 1e6 >= 2000)::int as market_val,
               count(*) filter (where beta >= 0.5 and beta <= 2.5)::int as beta,
               count(*) filter (where market_cap / 1e6 >= 2000 and beta >= 0.5 and beta <= 2.5)::int as both
        from companies where kind = 'stock' and sector = 'Information Technology'`.execute(t.app.db);
      const row = direct.rows[0]!;
      expect(row.total).toBeGreaterThan(10);
      expect(response.body.screened_symbols).toEqual({
        total: row.total,
        total_passed: row.both,
        market_val: row.market_val,
        beta: row.beta,
      });

      // The editor's unsaved screeners, counted live: a choice bucket and an index.
      const live = await owner.post(profilesApi.screenedSymbols, {
        sector: sectorId,
        screeners: [
          { field: 'pe_ratio_12m', multi_selector: ['0-20', 'gt80'] },
          { field: 'indexes', selector: 'S&P 500' },
        ],
      });
      const count = await sql<{ pe: number; sp: number; both: number }>`
        select count(*) filter (where (pe_ratio_12m >= 0 and pe_ratio_12m < 20) or pe_ratio_12m >= 80)::int as pe,
               count(*) filter (where 'S&P 500' = any(indexes))::int as sp,
               count(*) filter (where ((pe_ratio_12m >= 0 and pe_ratio_12m < 20) or pe_ratio_12m >= 80)
                                  and 'S&P 500' = any(indexes))::int as both
        from companies where kind = 'stock' and sector = 'Information Technology'`.execute(t.app.db);
      expect(live.body.screened_symbols).toMatchObject({
        pe_ratio_12m: count.rows[0]!.pe,
        indexes: count.rows[0]!.sp,
        total_passed: count.rows[0]!.both,
      });
    });

    it('edits and deletes a screener; an empty field deletes the sector', async () => {
      const edited = await owner.post(profilesApi.saveScreener, {
        sector_id: sectorId,
        field: 'beta',
        min: 0.8,
        max: null,
      });
      expect(edited.status).toBe(200);
      expect(edited.body.sector.screeners).toContainEqual(
        expect.objectContaining({ field: 'beta', minVal: 0.8, maxVal: null }),
      );
      const bad = await owner.post(profilesApi.saveScreener, {
        sector_id: sectorId,
        field: 'beta',
        min: 3,
        max: 1,
      });
      expect(bad.status).toBe(400);
      const removed = await owner.post(profilesApi.deleteScreener, { sector_id: sectorId, field: 'beta' });
      expect(removed.body.sector.screeners.map((s: { field: string }) => s.field)).toEqual(['market_val']);

      const gone = await owner.post(profilesApi.deleteScreener, { sector_id: sectorId, field: '' });
      expect(gone.body).toEqual({ status: true, sector: null });
      expect((await data()).sectors).toEqual([]);
    });
  });

  describe('the feed follows the profile', () => {
    const followed = async () => {
      const sectors = await t.app.db
        .selectFrom('profile_sectors')
        .select(['team_ids', 'passing'])
        .where('profile_id', '=', profileId)
        .execute();
      const alerts: Alert[] = await t.app.alerts.list(profileId, null);
      return { sectors, alerts };
    };
    const check = async () => {
      const { sectors, alerts } = await followed();
      const ratings = alerts.filter((alert) => alert.type === 1014);
      const rows = await t.app.db
        .selectFrom('ratings')
        .select(['id', 'analyst_id', 'symbol'])
        .where('id', 'in', ratings.length > 0 ? ratings.map((a) => a.rating_id!) : ['none'])
        .execute();
      for (const rating of rows) {
        expect(
          sectors.some((s) => s.passing.includes(rating.symbol) && s.team_ids.includes(rating.analyst_id)),
        ).toBe(true);
      }
      const rated = new Set(ratings.map((alert) => alert.symbol));
      for (const alert of alerts) expect(rated.has(alert.symbol)).toBe(true);
      return alerts;
    };

    it('has only its sectors’ teams’ ratings on passing stocks, changes after a rebuild, and its room gets a fresh snapshot', async () => {
      expect(await t.app.alerts.list(profileId, null)).toEqual([]);
      const saved = await owner.post(profilesApi.queue, {
        pf_data: {
          newBuild: true,
          portfolioSize: 100000,
          teamUpdatePeriod: 1,
          sectors: [
            { sector_ref_id: it_, screeners: [{ field: 'market_val', minVal: 2000 }] },
            { sector_ref_id: health, screeners: [] },
          ],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.msg).toBe(
        'Profile is being processed in the background and will be ready in a few minutes',
      );
      await rebuilt(saved.body.job_id);
      await adminSocket.waitFor('profile:rebuild', {
        where: (event) => event.profileId === profileId && event.state === 'done',
      });

      const built = await data();
      expect(built.sectors.map((s) => s.name)).toEqual(['Information Technology', 'Health Care']);
      expect(built.rebuild).toEqual({ profileId, state: 'done', done: 2, total: 2 });
      const teamSize = built.sectors.reduce((sum, s) => sum + s.team.length, 0);
      expect(teamSize).toBeGreaterThan(0);

      const before = await check();
      expect(before.filter((a) => a.type === 1014).length).toBeGreaterThan(0);
      const defaultAlerts = await t.app.alerts.list(
        (
          await t.app.db
            .selectFrom('profiles')
            .select('id')
            .where('name', '=', 'Default')
            .executeTakeFirstOrThrow()
        ).id,
        null,
      );
      expect(defaultAlerts.length).toBeGreaterThan(before.length);
      expect(
        before.every((a) => ['Information Technology', 'Health Care'].includes(a.sector_name ?? '')),
      ).toBe(true);

      // An admin watching the profile gets a fresh snapshot after the next rebuild.
      const switched = await new Promise<unknown>((resolve) =>
        adminSocket.socket.emit('profile:switch', profileId, resolve),
      );
      expect(switched).toEqual({ ok: true, data: { profileId } });
      await adminSocket.waitFor('alerts:snapshot', { where: (s) => s.profileId === profileId });
      const since = adminSocket.log.length;

      // Only Health Care now: the alerts change with the rebuild.
      const second = await owner.post(profilesApi.queue, {
        pf_data: {
          newBuild: true,
          portfolioSize: 100000,
          teamUpdatePeriod: 1,
          sectors: [{ sector_ref_id: health, screeners: [] }],
        },
      });
      await rebuilt(second.body.job_id);
      const after = await check();
      expect(after.map((a) => a.id)).not.toEqual(before.map((a) => a.id));
      expect(after.every((a) => a.sector_name === 'Health Care')).toBe(true);
      const snapshot = await adminSocket.waitFor('alerts:snapshot', {
        since,
        where: (s) => s.profileId === profileId,
      });
      expect(snapshot.alerts.map((a) => a.id)).toEqual(
        after.slice(0, snapshot.alerts.length).map((a) => a.id),
      );
    }, 120_000);

    it('{item: 1} rebuilds without changing the sectors', async () => {
      const before = await data();
      const response = await owner.post(profilesApi.queue, { item: 1 });
      expect(response.status).toBe(200);
      await rebuilt(response.body.job_id);
      expect((await data()).sectors.map((s) => s.id)).toEqual(before.sectors.map((s) => s.id));
    }, 60_000);

    it('pages and counts the profile an admin’s feed shows, not the admin’s current one', async () => {
      // The admin's socket was switched to the profile above; HTTP still has Default as current.
      const adminRow = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', demo('admin').email)
        .executeTakeFirstOrThrow();
      const expected = (await t.app.alerts.list(profileId, adminRow.id)).map((alert) => alert.id);
      expect(expected.length).toBeGreaterThan(0);
      const pagesOf = async (as: HttpClient, profile?: number) => {
        const ids: number[] = [];
        // A cursor after every alert: the first page, then each page's cursor.
        let cursor: string | null = '999999999999999_999999999999';
        while (cursor !== null) {
          const query: string = `cursor=${cursor}${profile === undefined ? '' : `&profile=${profile}`}`;
          const page = await as.get(`${alertsApi.page}?${query}`);
          expect(page.status).toBe(200);
          ids.push(...(page.body as AlertsPage).alerts.map((alert) => alert.id));
          cursor = (page.body as AlertsPage).cursor;
        }
        return ids;
      };
      expect(await pagesOf(admin, profileId)).toEqual(expected);
      const facets = await admin.get(`${alertsApi.facets}?profile=${profileId}`);
      expect(facets.status).toBe(200);
      expect((facets.body as AlertFacets).total).toBe(expected.length);
      // Without it, the current profile (Default) as before, which has other alerts.
      const current = await pagesOf(admin);
      expect(current.filter((id) => expected.includes(id))).toEqual([]);

      // A user who cannot see the profile is refused it; a profile that is no id, with a 400.
      const user = client();
      await signIn(user, await createUser(t.app));
      const refused = await user.get(`${alertsApi.facets}?profile=${profileId}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ status: false, msg: 'No such investment profile' });
      const bad = await admin.get(`${alertsApi.page}?cursor=1_1&profile=growth`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/profile must be a profile id/);
    });

    it('previews the alerts an unsaved profile would have produced over 3 months, per sector', async () => {
      const response = await owner.post(profilesApi.preview, {
        sectors: [
          { sector_ref_id: it_, screeners: [{ field: 'market_val', minVal: 2000 }] },
          { sector_ref_id: health, screeners: [] },
        ],
      });
      expect(response.status).toBe(200);
      const body = response.body as {
        total: number;
        sectors: { sector_ref_id: number; count: number }[];
        alerts: { sector_ref_id: number; time: number }[];
      };
      expect(body.sectors.map((s) => s.sector_ref_id)).toEqual([it_, health]);
      expect(body.total).toBe(body.sectors.reduce((sum, s) => sum + s.count, 0));
      for (const sector of body.sectors)
        expect(body.alerts.filter((a) => a.sector_ref_id === sector.sector_ref_id)).toHaveLength(
          sector.count,
        );
      const times = body.alerts.map((a) => a.time);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }, 60_000);
  });
});
