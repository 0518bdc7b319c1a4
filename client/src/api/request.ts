/**
 * The request layer of spec 002 §7.1: JSON both ways, cookies included, GET parameters in the query
 * string, POST/PUT/DELETE with a JSON body, and only those four methods.
 *
 * - 401: one auto-login with the stored remember-me token, then the original request once more.
 *   Without a token, or when the auto-login fails, the session is lost: the stored token is cleared
 *   and the `onSessionLost` listeners run (the auth feature clears the user, and the route guard
 *   sends the browser to /login). The spec reloads the page at this point; clearing the user in the
 *   store and letting the guard navigate is the same outcome without throwing away the app.
 * - other non-2xx: an `ApiError` with the status and the parsed JSON body (`body.msg` is the
 *   server's message for the user).
 * - a 2xx body that is not JSON (or not the expected shape): `ApiError` with status 500.
 * - a network failure: `ApiError` with status 400.
 * - 3xx: only logged.
 * - a login answer's `access_token` (or `user_info.access_token`) is stored for auto-login.
 */
import { accountApi, type LoginBody } from '@insight/shared';
import { clearAuthToken, readAuthToken, storeAuthToken } from './authToken';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const methods: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'] satisfies Method[];

/** The body of a failed call as far as the client relies on it; the gateway's is `ErrorBody`. */
export interface ApiErrorBody {
  status?: boolean;
  msg?: string;
  field?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(
      typeof body.msg === 'string' && body.msg !== '' ? body.msg : `Request failed with status ${status}`,
    );
  }
}

/** The server's message of a failed call when it sent one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.body.msg === 'string' && error.body.msg.trim() !== '') {
    return error.body.msg;
  }
  return fallback;
}

export const networkErrorMessage = 'Could not reach Insight. Please check your connection and try again.';
export const unreadableAnswerMessage = 'The server sent an answer that could not be read. Please try again.';

/** Anything with zod's `parse`: the shared schemas decide what an answer must look like. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  /** Checks and types the answer; a mismatch is an `ApiError` 500. */
  schema?: Parser<T>;
  /** Try the stored token after a 401. On by default, off for the login calls themselves. */
  autoLogin?: boolean;
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | null | undefined;

/** The calls that sign in: no auto-login on their 401, and their answer may carry a token. */
const loginPaths: ReadonlySet<string> = new Set([accountApi.login, accountApi.v1Login, accountApi.appLogin]);

let apiBase = '';

/** Where the API lives. Same origin ('') in the app; tests point it at their own server. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

const sessionLostListeners = new Set<() => void>();

/** Runs `listener` whenever a 401 could not be recovered. Returns the unsubscribe function. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

export async function request<T = unknown>(
  method: Method,
  path: string,
  data?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  if (!methods.includes(method)) throw new Error(`Unsupported method ${String(method)}`);
  const autoLogin = options.autoLogin ?? !loginPaths.has(path);

  const sentInGeneration = sessionGeneration;
  let response = await send(method, path, data, options.signal);
  if (response.status === 401 && autoLogin) {
    // Another call may already have renewed the session while this one was on its way.
    const renewed = sentInGeneration !== sessionGeneration || (await renewSession());
    if (renewed) response = await send(method, path, data, options.signal);
    if (response.status === 401) loseSession();
  }
  return read(response, path, options.schema);
}

export const api = {
  get: <T = unknown>(path: string, params?: Record<string, QueryValue>, options?: RequestOptions<T>) =>
    request<T>('GET', path, params, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, body, options),
};

// ---- sending ----

async function send(method: Method, path: string, data: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = method !== 'GET';
  const url = apiBase + path + (hasBody ? '' : queryString(data));
  try {
    return await fetch(url, {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: hasBody
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(data ?? {}) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(400, { status: false, msg: networkErrorMessage });
  }
}

function queryString(params: unknown): string {
  if (params === null || typeof params !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

// ---- reading ----

async function read<T>(response: Response, path: string, schema?: Parser<T>): Promise<T> {
  const text = await response.text().catch(() => '');
  const redirect = response.status >= 300 && response.status < 400;
  if (redirect) console.warn(`[api] ${path} answered ${response.status}`);

  if (!response.ok && !redirect) throw new ApiError(response.status, errorBody(text));
  if (response.status === 204 || (redirect && text === '')) return undefined as T;

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(500, { status: false, msg: unreadableAnswerMessage });
  }
  if (loginPaths.has(path)) rememberLoginToken(body);
  if (!schema) return body as T;
  try {
    return schema.parse(body);
  } catch (error) {
    console.error(`[api] ${path} answered an unexpected shape`, error);
    throw new ApiError(500, { status: false, msg: unreadableAnswerMessage });
  }
}

function errorBody(text: string): ApiErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as ApiErrorBody;
  } catch {
    // Not JSON (a proxy's HTML page, say): there is no message meant for the user.
  }
  return { status: false };
}

/**
 * A successful sign-in replaces the stored token: with the new one when the answer has it (remember
 * me, or a token login, which rotates it), else by nothing, so an older account's token cannot
 * sign the browser back in as someone else.
 */
function rememberLoginToken(body: unknown): void {
  const token = tokenOf(body);
  if (token) storeAuthToken(token);
  else clearAuthToken();
}

function tokenOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const record = body as { access_token?: unknown; user_info?: { access_token?: unknown } | null };
  const token = record.access_token ?? record.user_info?.access_token;
  return typeof token === 'string' && token !== '' ? token : null;
}

// ---- the session ----

/** Counts successful auto-logins, so calls that failed before one simply retry. */
let sessionGeneration = 0;
let renewal: Promise<boolean> | null = null;

/** One auto-login at a time: the token rotates on use, a second parallel one would be refused. */
function renewSession(): Promise<boolean> {
  renewal ??= loginWithStoredToken().finally(() => {
    renewal = null;
  });
  return renewal;
}

async function loginWithStoredToken(): Promise<boolean> {
  const token = readAuthToken();
  if (!token) return false;
  const body: LoginBody = { loginData: { method: 'token', auth_token: token, remember_me: true } };
  try {
    const answer = await read<unknown>(await send('POST', accountApi.login, body), accountApi.login);
    const ok =
      answer !== null && typeof answer === 'object' && (answer as { status?: unknown }).status === true;
    if (ok) sessionGeneration += 1;
    return ok;
  } catch {
    return false;
  }
}

function loseSession(): void {
  clearAuthToken();
  for (const listener of sessionLostListeners) listener();
}
