import { useCallback, useEffect, useState } from 'react';
import { useSetAtom } from '../../app/store';
import { subscribeQuotes } from '../../realtime/streams';
import { analystDetailsAtom } from '../analysts/atoms';
import { dismissAlertAtom, type FeedAlert } from './atoms';

/** What every list of alert cards needs (the feed, the home dashboard): written once. */

/** Holds the live quotes of the symbols on screen, so their prices move with the market. */
export function useLiveQuotes(alerts: readonly FeedAlert[]) {
  const key = [...new Set(alerts.map((alert) => alert.symbol))].sort().join(',');
  useEffect(() => (key === '' ? undefined : subscribeQuotes(key.split(','))), [key]);
}

/** The clock the cards' ages read, ticking every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A card's dismiss action and its analyst's details dialog. */
export function useAlertCardActions() {
  const dismiss = useSetAtom(dismissAlertAtom);
  const openDetails = useSetAtom(analystDetailsAtom);
  const onDismiss = useCallback((alert: FeedAlert) => void dismiss(alert), [dismiss]);
  const onSeeDetails = useCallback(
    (alert: FeedAlert) => {
      if (alert.analyst_name === null) return;
      openDetails({
        alertId: alert.id,
        analyst: alert.analyst_name,
        symbol: alert.symbol,
        sector: alert.sector_name,
        grade: alert.rate,
      });
    },
    [openDetails],
  );
  return { onDismiss, onSeeDetails };
}
