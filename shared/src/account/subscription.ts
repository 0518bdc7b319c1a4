import type { User } from './schemas';

/** Spec 000 §5 "Subscription banner" and §9. */
export const bannerShownUnderDays = 32;
export const badgeHighlightedUnderDays = 15;

/**
 * What the banner says, or null when it is hidden. The text is `before`, the days-left figure (shown
 * as a badge), then `after`; `message` is the whole sentence.
 */
export interface SubscriptionBanner {
  kind: 'trial' | 'expiring';
  days: number;
  before: string;
  after: string;
  message: string;
  /** The days badge is highlighted (red) under 15 days. */
  urgent: boolean;
}

export function subscriptionBanner(user: Pick<User, 'valid_to' | 'trail'>): SubscriptionBanner | null {
  const days = user.valid_to;
  if (days === null || days >= bannerShownUnderDays) return null;
  const urgent = days < badgeHighlightedUnderDays;
  if (user.trail > days) {
    const before = `You have used ${user.trail - days} out of ${user.trail} days of your trial subscription. Contact Sales Team within the next `;
    const after = ' days to ensure continued access.';
    return { kind: 'trial', days, before, after, message: `${before}${days}${after}`, urgent };
  }
  const before = 'Attention! Your subscription will expire in ';
  const after = ' days';
  return { kind: 'expiring', days, before, after, message: `${before}${days}${after}`, urgent };
}
