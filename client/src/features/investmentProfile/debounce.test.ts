import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, useDebounced } from './debounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once, with the latest arguments, after the wait without calls', () => {
    const run = vi.fn();
    const call = debounce(run, 300);
    call('2');
    vi.advanceTimersByTime(200);
    call('20');
    vi.advanceTimersByTime(200);
    call('200');
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('200');
  });

  it('drops a pending call on cancel', () => {
    const run = vi.fn();
    const call = debounce(run, 300);
    call('x');
    call.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('useDebounced', () => {
  it('follows the value only once it stops changing', async () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBe('a');
    rerender({ value: 'ab' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    rerender({ value: 'abc' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(result.current).toBe('a');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current).toBe('abc');
  });
});
