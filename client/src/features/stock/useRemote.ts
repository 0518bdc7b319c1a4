import { useEffect, useRef, useState } from 'react';

/**
 * What a read shows: loading (with the previous answer, when there was one, so a chart can stay on
 * screen while its next range loads), its answer, or its error.
 */
export type Remote<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ok'; data: T }
  | { status: 'error'; error: unknown; data: T | null };

interface Settled<T> {
  key: string;
  data: T | null;
  error?: unknown;
  failed: boolean;
}

/**
 * Reads `load()` whenever `key` changes, aborting the read in flight when the key moves on or the
 * component leaves. Nothing is set while a read runs: a key that differs from the last settled one
 * is what "loading" means.
 */
export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, data, failed: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled((previous) => ({ key, data: previous?.data ?? null, error, failed: true }));
      },
    );
    return () => controller.abort();
  }, [key]);

  if (settled === null || settled.key !== key) return { status: 'loading', data: settled?.data ?? null };
  if (settled.failed) return { status: 'error', error: settled.error, data: settled.data };
  return { status: 'ok', data: settled.data as T };
}
