import { describeAlert, type Alert, type FeedListAlert } from '@insight/shared';

type SharedFeedFields = Pick<FeedListAlert, 'description' | 'count'>;
type FeedFields = SharedFeedFields & Pick<FeedListAlert, 'in_file'>;

/**
 * The fields every user of a list sees alike, per list: a profile's page is shared by all its users
 * without a dismissal in it, so they are computed once for all of them.
 */
const sharedFieldsOf = new WeakMap<readonly Alert[], (Alert & SharedFeedFields)[]>();
/** An alert's sentence, once per alert object (the kept lists reuse their alerts). */
const descriptionOf = new WeakMap<Alert, string>();

function describe(alert: Alert): string {
  let description = descriptionOf.get(alert);
  if (description === undefined) descriptionOf.set(alert, (description = describeAlert(alert)));
  return description;
}

/**
 * The live feed's fields of spec 001 §3 (Alert (live feed)) on a list of alerts, in one place:
 * `description` (the card's sentence, plain text), `count` (how many alerts of this list are on the
 * same symbol: the card's count badge) and `in_file` (the caller's file holds the symbol open).
 * Applied to the list at the end of finance_info's answer; the same call serves any paged list, with
 * `count` then counted over the page given. The shared part is computed once per list object; only
 * `in_file` is the caller's.
 */
export function withFeedFields<A extends Alert>(
  alerts: readonly A[],
  heldSymbols: Iterable<string>,
): (A & FeedFields)[] {
  const held = heldSymbols instanceof Set ? (heldSymbols as Set<string>) : new Set(heldSymbols);
  let shared = sharedFieldsOf.get(alerts) as (A & SharedFeedFields)[] | undefined;
  if (!shared) {
    const perSymbol = new Map<string, number>();
    for (const alert of alerts) perSymbol.set(alert.symbol, (perSymbol.get(alert.symbol) ?? 0) + 1);
    shared = alerts.map((alert) => ({
      ...alert,
      description: describe(alert),
      count: perSymbol.get(alert.symbol) ?? 1,
    }));
    sharedFieldsOf.set(alerts, shared);
  }
  return shared.map((alert) => ({ ...alert, in_file: held.has(alert.symbol) }));
}
