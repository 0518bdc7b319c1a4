import { apiPath, universesApi } from '@insight/shared/market/schemas';
import { inRange } from '@insight/shared/scan/engine';
import {
  scanApi,
  scanFiltersSchema,
  scanPhases,
  type OpportunityRow,
  type ScanResponse,
  type ScannerSettingBody,
} from '@insight/shared/scan/schemas';
import { sectors } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUserUniverse } from '../../test/factories/universes';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { TestSocket } from '../../test/socket';

let t: TestApp;
let alice: HttpClient;
let bob: HttpClient;
let sp500: number;
let aliceId: number;

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.universes.refreshSystemUniverses();
  alice = new HttpClient(t.baseUrl);
  bob = new HttpClient(t.baseUrl);
  const user = await createUser(t.app);
  aliceId = user.id;
  await signIn(alice, user);
  await signIn(bob, await createUser(t.app));
  const universes = (await alice.get(universesApi.list)).body as { id: number; name: string }[];
  sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;
}, 120_000);
afterAll(() => t?.close());

const settingPath = (id: number) => apiPath(scanApi.setting, { id });

describe('scanner settings', () => {
  it('are created, listed, read and edited by their owner', async () => {
    const created = await alice.post(scanApi.settings, {
      name: 'Large caps',
      description: 'd',
      minUpside: 10,
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect(created.body).toEqual({ status: true, id, _id: id });

    const one = await alice.get(settingPath(id));
    expect(one.body).toMatchObject({
      id,
      _id: id,
      name: 'Large caps',
      minUpside: 10,
      daysToEarning: 14,
      minEps: 0,
    });
    expect((await alice.get(`${scanApi.settings}/`)).body.map((s: { id: number }) => s.id)).toContain(id);

    const edited = await alice.request('PUT', settingPath(id), {
      name: 'Renamed',
      screeners: { beta: { condition: 1, max: 1.5 } },
    });
    expect(edited.status).toBe(200);
    expect((await alice.get(settingPath(id))).body).toMatchObject({
      name: 'Renamed',
      minUpside: 5,
      screeners: { beta: { condition: 1, max: 1.5 } },
    });
  });

  it("are another user's own: reading or editing one of them answers 404", async () => {
    const id = (await alice.post(scanApi.settings, { name: 'Mine' })).body.id as number;
    expect((await bob.get(settingPath(id))).status).toBe(404);
    expect((await bob.request('PUT', settingPath(id), { name: 'Stolen' })).status).toBe(404);
    expect((await bob.get(scanApi.settings)).body).toEqual([]);
    expect((await alice.get(settingPath(id))).body.name).toBe('Mine');
  });

  it.each([
    [{ name: '  ' }, 'name'],
    [{ description: 'no name' }, 'name'],
    [{ name: 'x', screeners: { beta: { condition: 3, min: 2, max: 1 } } }, 'screeners.beta.min'],
    [{ name: 'x', screeners: { volume: { condition: 2 } } }, 'screeners.volume.min'],
    [{ name: 'x', daysToEarning: -1 }, 'daysToEarning'],
  ])('refuses %j naming the field %s', async (body, field) => {
    const response = await alice.post(scanApi.settings, body);
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(response.body.status).toBe(false);
  });
});

const scanUrl = (query: Record<string, string | number>) =>
  `${scanApi.scan}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
const allSectors = sectors.map((sector) => sector.id).join(',');

describe('the scan', () => {
  it('answers only symbols of the universe, each satisfying every filter of the setting', async () => {
    const setting: ScannerSettingBody = {
      name: 'Filtered',
      screeners: {
        beta: { condition: 3, min: 0.3, max: 1.8 },
        marketCap: { condition: 2, min: 5000 },
        volume: { condition: 2, min: 100_000 },
      },
      daysToEarning: 7,
      minUpside: 3,
      minEps: 0.5,
      removeIfAnyShort: true,
    };
    const id = (await alice.post(scanApi.settings, setting)).body.id as number;
    const response = await alice.get(
      scanUrl({ universe: sp500, settings: id, sectors: allSectors, count: 500 }),
    );
    expect(response.status).toBe(200);
    const result = response.body as ScanResponse;
    const universe = new Set(
      (await alice.get(apiPath(universesApi.one, { id: sp500 }))).body.tickers as string[],
    );
    const filters = scanFiltersSchema.parse(setting);
    const rows = Object.values(result.opportunities).flat();
    expect(rows.length).toBeGreaterThan(0);
    for (const [sector, list] of Object.entries(result.opportunities)) {
      const scores = list.map((row) => row.totalScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const row of list) expect(row.rawSector).toBe(sector);
    }
    for (const row of rows as OpportunityRow[]) {
      expect(universe.has(row.ticker)).toBe(true);
      expect(inRange(row.factors.beta.value, filters.screeners.beta)).toBe(true);
      expect(row.marketCap! / 1e6).toBeGreaterThanOrEqual(5000);
      expect(row.upside!).toBeGreaterThanOrEqual(3);
      expect(row.factors.eps.value!).toBeGreaterThanOrEqual(0.5);
      if (row.earningDate) {
        const days = (Date.parse(row.earningDate) - Date.parse(result.asOf)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(7);
      }
      expect(row.analysts.length).toBeGreaterThan(0);
      expect(row.totalScore).toBeGreaterThanOrEqual(0);
      expect(row.totalScore).toBeLessThanOrEqual(100);
    }
  });

  it('keeps to a small universe of the user', async () => {
    const all = (await alice.get(scanUrl({ universe: sp500, sectors: allSectors, count: 500 })))
      .body as ScanResponse;
    const some = Object.values(all.opportunities)
      .flat()
      .slice(0, 3)
      .map((row) => row.ticker);
    expect(some.length).toBeGreaterThan(0);
    const id = await createUserUniverse(t.app, aliceId, [...some, 'SPY']);
    const response = await alice.get(scanUrl({ universe: id, sectors: allSectors, count: 500 }));
    const tickers = Object.values((response.body as ScanResponse).opportunities)
      .flat()
      .map((row) => row.ticker);
    expect(tickers.sort()).toEqual([...some].sort());
  });

  it('refuses an unknown sector and a count over 500, naming the field', async () => {
    const bad = await alice.get(scanUrl({ universe: sp500, sectors: '1,99' }));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sectors.1');
    const many = await alice.get(scanUrl({ universe: sp500, sectors: '1', count: 501 }));
    expect(many.status).toBe(400);
    expect(many.body.field).toBe('count');
  });

  it("answers 404 for another user's setting", async () => {
    const id = (await alice.post(scanApi.settings, { name: 'private' })).body.id as number;
    expect((await bob.get(scanUrl({ universe: sp500, settings: id, sectors: '1' }))).status).toBe(404);
  });

  it('pushes its progress in phase order and every sector once, to the socket that asked', async () => {
    const socket = await new TestSocket(t.baseUrl, { as: alice }).connect();
    const other = await new TestSocket(t.baseUrl, { as: alice }).connect();
    try {
      const chosen = [1, 3, 8, 10];
      const response = await alice.get(
        scanUrl({
          universe: sp500,
          sectors: chosen.join(','),
          count: 20,
          socketId: socket.socket.id!,
          scanId: 's1',
        }),
      );
      expect(response.status).toBe(200);
      await socket.waitFor('scan:sector', {
        where: (payload) => payload.sector === 'Real Estate',
        timeoutMs: 10_000,
      });
      const progress = socket.received('scan:progress');
      const phases = progress.map((event) => scanPhases.indexOf(event.phase));
      expect(new Set(phases)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
      expect(phases).toEqual([...phases].sort((a, b) => a - b));
      for (const event of progress) expect(event).toMatchObject({ scanId: 's1', total: 4 });
      const names = chosen.map((id) => sectors.find((sector) => sector.id === id)!.name);
      for (const phase of [3, 4, 5])
        expect(
          progress.filter((event) => scanPhases.indexOf(event.phase) === phase).map((e) => e.sector),
        ).toEqual(names);
      const pushed = socket.received('scan:sector');
      expect(pushed.map((event) => event.sector)).toEqual(names);
      for (const event of pushed)
        expect(event.rows).toEqual((response.body as ScanResponse).opportunities[event.sector]);
      expect(other.received('scan:progress')).toEqual([]);
    } finally {
      socket.close();
      other.close();
    }
  });
});
