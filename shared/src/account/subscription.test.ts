import { describe, expect, it } from 'vitest';
import { subscriptionBanner } from './subscription';

describe('the subscription banner (spec 000 §5)', () => {
  it.each([
    // valid_to, trail, shown message, urgent
    [null, 0, null, false],
    [null, 14, null, false],
    [32, 0, null, false],
    [45, 30, null, false],
    [31, 0, 'Attention! Your subscription will expire in 31 days', false],
    [15, 0, 'Attention! Your subscription will expire in 15 days', false],
    [14, 0, 'Attention! Your subscription will expire in 14 days', true],
    [0, 0, 'Attention! Your subscription will expire in 0 days', true],
    [20, 20, 'Attention! Your subscription will expire in 20 days', false],
    [
      10,
      14,
      'You have used 4 out of 14 days of your trial subscription. Contact Sales Team within the next 10 days to ensure continued access.',
      true,
    ],
    [
      20,
      30,
      'You have used 10 out of 30 days of your trial subscription. Contact Sales Team within the next 20 days to ensure continued access.',
      false,
    ],
    [
      31,
      60,
      'You have used 29 out of 60 days of your trial subscription. Contact Sales Team within the next 31 days to ensure continued access.',
      false,
    ],
  ] as const)('valid_to %s, trail %s → %s (urgent: %s)', (validTo, trail, message, urgent) => {
    const banner = subscriptionBanner({ valid_to: validTo, trail });
    expect(banner?.message ?? null).toBe(message);
    if (banner) {
      expect(banner.urgent).toBe(urgent);
      expect(`${banner.before}${banner.days}${banner.after}`).toBe(banner.message);
      expect(banner.days).toBe(validTo);
    }
  });

  it('is a trial banner only while the trial is longer than the days left', () => {
    expect(subscriptionBanner({ valid_to: 5, trail: 6 })?.kind).toBe('trial');
    expect(subscriptionBanner({ valid_to: 5, trail: 5 })?.kind).toBe('expiring');
  });
});
