import type { SymbolHit } from '@insight/shared';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { symbolSearch$, type SearchState } from './symbolSearch';

const hit = (symbol: string): SymbolHit => ({ symbol, company: `${symbol} Corp.`, alias: symbol });

/** A search whose answers the test gives by hand, remembering each call's text and signal. */
function manualFind() {
  const calls: { text: string; signal: AbortSignal; answer: (hits: SymbolHit[]) => void }[] = [];
  const find = (text: string, signal: AbortSignal) =>
    new Promise<SymbolHit[]>((resolve) => calls.push({ text, signal, answer: resolve }));
  return { calls, find };
}

describe('the symbol search stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once, 200 ms after the last keystroke, for the trimmed text', () => {
    const typed$ = new Subject<string>();
    const { calls, find } = manualFind();
    const subscription = symbolSearch$(typed$, find).subscribe();
    typed$.next('a');
    vi.advanceTimersByTime(100);
    typed$.next('ap ');
    vi.advanceTimersByTime(199);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls.map((call) => call.text)).toEqual(['ap']);
    subscription.unsubscribe();
  });

  it('cancels the request for a text that is no longer typed; its late answer is dropped', async () => {
    const typed$ = new Subject<string>();
    const { calls, find } = manualFind();
    const states: SearchState[] = [];
    const subscription = symbolSearch$(typed$, find).subscribe((state) => states.push(state));
    typed$.next('ap');
    vi.advanceTimersByTime(200);
    typed$.next('app');
    vi.advanceTimersByTime(200);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.answer([hit('APD')]);
    calls[1]?.answer([hit('APP'), hit('AAPL')]);
    await vi.runAllTimersAsync();
    expect(states.filter((state) => state.status === 'done')).toEqual([
      { status: 'done', text: 'app', hits: [hit('APP'), hit('AAPL')] },
    ]);
    subscription.unsubscribe();
  });

  it('keeps at most 10 results, and an emptied box asks nothing', async () => {
    const typed$ = new Subject<string>();
    const { calls, find } = manualFind();
    const states: SearchState[] = [];
    const subscription = symbolSearch$(typed$, find).subscribe((state) => states.push(state));
    typed$.next('a');
    vi.advanceTimersByTime(200);
    calls[0]?.answer(Array.from({ length: 12 }, (_, index) => hit(`A${index}`)));
    await vi.runAllTimersAsync();
    typed$.next('  ');
    vi.advanceTimersByTime(200);
    expect(calls).toHaveLength(1);
    const done = states.find((state) => state.status === 'done');
    expect(done?.status === 'done' && done.hits.length).toBe(10);
    expect(states.at(-1)).toEqual({ status: 'idle', text: '' });
    subscription.unsubscribe();
  });

  it('only logs a failure (spec 000 §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const typed$ = new Subject<string>();
    const states: SearchState[] = [];
    const subscription = symbolSearch$(typed$, () => Promise.reject(new Error('down'))).subscribe((state) =>
      states.push(state),
    );
    typed$.next('zz');
    vi.advanceTimersByTime(200);
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toEqual({ status: 'failed', text: 'zz' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    subscription.unsubscribe();
  });
});
