import { useEffect, useState } from 'react';

/**
 * Calls `run` with the latest arguments once `waitMs` passed without another call; `cancel` drops a
 * pending call. Used for the live stock counts: a count is asked once the user stops typing.
 */
export function debounce<A extends unknown[]>(run: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, waitMs);
  };
  call.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return call;
}

/** `value`, once it has stayed the same for `waitMs` (the first value at once). */
export function useDebounced<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
