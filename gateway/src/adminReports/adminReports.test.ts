import fs from 'node:fs/promises';
import path from 'node:path';
import {
  adminReportsApi,
  adminReportsMessages,
  apiPath,
  jobsApi,
  type ClientsPortfolioTotals,
  type JobRow,
} from '@insight/shared';
import { Dec } from '@insight/shared/portfolio/accounting';
import { portfolioApi, type Portfolio, type PortfolioChart } from '@insight/shared/portfolio/schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsRepo } from '../accounts/repo';
import { hashPassword } from '../accounts/passwords';
import type { TestApp } from '../../test/app';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import {
  addPositions,
  closeOn,
  closePositions,
  createFile,
  investor,
  openPositions,
  startPortfolioApp,
  tradingDaysBack,
  tradingToday,
  type Investor,
} from '../portfolio/portfolio.fixtures';

let t: TestApp;
let admin: Investor;
let clientAdmin: Investor;
let ordinary: Investor;
/** A user of the client admin's account, with a file; and a user of another account. */
let client: { id: number; portfolioId: number };
let stranger: { id: number };

const recipient = 'reports-desk@example.test';

async function userInAccount(accountId: number, email: string) {
  const password = 'Passw0rd1';
  const id = await accountsRepo(t.app.db).createUser({
    account_id: accountId,
    email,
    password_hash: await hashPassword(password),
    nickname: null,
    first_name: 'Client',
    last_name: 'Of Account',
    account_type: 'user',
    current_profile_id: null,
    app_id: null,
    app_flavor: null,
    last_activity_at: null,
  });
  return { id, email, password };
}

async function mailsTo(to: string): Promise<string[]> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
  return mails.map((mail) => mail.replace(/=\r?\n/g, '')).filter((mail) => mail.includes(`To: ${to}`));
}

beforeAll(async () => {
  ({ t, admin } = await startPortfolioApp());
  clientAdmin = await investor(t, { client_admin: true });
  ordinary = await investor(t);
  const me = await t.app.db
    .selectFrom('users')
    .select('account_id')
    .where('id', '=', clientAdmin.userId)
    .executeTakeFirstOrThrow();
  const member = await userInAccount(me.account_id, `member-${Date.now()}@example.test`);
  const memberClient = new HttpClient(t.baseUrl);
  await signIn(memberClient, member);
  const other = await investor(t);
  stranger = { id: other.userId };

  // The member's file: funded 40 trading days back, a long and a short, the long partly closed.
  const opened = tradingDaysBack(30);
  const file = await createFile(memberClient, { start_budget: 100_000, date: tradingDaysBack(40) });
  const aapl = await closeOn(t, 'AAPL', opened);
  const msft = await closeOn(t, 'MSFT', opened);
  const added = await addPositions(memberClient, {
    portfolio_id: file.id,
    items: [
      { type: 'Buy', symbol: 'AAPL', date: opened, price: aapl, quantity: 100 },
      { type: 'Sell', symbol: 'MSFT', date: opened, price: msft, quantity: 20 },
    ],
  });
  expect(added.status, added.text).toBe(200);
  const open = await openPositions(memberClient, file.id);
  const long = open.list.find((position) => position.symbol === 'AAPL')!;
  const closeDay = tradingDaysBack(10);
  const closed = await closePositions(memberClient, {
    portfolio_id: file.id,
    items: [{ id: long.id, quantity: 40, price: await closeOn(t, 'AAPL', closeDay), date: closeDay }],
  });
  expect(closed.status, closed.text).toBe(200);
  client = { id: member.id, portfolioId: file.id };
  // The other account's user has a file too.
  await createFile(other, { start_budget: 5_000 });
}, 240_000);
afterAll(async () => t?.close());

const validBody = () => ({
  user_id: client.id,
  from_date: tradingDaysBack(35),
  to_date: tradingToday(),
  email: recipient,
});

