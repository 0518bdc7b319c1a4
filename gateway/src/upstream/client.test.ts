import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { UpstreamClient } from './client';
import { Simulator } from './simulator/simulator';
import { httpSource, inProcessSource, type UpstreamSource } from './source';

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

/**
 * An upstream that answers like the simulator but breaks what it is told to: it stands for a vendor
 * API sending a bad record, which the product must survive.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits answers of any shape
function tampered(source: UpstreamSource, tamper: (path: string, answer: any) => unknown): UpstreamSource {
  return { ...source, get: async (path, query) => tamper(path, await source.get(path, query)) };
}

const simulator = new Simulator({ seed: 5, startAt: Date.parse('2026-11-20T22:00:00Z') });

describe('answers from the upstream are checked against the contract', () => {
  it('drops a malformed quote, logs it, and keeps the others', async () => {
    const { log, lines } = capturedLog();
    const source = tampered(inProcessSource(simulator), (_path, answer) => {
      answer.quotes[1].last_price = 'a lot';
      return answer;
    });
    const quotes = await new UpstreamClient(source, log).quotes(['AAPL', 'MSFT', 'JPM']);
    expect(quotes.map((quote) => quote.symbol)).toEqual(['AAPL', 'JPM']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      lines.some(
        (line) => line.msg === 'upstream item dropped: not the contract' && line.path === '/v1/quotes',
      ),
    ).toBe(true);
  });

  it('drops a rating with an unknown direction and a news item without a URL', async () => {
    const { log } = capturedLog();
    const source = tampered(inProcessSource(simulator), (path, answer) => {
      if (path === '/v1/ratings') answer.items[0].rating = 'hold';
      if (path === '/v1/news') delete answer.items[0].url;
      return answer;
    });
    const client = new UpstreamClient(source, log);
    const ratings = await client.ratingsSince(null, 10);
    expect(ratings.items).toHaveLength(9);
    const news = await client.newsSince(null, { limit: 10 });
    expect(news.items).toHaveLength(9);
  });

  it('fails the call when the envelope itself is wrong', async () => {
    const { log } = capturedLog();
    const source = tampered(inProcessSource(simulator), () => ({ unexpected: true }));
    await expect(new UpstreamClient(source, log).marketStatus()).rejects.toThrow(/malformed answer/);
  });
});

describe('the HTTP source', () => {
  it('retries, then opens its circuit and fails fast until the cool-down', async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls += 1;
      throw new Error('connection refused');
    };
    const source = httpSource({
      baseUrl: 'http://upstream.invalid',
      retries: 2,
      breakerThreshold: 2,
      breakerCooldownMs: 60_000,
      fetch: failing,
    });
    await expect(source.get('/v1/market/status')).rejects.toThrow('connection refused');
    expect(calls).toBe(3); // one call and two retries
    await expect(source.get('/v1/market/status')).rejects.toThrow('connection refused');
    expect(calls).toBe(6);
    await expect(source.get('/v1/market/status')).rejects.toThrow(/circuit open/);
    expect(calls).toBe(6); // no call while open
    expect(source.state().ok).toBe(false);
  });

  it('closes the circuit again after a successful trial call', async () => {
    let healthy = false;
    const flaky: typeof fetch = async () => {
      if (!healthy) throw new Error('down');
      return new Response(JSON.stringify({ ok: 1 }), { headers: { 'content-type': 'application/json' } });
    };
    const source = httpSource({
      baseUrl: 'http://upstream.invalid',
      retries: 0,
      breakerThreshold: 1,
      breakerCooldownMs: 50,
      fetch: flaky,
    });
    await expect(source.get('/x')).rejects.toThrow('down');
    await expect(source.get('/x')).rejects.toThrow(/circuit open/);
    healthy = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(source.get('/x')).resolves.toEqual({ ok: 1 });
    expect(source.state().ok).toBe(true);
  });
});
