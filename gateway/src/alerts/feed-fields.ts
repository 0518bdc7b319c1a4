import { describeAlert, type Alert, type FeedListAlert } from '@insight/shared';

/**
 * The live feed's fields of spec 001 §3 (Alert (live feed)) on a list of alerts, in one place:
 * `description` (the card's sentence, plain text), `count` (how many alerts of this list are on the
 * same symbol: the card's count badge) and `in_file` (the caller's file holds the symbol open).
 * Applied to the list at the end of finance_info's answer; the same call serves any paged list, with
 * `count` then counted over the page given.
 */
export function withFeedFields<A extends Alert>(
  alerts: readonly A[],
  heldSymbols: Iterable<string>,
): (A & Pick<FeedListAlert, 'description' | 'count' | 'in_file'>)[] {
  const held = heldSymbols instanceof Set ? (heldSymbols as Set<string>) : new Set(heldSymbols);
  const perSymbol = new Map<string, number>();
  for (const alert of alerts) perSymbol.set(alert.symbol, (perSymbol.get(alert.symbol) ?? 0) + 1);
  return alerts.map((alert) => ({
    ...alert,
    description: describeAlert(alert),
    count: perSymbol.get(alert.symbol) ?? 1,
    in_file: held.has(alert.symbol),
  }));
}