describe('POST reports/clients_portfolois_report', () => {
  it.each([
    [
      'an e-mail over 100 characters',
      { email: `${'a'.repeat(95)}@example.test` },
      'email',
      adminReportsMessages.emailTooLong,
    ],
    ['no e-mail', { email: '' }, 'email', adminReportsMessages.emailRequired],
    ['a malformed e-mail', { email: 'not-an-address' }, 'email', adminReportsMessages.emailInvalid],
    ['no user', { user_id: undefined }, 'user_id', adminReportsMessages.userRequired],
    ['a malformed date', { from_date: '2026/01/01' }, 'from_date', adminReportsMessages.dateFormat],
    ['a date that does not exist', { to_date: '2026-02-30' }, 'to_date', adminReportsMessages.dateFormat],
    [
      'a from date after the to date',
      { from_date: '2026-03-10', to_date: '2026-03-01' },
      'to_date',
      adminReportsMessages.rangeOrder,
    ],
  ])('answers 400 for %s', async (_, change, field, message) => {
    const response = await admin.post(adminReportsApi.clientsPortfolios, { ...validBody(), ...change });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toEqual({ status: false, msg: `${field}: ${message}`, field });
  });

  it('answers 404 for a user who does not exist, and for a user without a file', async () => {
    const none = await admin.post(adminReportsApi.clientsPortfolios, { ...validBody(), user_id: 99_999_999 });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ status: false, msg: adminReportsMessages.noSuchUser });
    const noFile = await admin.post(adminReportsApi.clientsPortfolios, {
      ...validBody(),
      user_id: ordinary.userId,
    });
    expect(noFile.status).toBe(404);
    expect(noFile.body).toMatchObject({ status: false, msg: adminReportsMessages.noFile });
  });

  it('refuses an ordinary user with 403', async () => {
    const response = await ordinary.post(adminReportsApi.clientsPortfolios, validBody());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: false });
  });

  it("refuses a client admin another account's user with 403, and queues nothing", async () => {
    const before = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('owner_id', '=', clientAdmin.userId)
      .execute();
    const response = await clientAdmin.post(adminReportsApi.clientsPortfolios, {
      ...validBody(),
      user_id: stranger.id,
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: false, msg: adminReportsMessages.otherAccount });
    const after = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('owner_id', '=', clientAdmin.userId)
      .execute();
    expect(after.length).toBe(before.length);
  });

  it("lets a client admin report on their own account's user: the spec's acknowledgement, a job, a mail with the file", async () => {
    const response = await clientAdmin.post(adminReportsApi.clientsPortfolios, validBody());
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: true, msg: 'file will be sent by email' });
    const { jobId } = response.body as { jobId: string };
    const job = await t.app.jobs.waitFor(jobId, 60_000);
    expect(job?.state, job?.error ?? '').toBe('done');
    expect(job?.ownerId).toBe(clientAdmin.userId);
    expect(job?.file?.name).toMatch(/\.xlsx$/);
    const mails = await mailsTo(recipient);
    const mail = mails.find((text) => text.includes(job!.file!.name));
    expect(mail, 'a mail to the recipient carrying the file').toBeDefined();
    expect(mail).toMatch(/Content-Disposition: attachment/i);
    expect(mail).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it("the report's totals equal the portfolio service's figures for the same user and dates", async () => {
    const from = tradingDaysBack(35);
    const to = tradingToday();
    const response = await admin.post(adminReportsApi.clientsPortfolios, {
      ...validBody(),
      from_date: from,
      to_date: to,
    });
    expect(response.status, response.text).toBe(200);
    const job = (await t.app.jobs.waitFor((response.body as { jobId: string }).jobId, 60_000)) as JobRow;
    expect(job.state, job.error ?? '').toBe('done');
    const totals = job.result as ClientsPortfolioTotals;

    // Today: the file's figures as the portfolio page reads them.
    const list = await admin.get(apiPath(portfolioApi.list, { userId: client.id }));
    const file = (list.body as Portfolio[])[0]!;
    const cents = (value: string) => Number(new Dec(value).toFixed(2));
    expect(totals.to).toBe(to);
    expect(cents(totals.endAum)).toBe(file.aum);
    expect(cents(totals.endCash)).toBe(file.current_cash);
    expect(cents(totals.endLongValue)).toBe(file.open_total);
    expect(cents(totals.endShortValue)).toBe(file.pos_short_total);
    expect(cents(totals.invested)).toBe(file.total_invest);
    expect(Number(new Dec(totals.endUnitPrice).toDecimalPlaces(8).toString())).toBe(file.unit_price);
    // Over the range: the unit price path's change, as the portfolio chart draws it.
    const chart = await admin.post(portfolioApi.chart, {
      pid: client.portfolioId,
      etfs: [],
      from_date: from,
      to_date: to,
    });
    expect(chart.status, chart.text).toBe(200);
    const drawn = (chart.body as PortfolioChart).chart_data.datasets[0]!.data;
    expect(Number(new Dec(totals.unitPriceReturnPercent).toFixed(2))).toBe(drawn.at(-1));
    // P&L of the range: no flows after the first day, so it is the change in assets.
    expect(cents(totals.netFlows)).toBe(0);
    expect(cents(totals.pl)).toBe(Number(new Dec(totals.endAum).minus(totals.startAum).toFixed(2)));
    expect(totals.trades).toBe(3); // two opens and one close
    expect(totals.openPositions).toBe(2); // 60 AAPL long and the MSFT short

    // The downloaded workbook says the same.
    const download = await fetch(t.baseUrl + apiPath(jobsApi.file, { id: job.id }), {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const summary = workbook.getWorksheet('Summary')!;
    const valueOf = (item: string) => {
      let found: unknown;
      summary.eachRow((row) => {
        if (row.getCell(1).value === item) found = row.getCell(2).value;
      });
      return found;
    };
    expect(valueOf('Assets at end')).toBe(file.aum);
    expect(workbook.getWorksheet('Positions')!.rowCount).toBe(3);
    expect(workbook.getWorksheet('Trades')!.rowCount).toBe(4);
  });
});

