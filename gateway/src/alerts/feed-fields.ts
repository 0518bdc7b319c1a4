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
  return withSharedFields(alerts).map((alert) => ({ ...alert, in_file: held.has(alert.symbol) }));
}

function withSharedFields<A extends Alert>(alerts: readonly A[]): (A & SharedFeedFields)[] {
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
  return shared;
}

/** Each alert of a list as JSON with its shared fields, left open for `in_file`: once per list. */
const encodedOf = new WeakMap<readonly Alert[], string[]>();

/**
 * The same list as `withFeedFields`, as JSON text: each alert's shared part is encoded once per
 * list and only `in_file` is written per caller, so a page shared by a profile's users costs a
 * string join per call rather than an object copy and an encoding of a hundred alerts.
 */
export function feedAlertsJson(alerts: readonly Alert[], heldSymbols: ReadonlySet<string>): string {
  let heads = encodedOf.get(alerts);
  if (!heads) {
    heads = withSharedFields(alerts).map((alert) => `${JSON.stringify(alert).slice(0, -1)},"in_file":`);
    encodedOf.set(alerts, heads);
  }
  let json = '[';
  for (let index = 0; index < heads.length; index++) {
    if (index > 0) json += ',';
    json += heads[index]! + (heldSymbols.has(alerts[index]!.symbol) ? 'true}' : 'false}');
  }
  return json + ']';
}
