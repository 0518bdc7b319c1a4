import { accountApi, authTokenStorageKey } from '@insight/shared';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  networkErrorMessage,
  onSessionLost,
  request,
  setApiBase,
  unreadableAnswerMessage,
} from './request';

/**
 * The request layer against a real HTTP server. The server plays a gateway with one session: the
 * session is "live" until the test expires it, and a token login with the current token revives
 * it and rotates the token.
 */
interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

let server: Server;
let seen: Seen[] = [];
let sessionLive = true;
let currentToken = 'token-1';
let tokenLogins = 0;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? undefined : JSON.parse(text);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://test');
  seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });

  switch (url.pathname) {
    case accountApi.login: {
      const loginData = (body as { loginData: { method: string; auth_token?: string } }).loginData;
      if (loginData.method === 'token') {
        tokenLogins += 1;
        if (loginData.auth_token !== currentToken)
          return json(res, 401, { status: false, msg: 'expired token' });
        sessionLive = true;
        currentToken = `token-${tokenLogins + 1}`;
        return json(res, 200, { status: true, data: { user_id: 1 }, access_token: currentToken });
      }
      const password = (body as { loginData: { credentials?: { password?: string } } }).loginData.credentials
        ?.password;
      if (password === 'Remember1')
        return json(res, 200, {
          status: true,
          data: { user_id: 1 },
          user_info: { access_token: 'ui-token' },
        });
      if (password === 'Plain1') return json(res, 200, { status: true, data: { user_id: 1 } });
      return json(res, 401, { status: false, msg: 'Wrong email or password' });
    }
    case '/api/private':
      return sessionLive
        ? json(res, 200, { status: true, value: 42 })
        : json(res, 401, { status: false, msg: 'sign in' });
    case '/api/echo':
      return json(res, 200, {
        method: req.method,
        query: Object.fromEntries(url.searchParams),
        body: body ?? null,
      });
    case '/api/token-like':
      return json(res, 200, { status: true, access_token: 'not-a-login' });
    case '/api/refuse':
      return json(res, 400, { status: false, msg: 'Bad input', field: 'email' });
    case '/api/broken':
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<html>oops</html>');
    case '/api/gone':
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return res.end('<html>Bad Gateway</html>');
    case '/api/moved':
      res.writeHead(304);
      return res.end();
    default:
      return json(res, 404, { status: false, msg: 'Not found' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiBase('');
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  sessionLive = true;
  currentToken = 'token-1';
  tokenLogins = 0;
});

afterEach(() => vi.restoreAllMocks());

describe('sending', () => {
  it('puts GET parameters in the query string and sends no body', async () => {
    const answer = await api.get<{ method: string; query: Record<string, string> }>('/api/echo', {
      symbol: 'AAPL',
      page: 2,
      skip: undefined,
    });
    expect(answer).toEqual({ method: 'GET', query: { symbol: 'AAPL', page: '2' }, body: null });
    expect(seen[0]?.url).toBe('/api/echo?symbol=AAPL&page=2');
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('sends a JSON body with %s', async (method) => {
    const answer = await request(method, '/api/echo', { data: { symbol: 'MSFT' } });
    expect(answer).toEqual({ method, query: {}, body: { data: { symbol: 'MSFT' } } });
    expect(seen[0]?.contentType).toBe('application/json');
  });

  it('refuses any other method', async () => {
    await expect(request('PATCH' as 'POST', '/api/echo')).rejects.toThrow('Unsupported method PATCH');
    expect(seen).toHaveLength(0);
  });
});

describe('answers', () => {
  it('gives a refusal as an ApiError with the status and the JSON body', async () => {
    const error = await api.post('/api/refuse', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      body: { status: false, msg: 'Bad input', field: 'email' },
      message: 'Bad input',
    });
  });

  it('gives a refusal without a JSON body as an ApiError with no message for the user', async () => {
    const error = await api.get('/api/gone').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, body: { status: false } });
  });

  it('turns a success body that is not JSON into an ApiError 500', async () => {
    const error = await api.get('/api/broken').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, body: { msg: unreadableAnswerMessage } });
  });

  it('turns an answer of the wrong shape into an ApiError 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const schema = {
      parse(data: unknown) {
        if ((data as { value?: unknown }).value !== 'text') throw new Error('value must be text');
        return data;
      },
    };
    const error = await api.post('/api/private', undefined, { schema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500 });
  });

  it('turns a network failure into an ApiError 400', async () => {
    setApiBase('http://127.0.0.1:9');
    try {
      const error = await api.get('/api/echo').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, body: { msg: networkErrorMessage } });
    } finally {
      setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it('only logs a 3xx', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(api.get('/api/moved')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[api] /api/moved answered 304');
  });
});

