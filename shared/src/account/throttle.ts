import { z } from 'zod';

/** Admin calls to see and clear throttled sign-ins (system admins only). */
export const throttleApi = {
  list: '/api/admin/throttled',
  clear: '/api/admin/throttled/clear',
} as const;

/** "45 seconds", "1 minute", "15 minutes": a wait, rounded up, in the unit a person reads. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 answers of a throttled sign-in; each says how long to wait. */
export const throttleMessages = {
  accountAndAddress: (seconds: number) =>
    `Too many failed sign-in attempts for this account from your address. Please try again in ${waitText(seconds)}.`,
  address: (seconds: number) =>
    `Too many failed sign-in attempts from your address. Please try again in ${waitText(seconds)}.`,
  account: (seconds: number) =>
    `Too many failed sign-in attempts for this account. Please try again in ${waitText(seconds)}.`,
  cleared: (account: string) => `Sign-in failures of ${account} cleared.`,
  nothingToClear: 'Nothing to clear: that account has no recent sign-in failures.',
};

/** One account with recent sign-in failures, as an admin sees it. */
export const throttledAccountSchema = z.object({
  /** The e-mail address tried (it may belong to no account). */
  account: z.string(),
  /** Failures in the window, from every address. */
  failures: z.number().int(),
  /** How many addresses they came from. */
  addresses: z.number().int(),
  last_failure_at: z.string(),
  /** Seconds a browser without the account's device cookie must wait now; 0 when it need not. */
  wait_seconds: z.number().int(),
});
export type ThrottledAccount = z.infer<typeof throttledAccountSchema>;

export const throttledListSchema = z.object({
  status: z.literal(true),
  data: z.array(throttledAccountSchema),
  /** The rules in force, to show beside the list. */
  rules: z.object({
    per_account_and_address: z.number().int(),
    per_address: z.number().int(),
    per_account_before_delays: z.number().int(),
    window_minutes: z.number().int(),
    max_delay_seconds: z.number().int(),
  }),
});
export type ThrottledList = z.infer<typeof throttledListSchema>;

export const clearThrottleBodySchema = z.object({
  account: z
    .string()
    .trim()
    .min(1, { error: 'account is required' })
    .max(320, { error: 'account is too long' }),
});
export type ClearThrottleBody = z.infer<typeof clearThrottleBodySchema>;
