import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { accountApi } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app';
import { createUser, signIn } from '../factories/users';
import { HttpClient } from '../http';

/** Issue 14 §4: a replayed remember-me token ends its family's sessions; secrets never reach the log. */
let t: TestApp;
const logLines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace', PUBLIC_URL: 'https://insight.example' }, undefined, {
    logStream: capture,
  });
});
afterAll(() => t.close());

const client = () => new HttpClient(t.baseUrl);
const tokenLogin = (token: string) => ({
  loginData: { method: 'token', auth_token: token, remember_me: true },
});

describe('a remember-me token presented a second time', () => {
  it("ends every session opened from that token's family, the thief's included, and no other", async () => {
    const user = await createUser(t.app);
    const victim = client();
    const token1 = (await signIn(victim, user, true)).body.access_token as string;
    // A session of the same user on another device, without remember-me: not of that family.
    const otherDevice = client();
    await signIn(otherDevice, user);

    // The thief uses the stolen token first: a session and a fresh token of the same family.
    const thief = client();
    const stolen = await thief.post(accountApi.login, tokenLogin(token1));
    expect(stolen.status).toBe(200);
    expect((await thief.post(accountApi.currentUser)).status).toBe(200);

    // The victim's browser presents the same token again: reuse.
    expect((await client().post(accountApi.login, tokenLogin(token1))).status).toBe(401);

    expect((await thief.post(accountApi.currentUser)).status).toBe(401);
    expect((await victim.post(accountApi.currentUser)).status).toBe(401);
    expect((await client().post(accountApi.login, tokenLogin(stolen.body.access_token))).status).toBe(401);
    expect((await otherDevice.post(accountApi.currentUser)).status).toBe(200);
  });
});

describe('the log', () => {
  it('never holds a reset code, a remember-me token, a password or a cookie; requests log without bodies', async () => {
    const password = 'Secr3tPassw0rd';
    const user = await createUser(t.app, { password });
    const browser = client();
    const token = (await signIn(browser, user, true)).body.access_token as string;
    const cookie = [...browser.cookies.values()][0]!;
    await client().post(accountApi.login, tokenLogin(token));

    await client().post(accountApi.changePassMail, { userData: { email: user.email, source: 'web' } });
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = await Promise.all(
      (await fs.readdir(outbox)).map((file) => fs.readFile(path.join(outbox, file), 'utf8')),
    );
    const code = /reset-pass\/([\w-]+)/.exec(mails.join('\n').replace(/=\r?\n/g, ''))![1]!;
    // The link in the mail opens the client at /reset-pass/{code}; then the code is posted.
    await client().get(`/reset-pass/${code}`);
    await client().get(`/reset-pass/${code}?code=${code}`);
    await client().post(accountApi.changePass, {
      passData: { new_pass: 'Brand9New', validation_code: code },
    });
    // A refused one (bad shape) with the secret inside.
    await client().post(accountApi.changePass, { passData: { new_pass: 'x', validation_code: code } });

    const log = logLines.join('\n');
    expect(logLines.some((line) => /"msg":"incoming request"/.test(line) && /"level":30/.test(line))).toBe(
      true,
    );
    for (const secret of [code, token, password, cookie, 'Brand9New']) {
      expect(log, `a secret in the log: ${secret.slice(0, 6)}…`).not.toContain(secret);
    }
    expect(log).not.toMatch(/"body":/);
  });
});
