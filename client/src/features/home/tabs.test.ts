import { describe, expect, it } from 'vitest';
import { homeScreenFor } from './tabs';

describe('the home screen for the tab parameter (spec 000 §2)', () => {
  it.each([
    [null, 'home'],
    ['', 'home'],
    ['6', 'home'],
    ['0', 'liveFeed'],
    ['1', 'watchlist'],
    ['3', 'portfolio'],
    ['4', 'tools'],
    ['15', 'testTable'],
    ['2', 'news'],
    ['5', 'news'],
    ['abc', 'news'],
  ] as const)('tab=%s shows %s', (tab, screen) => {
    expect(homeScreenFor(tab)).toBe(screen);
  });
});
