import fs from 'node:fs/promises';
import path from 'node:path';
import { supportApi, supportMessages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SUPPORT_EMAIL: 'help@insight.example', SUPPORT_MAX_PER_HOUR: '3' });
});
afterAll(async () => t.close());

/** A client from its own address (the gateway trusts X-Forwarded-For only behind a proxy, so tests vary the e-mail). */
const client = () => new HttpClient(t.baseUrl);

async function supportMails(): Promise<string[]> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
  return mails
    .map((mail) => mail.replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes('To: help@insight.example'));
}

async function clearRequests() {
  await t.app.db.deleteFrom('support_requests').execute();
}

describe('support requests', () => {
  it('tell anyone, signed in or not, the configured support address for the contact page', async () => {
    const response = await new HttpClient(t.baseUrl).get(supportApi.contact);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: 'help@insight.example' });
  });

  it('are stored and mailed to the support address with a reply-to of the sender (newer shape)', async () => {
    await clearRequests();
    const response = await client().post(supportApi.send, {
      name: 'Sam Sender',
      email: '  sam@example.test ',
      phone: '+972 3 555 0101',
      company: 'Sam Co',
      topic: 'Wrong Data',
      message: 'The price of XYZ looks stale.',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, msg: supportMessages.sent });
    const stored = await t.app.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Sam Sender',
      email: 'sam@example.test',
      topic: 'Wrong Data',
      user_id: null,
    });
    const mail = (await supportMails()).find((m) => m.includes('The price of XYZ looks stale.'));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Reply-To: sam@example\.test/);
    expect(mail).toContain('Support Topic: Wrong Data');
  });

  it("take the older shape, with 'empty' for what is missing, and know a signed-in sender", async () => {
    await clearRequests();
    const user = await createUser(t.app);
    const signedIn = client();
    await signIn(signedIn, user);
    const response = await signedIn.post(supportApi.send, {
      mail: 'old@example.test',
      text: 'Hello',
      reason: 'Other',
    });
    expect(response.status).toBe(200);
    const stored = await t.app.db.selectFrom('support_requests').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      email: 'old@example.test',
      message: 'Hello',
      topic: 'Other',
      name: 'empty',
      phone: 'empty',
      user_id: user.id,
    });
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email', message: 'x' }, 'email', supportMessages.invalidEmail],
    [
      'a phone over 40 characters',
      { email: 'a@example.test', phone: '1'.repeat(41) },
      'phone',
      'Phone Number must be at most 40 characters',
    ],
  ])('refuse %s with 400 naming the field', async (_case, body, field, message) => {
    const response = await client().post(supportApi.send, body);
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(message);
    expect(response.body.field).toContain(field);
  });

  it('are limited per address and per e-mail: the next one answers 429 with a clear message', async () => {
    await clearRequests();
    for (let i = 0; i < 3; i += 1) {
      const ok = await client().post(supportApi.send, { email: `spam${i}@example.test`, message: `m${i}` });
      expect(ok.status).toBe(200);
    }
    const refused = await client().post(supportApi.send, {
      email: 'fresh@example.test',
      message: 'one more',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(supportMessages.tooMany(60));
    expect(await t.app.db.selectFrom('support_requests').select('id').execute()).toHaveLength(3);
  });

  it('are listed for admins, who mark them handled', async () => {
    await clearRequests();
    const sent = await client().post(supportApi.send, { email: 'needs@example.test', message: 'help' });
    const admin = client();
    await signIn(admin, await createUser(t.app, { is_admin: true }));
    const open = await admin.post(supportApi.list, { handled: false });
    expect(open.body.data.map((r: { id: number }) => r.id)).toEqual([sent.body.id]);
    expect((await admin.post(supportApi.markHandled, { id: sent.body.id })).body).toEqual({ status: true });
    const handled = await admin.post(supportApi.list, { handled: true });
    expect(handled.body.data[0]).toMatchObject({
      id: sent.body.id,
      handled_by: expect.stringContaining('@'),
    });
    expect((await admin.post(supportApi.list, { handled: false })).body.total).toBe(0);
  });
});
