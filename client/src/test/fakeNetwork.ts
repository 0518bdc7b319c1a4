import { vi } from 'vitest';

/**
 * For component tests only: answers `fetch` at the network boundary, so the real request layer,
 * atoms and screens run above it. Each route answers with a status and a JSON body; every call is
 * recorded with its parsed body for assertions.
 */
export interface Answer {
  status: number;
  body?: unknown;
}

export type Route = (body: unknown) => Answer | Promise<Answer>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export function fakeNetwork(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[url.pathname];
    const answer = route ? await route(body) : { status: 404, body: { status: false, msg: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const fail = (status: number, msg: string): Answer => ({ status, body: { status: false, msg } });
