import { alertsApi, emptyFilterSet, type FilterSet } from '@insight/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { filtersSaveDelayMs, filtersStorageKey, initialFiltersOf, saveFiltersSoon } from './filterStorage';

const bearish: FilterSet = { ...emptyFilterSet, rating: ['sell'] };
const bullish: FilterSet = { ...emptyFilterSet, rating: ['buy'] };

/** Lets the debounce fire and the save's answer arrive. */
async function settle() {
  await vi.advanceTimersByTimeAsync(filtersSaveDelayMs);
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("a user's alert filters (spec 000 §4, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('start as the defaults when none are stored', () => {
    expect(initialFiltersOf(aUser({ alert_filters: null }))).toEqual(emptyFilterSet);
  });

  it("start as the user's saved filters", () => {
    expect(initialFiltersOf(aUser({ alert_filters: bearish }))).toEqual(bearish);
  });

  it('go to local storage at once, under the user id, and to the server once quiet', async () => {
    const network = fakeNetwork({ [alertsApi.saveFilters]: () => ok({ status: true }) });
    saveFiltersSoon(1, bullish);
    saveFiltersSoon(1, bearish);
    expect(JSON.parse(window.localStorage.getItem(filtersStorageKey(1))!)).toEqual({
      filters: bearish,
      synced: false,
    });
    expect(network.callsTo(alertsApi.saveFilters)).toHaveLength(0);
    await settle();
    expect(network.callsTo(alertsApi.saveFilters).map((call) => call.body)).toEqual([
      { alert_filters: bearish },
    ]);
    // Confirmed: the server's copy is the one to trust at the next start.
    expect(initialFiltersOf(aUser({ user_id: 1, alert_filters: bearish }))).toEqual(bearish);
  });

  it('keep a change the server never confirmed, over what the server had', async () => {
    fakeNetwork({ [alertsApi.saveFilters]: () => fail(500, 'down') });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    saveFiltersSoon(1, bullish);
    await settle();
    expect(initialFiltersOf(aUser({ user_id: 1, alert_filters: bearish }))).toEqual(bullish);
  });

  it("never show one user's local filters to another", () => {
    saveFiltersSoon(1, bullish);
    expect(initialFiltersOf(aUser({ user_id: 2, alert_filters: null }))).toEqual(emptyFilterSet);
  });
});
