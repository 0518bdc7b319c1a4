import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { healthApi, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import { lockDataDir } from './data-dir-lock';

let t: TestApp;
let clientDist: string;
beforeAll(async () => {
  clientDist = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-dist-'));
  await fs.mkdir(path.join(clientDist, 'assets'));
  await fs.writeFile(
    path.join(clientDist, 'index.html'),
    '<!doctype html><title>Insight</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(clientDist, 'assets', 'app-1234.js'), 'console.log("insight")');
  t = await startTestApp({ CLIENT_DIST: clientDist }, (app) => {
    // A route that fails the way a bug would, to see what leaves the server.
    app.get('/api/test/explode', { config: { access: 'public', effect: 'read' } }, async () => {
      throw new Error('secret detail: connection string postgres://admin:pw@db');
    });
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 with the state of the database, Redis and the upstream', async () => {
    const response = await new HttpClient(t.baseUrl).get(healthApi);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.database).toMatchObject({
      ok: true,
      kind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    if (process.env.REDIS_URL) expect(response.body.redis).toMatchObject({ ok: true });
    else expect(response.body.redis).toBeNull();
    expect(response.body.upstream).toMatchObject({ kind: 'simulator' });
  });
});

describe('errors', () => {
  it('hide the details of a 5xx', async () => {
    const response = await new HttpClient(t.baseUrl).get('/api/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ status: false, msg: messages.server.internal });
    expect(response.text).not.toContain('secret');
  });

  it('answer an unknown API path with 404 JSON', async () => {
    const response = await new HttpClient(t.baseUrl).post('/api/no/such/call', {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: false, msg: messages.server.notFound });
  });
});

describe('the built client', () => {
  it('is served at / and, for any page path, as index.html (history-API fallback)', async () => {
    const http = new HttpClient(t.baseUrl);
    for (const page of [
      '/',
      '/login?redirect=%2Fprofile',
      '/stock/AAPL',
      '/manage/accounts/3',
      '/no-such-page',
    ]) {
      const response = await http.get(page);
      expect(response.status, page).toBe(200);
      expect(response.text, page).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await new HttpClient(t.baseUrl).get('/assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});

describe('the embedded database directory', () => {
  it('is locked: a second process on it fails with a clear message', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-lock-'));
    const release = lockDataDir(dir);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.resolve('src/platform/data-dir-lock.ts')}').then(m => m.lockDataDir(${JSON.stringify(dir)}))`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain(
      `The data directory ${dir} is in use by another Insight process (pid ${process.pid}`,
    );
    release();
    // Once released, the next process takes it.
    lockDataDir(dir)();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-lock-'));
    await fs.writeFile(path.join(dir, 'insight.lock'), JSON.stringify({ pid: 999_999, host: os.hostname() }));
    const release = lockDataDir(dir);
    release();
    await fs.rm(dir, { recursive: true, force: true });
  });
});

// A child process compiles the server with tsx first: on a loaded 2-core machine that alone can
// take more than the default 30 s.
describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a bad configuration with a message per variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, PORT: 'eighty', REDIS_URL: 'localhost', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('PORT="eighty"');
    expect(stderr).toContain('REDIS_URL="localhost"');
  });

  it('shuts down gracefully on SIGTERM and releases its data directory', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-proc-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Insight gateway ready')) resolve();
      });
      child.on('exit', () => reject(new Error(`exited early: ${stdout}`)));
    });
    await expect(fs.stat(path.join(dataDir, 'insight.lock'))).resolves.toBeTruthy();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('shutting down');
    await expect(fs.stat(path.join(dataDir, 'insight.lock'))).rejects.toThrow();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
