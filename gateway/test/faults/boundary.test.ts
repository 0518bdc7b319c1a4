import net from 'node:net';
import { controlCharactersMessage } from '@insight/shared';
import { apiPath } from '@insight/shared/market/schemas';
import { portfolioApi, portfolioLimits, portfolioMessages } from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPositions,
  createFile,
  investor,
  openPositions,
  startPortfolioApp,
  tradingToday,
  type Investor,
} from '../../src/portfolio/portfolio.fixtures';
import type { TestApp } from '../app';
import { HttpClient } from '../http';

/** Issue 14 §5 and §6: input at the boundary, security headers, slow clients, idempotent retries. */
let t: TestApp;
let owner: Investor;
let fileId: number;

beforeAll(async () => {
  ({ t } = await startPortfolioApp());
  owner = await investor(t);
  fileId = (await createFile(owner, { start_budget: 1_000_000 })).id;
});
afterAll(() => t.close());

describe('input at the boundary', () => {
  it('refuses a NUL or another control character in any text with a 400 naming the field', async () => {
    const notes = await owner.post(portfolioApi.deposits, {
      portfolioId: fileId,
      units: 5,
      notes: 'a\u0000b',
    });
    expect(notes.status).toBe(400);
    expect(notes.body).toEqual({ status: false, msg: `notes: ${controlCharactersMessage}`, field: 'notes' });
    const item = await addPositions(owner, {
      portfolio_id: fileId,
      items: [
        { type: 'Buy', symbol: 'AAPL', date: tradingToday(), price: 10, quantity: 1, notes: 'x\u001b[2J' },
      ],
    });
    expect(item.status).toBe(400);
    expect(item.body.field).toBe('items.0.notes');
    const inPath = await owner.get(`/api/finance/fetch_stock/AA%00PL`);
    expect(inPath.status).toBe(400);
    // Newline and tab are text.
    const fine = await owner.post(portfolioApi.deposits, {
      portfolioId: fileId,
      units: 5,
      notes: 'line\n\tnext',
    });
    expect(fine.status).toBe(200);
  });

  it('takes ids only as whole numbers: no true, no "12" in a body', async () => {
    for (const id of [true, String(fileId), 1.5, 0, -1]) {
      const response = await owner.post(portfolioApi.pieChart, { pid: id });
      expect(response.status, String(id)).toBe(400);
      expect(response.body.field).toBe('pid');
    }
    const deleted = await owner.post(portfolioApi.delete, { scurity_ids: [true] });
    expect(deleted.status).toBe(400);
    // In a path an id is text: digits only.
    expect((await owner.get(apiPath(portfolioApi.unitPrice, { id: fileId }))).status).toBe(200);
    expect((await owner.get(`/api/file/get_unit_price/1e3`)).status).toBe(400);
  });

  it('bounds prices and units', async () => {
    const price = await addPositions(owner, {
      portfolio_id: fileId,
      items: [{ type: 'Buy', symbol: 'AAPL', date: tradingToday(), price: 9.007e15, quantity: 1 }],
    });
    expect(price.status).toBe(400);
    expect(price.body.field).toBe('items.0.price');
    const units = await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 2 ** 53 });
    expect(units.status).toBe(400);
  });

  it('answers 401, not 400, to an anonymous caller with a bad body', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const response = await anonymous.post(portfolioApi.deposits, { portfolioId: 'x\u0000' });
    expect(response.status).toBe(401);
    expect((await anonymous.post(portfolioApi.close, '{not json')).status).toBe(401);
  });

  it(`holds at most ${portfolioLimits.openLotsMax} open positions in a file, with a clear 400 beyond`, async () => {
    const trader = await investor(t);
    const id = (await createFile(trader, { start_budget: 1_000_000_000 })).id;
    const rows = Array.from({ length: portfolioLimits.openLotsMax }, (_, index) => ({
      portfolio_id: id,
      symbol: index % 2 === 0 ? 'AAPL' : 'MSFT',
      kind: 'Long' as const,
      entry_date: tradingToday(),
      entry_price: '10',
      quantity: 1,
      notes: '',
    }));
    await t.app.db.insertInto('portfolio_positions').values(rows).execute();
    const beyond = await addPositions(trader, {
      portfolio_id: id,
      items: [{ type: 'Buy', symbol: 'AAPL', date: tradingToday(), price: 10, quantity: 1 }],
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.msg).toBe(portfolioMessages.tooManyLots(portfolioLimits.openLotsMax));
    expect((await openPositions(trader, id)).list).toHaveLength(portfolioLimits.openLotsMax);
  });
});