describe('tokens of login answers', () => {
  const login = (password: string) =>
    api.post(accountApi.login, {
      loginData: { method: 'email', credentials: { email: 'a@b.co', password } },
    });

  it('stores user_info.access_token for auto-login', async () => {
    await login('Remember1');
    expect(window.localStorage.getItem(authTokenStorageKey)).toBe('ui-token');
  });

  it('forgets an older token when a login answers without one', async () => {
    window.localStorage.setItem(authTokenStorageKey, 'someone-elses-token');
    await login('Plain1');
    expect(window.localStorage.getItem(authTokenStorageKey)).toBeNull();
  });

  it('ignores tokens in answers of other calls', async () => {
    await api.post('/api/token-like');
    expect(window.localStorage.getItem(authTokenStorageKey)).toBeNull();
  });
});

describe('a 401', () => {
  it('signs in again with the stored token, stores the rotated one and repeats the call', async () => {
    window.localStorage.setItem(authTokenStorageKey, 'token-1');
    sessionLive = false;

    await expect(api.post('/api/private')).resolves.toEqual({ status: true, value: 42 });

    expect(seen.map((call) => call.url)).toEqual(['/api/private', accountApi.login, '/api/private']);
    expect(seen[1]?.body).toEqual({
      loginData: { method: 'token', auth_token: 'token-1', remember_me: true },
    });
    expect(window.localStorage.getItem(authTokenStorageKey)).toBe('token-2');
  });

  it('signs in only once for calls that fail together', async () => {
    window.localStorage.setItem(authTokenStorageKey, 'token-1');
    sessionLive = false;

    await Promise.all([api.post('/api/private'), api.post('/api/private'), api.post('/api/private')]);

    expect(tokenLogins).toBe(1);
    expect(window.localStorage.getItem(authTokenStorageKey)).toBe('token-2');
  });

  it('without a stored token loses the session', async () => {
    sessionLive = false;
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    try {
      const error = await api.post('/api/private').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 401 });
      expect(lost).toHaveBeenCalledTimes(1);
      expect(seen.map((call) => call.url)).toEqual(['/api/private']);
    } finally {
      stop();
    }
  });

  it('with a token the server refuses loses the session and forgets the token', async () => {
    window.localStorage.setItem(authTokenStorageKey, 'stale-token');
    sessionLive = false;
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    try {
      await expect(api.post('/api/private')).rejects.toMatchObject({ status: 401 });
      expect(lost).toHaveBeenCalledTimes(1);
      expect(window.localStorage.getItem(authTokenStorageKey)).toBeNull();
    } finally {
      stop();
    }
  });

  it('of a login call is the answer itself: no auto-login, the session is not lost', async () => {
    window.localStorage.setItem(authTokenStorageKey, 'token-1');
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    try {
      const body = { loginData: { method: 'email', credentials: { email: 'a@b.co', password: 'x' } } };
      await expect(api.post(accountApi.login, body)).rejects.toMatchObject({
        status: 401,
        message: 'Wrong email or password',
      });
      expect(seen).toHaveLength(1);
      expect(lost).not.toHaveBeenCalled();
      expect(window.localStorage.getItem(authTokenStorageKey)).toBe('token-1');
    } finally {
      stop();
    }
  });
});
