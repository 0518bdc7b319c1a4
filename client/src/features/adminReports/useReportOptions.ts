import type { AdminReportOptions } from '@insight/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import { adminReportCalls } from './api';

export type OptionsState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; options: AdminReportOptions };

/** The users, analysts and profiles the admin's report screens pick from (in the caller's scope). */
export function useReportOptions() {
  const [state, setState] = useState<OptionsState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const retry = useCallback(() => setVersion((value) => value + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    adminReportCalls.options(controller.signal).then(
      (options) => setState({ kind: 'ready', options }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'error', message: errorMessage(error, 'Could not load the report choices.') });
      },
    );
    return () => controller.abort();
  }, [version]);
  return { state, retry };
}

/** A local YYYY-MM-DD of a date. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Spec 002 §9: the default report period starts 3 months back. */
export function defaultRange(now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth() - 3, now.getDate());
  return { from: isoDay(from), to: isoDay(now) };
}