describe('GET reports/admin_report_options', () => {
  it("gives a client admin only their own account's users", async () => {
    const response = await clientAdmin.get(adminReportsApi.options);
    expect(response.status, response.text).toBe(200);
    const ids = (response.body as { users: { id: number }[] }).users.map((user) => user.id);
    expect(ids).toContain(client.id);
    expect(ids).not.toContain(stranger.id);
    const all = await admin.get(adminReportsApi.options);
    expect((all.body as { users: { id: number }[] }).users.map((user) => user.id)).toContain(stranger.id);
  });

  it('refuses an ordinary user with 403', async () => {
    expect((await ordinary.get(adminReportsApi.options)).status).toBe(403);
  });
});

describe('POST reports/admin_investment_pl_report', () => {
  const body = () => ({ from_date: tradingDaysBack(35), to_date: tradingToday(), email: recipient });

  it('answers the validation errors and refuses an ordinary user', async () => {
    const bad = await admin.post(adminReportsApi.investmentPl, { ...body(), email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      status: false,
      msg: `email: ${adminReportsMessages.emailInvalid}`,
      field: 'email',
    });
    const order = await admin.post(adminReportsApi.investmentPl, {
      ...body(),
      from_date: '2026-03-10',
      to_date: '2026-03-01',
    });
    expect(order.status).toBe(400);
    expect((await ordinary.post(adminReportsApi.investmentPl, body())).status).toBe(403);
  });

  it("covers only the client admin's own account, and its P&L is the sum of the files' P&L", async () => {
    const own = await clientAdmin.post(adminReportsApi.investmentPl, body());
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ status: true, msg: adminReportsMessages.received });
    const ownJob = (await t.app.jobs.waitFor((own.body as { jobId: string }).jobId, 60_000)) as JobRow;
    expect(ownJob.state, ownJob.error ?? '').toBe('done');
    const ownSummary = ownJob.result as { portfolios: number; pl: string };
    expect(ownSummary.portfolios).toBe(1);

    const single = await admin.post(adminReportsApi.clientsPortfolios, validBody());
    const singleJob = (await t.app.jobs.waitFor((single.body as { jobId: string }).jobId, 60_000)) as JobRow;
    expect(ownSummary.pl).toBe((singleJob.result as ClientsPortfolioTotals).pl);

    const all = await admin.post(adminReportsApi.investmentPl, body());
    const allJob = (await t.app.jobs.waitFor((all.body as { jobId: string }).jobId, 60_000)) as JobRow;
    expect(allJob.state, allJob.error ?? '').toBe('done');
    expect((allJob.result as { portfolios: number }).portfolios).toBeGreaterThanOrEqual(2);
    const mails = await mailsTo(recipient);
    expect(mails.some((mail) => mail.includes(allJob.file!.name))).toBe(true);
  });
});