describe('hardening', () => {
  it('sends the security headers on every answer: pages, API answers, refusals and unknown paths', async () => {
    for (const path of ['/', '/api/health', portfolioApi.deposits, '/api/nothing-here', '/assets/none.js']) {
      const response = await new HttpClient(t.baseUrl).get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-(eval|inline)/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Served over plain HTTP here (COOKIE_SECURE off): no HSTS.
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('sets Node timeouts so a client sending headers one byte at a time is cut off', async () => {
    expect(t.app.server.headersTimeout).toBeGreaterThan(0);
    expect(t.app.server.headersTimeout).toBeLessThanOrEqual(15_000);
    expect(t.app.server.requestTimeout).toBeGreaterThan(0);
    expect(t.app.server.requestTimeout).toBeLessThanOrEqual(60_000);
    const { port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {}); // the server cuts it off: that is the point
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const started = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X'), 1000);
    const end = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 55_000))]);
    clearInterval(drip);
    socket.destroy();
    expect(end).toBeGreaterThan(0);
    // headersTimeout is 10 s; Node checks connections every 30 s.
    expect(end - started).toBeLessThan(45_000);
  }, 70_000);

  it('answers a retried deposit, position or close with the same Idempotency-Key once, without acting twice', async () => {
    const key = { 'idempotency-key': `deposit-${Date.now()}` };
    const first = await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 7 }, key);
    const again = await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 7 }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const deposits = await t.app.db
      .selectFrom('portfolio_funds')
      .select('units')
      .where('portfolio_id', '=', fileId)
      .where('units', '=', 7)
      .execute();
    expect(deposits).toHaveLength(1);

    const lineKey = { 'idempotency-key': `position-${Date.now()}` };
    const item = { type: 'Buy' as const, symbol: 'KO', date: tradingToday(), price: 50, quantity: 3 };
    const body = { portfolio_id: fileId, items: [item] };
    const opened = await owner.post(portfolioApi.addPositions, body, lineKey);
    const reopened = await owner.post(portfolioApi.addPositions, body, lineKey);
    expect(opened.status, opened.text).toBe(200);
    expect(reopened.body).toEqual(opened.body);
    const ko = (await openPositions(owner, fileId)).list.filter((lot) => lot.symbol === 'KO');
    expect(ko).toHaveLength(1);

    const closeKey = { 'idempotency-key': `close-${Date.now()}` };
    const close = {
      portfolio_id: fileId,
      items: [{ id: ko[0]!.id, quantity: 1, price: 55, date: tradingToday() }],
    };
    expect((await owner.post(portfolioApi.close, close, closeKey)).status).toBe(200);
    expect((await owner.post(portfolioApi.close, close, closeKey)).status).toBe(200);
    const left = (await openPositions(owner, fileId)).list.filter((lot) => lot.symbol === 'KO');
    expect(left.reduce((sum, lot) => sum + Number(lot.quantity), 0)).toBe(2);

    // The same key for another request is refused; another user's same key is theirs.
    const other = await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 8 }, key);
    expect(other.status).toBe(422);
    // Without the header, two requests act twice, as before.
    await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 9 });
    await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 9 });
    const nines = await t.app.db
      .selectFrom('portfolio_funds')
      .select('units')
      .where('portfolio_id', '=', fileId)
      .where('units', '=', 9)
      .execute();
    expect(nines).toHaveLength(2);
  });
});
