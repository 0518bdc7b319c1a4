import { describe, expect, it } from 'vitest';
import { consensusBuys, consensusTarget, type RatedTarget } from './consensus';

const now = new Date('2026-06-30T16:00:00Z');
const daysAgo = (days: number, rating: 'buy' | 'sell', price_target: number): RatedTarget => ({
  rating,
  price_target,
  security_created_timestamp: Math.round(now.getTime() / 1000 - days * 86_400),
});

describe('the stock page consensus', () => {
  it('counts the buys of the last 3 months only', () => {
    const ratings = [
      daysAgo(1, 'buy', 10),
      daysAgo(60, 'buy', 10),
      daysAgo(100, 'buy', 10),
      daysAgo(5, 'sell', 8),
    ];
    expect(consensusBuys(ratings, now)).toBe(2);
  });

  it('weighs a target by half every 30 days of age', () => {
    // Weights 1 and 0.5: (1×120 + 0.5×90) / 1.5 = 110.
    expect(consensusTarget([daysAgo(0, 'buy', 120), daysAgo(30, 'sell', 90)], now)).toBe(110);
  });

  it('is the plain target with one rating, and null with none in the window', () => {
    expect(consensusTarget([daysAgo(10, 'buy', 42.5)], now)).toBe(42.5);
    expect(consensusTarget([daysAgo(120, 'buy', 42.5)], now)).toBeNull();
    expect(consensusTarget([], now)).toBeNull();
  });
});
