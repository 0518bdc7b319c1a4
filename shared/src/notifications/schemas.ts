import { z } from 'zod';
import { idParam, isRealDay } from '../common/fields';
import { monitorTypes } from '../portfolio/schemas';

/**
 * Portfolio notifications (spec 001 §3 "Notification", §4 "Notification bell", §7, §9; spec 002
 * "Portfolio Notifications Report"): what the monitor rules found, stored once per (portfolio,
 * position, rule, day), pushed at once to the owner's sockets as `notification`, and read here.
 */
export const notificationsApi = {
  /** A page, newest first: `count` from `offset`. */
  list: '/api/file/get_portfolio_notifications/:portfolio/:count/:offset',
  /** Marks the newest `count` as seen (the popover shows them): the bell's dot goes when none is left. */
  markSeen: '/api/file/set_portfolio_notifications_pop/:portfolio/:count',
  lastMonth: '/api/file/get_portfolio_last_month_notifications/:id',
  /** The Portfolio Notifications report (Tools): a user's notifications between two days, as a CSV download. */
  report: '/api/reports/portfolio_notifications/:user/:from/:to',
} as const;

/** Spec 001 §9: page size 5; Show More adds 5. */
export const notificationsPageSize = 5;
export const notificationsLimits = { countMax: 100, offsetMax: 1_000_000, reportDaysMax: 366 } as const;

export const notificationsMessages = {
  empty: 'No notifications yet',
  emptyHint: 'The monitor rules of this portfolio will tell you here when a position needs a look.',
  showMore: 'Show More',
  loadFailed: 'Could not load the notifications. Please try again.',
  seenFailed: 'Could not mark the notifications as seen.',
  reportRange: 'The report needs from and to dates (YYYY-MM-DD), from on or before to, at most a year apart',
} as const;

/**
 * Spec 001 §3 Notification. `rating` is the monitor rule that fired (the spec names buy, sell,
 * earning, split and refresh; the threshold rules use their own type). `pop` is true once the
 * owner has seen it in the popover. `factor` is the figure that crossed (percent, points, ratio,
 * days to the earnings, or the rating's target). `entry_date.date` is when it was found (ISO 8601);
 * `day` the market day it belongs to.
 */
export const notificationSchema = z.object({
  id: z.number(),
  portfolio_id: z.number(),
  position_id: z.number().nullable(),
  symbol: z.string(),
  rating: z.enum(monitorTypes),
  title: z.string(),
  text: z.string(),
  pop: z.boolean(),
  factor: z.number().nullable(),
  day: z.string(),
  entry_date: z.object({ date: z.string() }),
});
export type PortfolioNotification = z.infer<typeof notificationSchema>;

const idField = idParam;

export const notificationsPageParamsSchema = z.object({
  portfolio: idField,
  count: z.coerce
    .number({ error: 'count must be a whole number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be at least 1' })
    .max(notificationsLimits.countMax, { error: `count is at most ${notificationsLimits.countMax}` }),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be at least 0' })
    .max(notificationsLimits.offsetMax),
});
export const markSeenParamsSchema = notificationsPageParamsSchema.pick({ portfolio: true, count: true });
export const lastMonthParamsSchema = z.object({ id: idField });

const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: notificationsMessages.reportRange })
  .refine(isRealDay, { error: notificationsMessages.reportRange });
export const notificationsReportParamsSchema = z
  .object({ user: idField, from: reportDay, to: reportDay })
  .refine(
    ({ from, to }) =>
      from <= to && Date.parse(to) - Date.parse(from) <= notificationsLimits.reportDaysMax * 86_400_000,
    { error: notificationsMessages.reportRange, path: ['to'] },
  );

/** A page: `list` newest first, `total` all of the file's, `unseen` those not yet seen. */
export const notificationsPageSchema = z.object({
  list: z.array(notificationSchema),
  total: z.number(),
  unseen: z.number(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** The last 30 days, newest first; the bell's red dot shows while `unseen` is above 0. */
export const lastMonthNotificationsSchema = z.object({
  list: z.array(notificationSchema),
  unseen: z.number(),
});
export type LastMonthNotifications = z.infer<typeof lastMonthNotificationsSchema>;

export const markSeenResponseSchema = z.object({
  status: z.literal(true),
  /** How many became seen now. */
  seen: z.number(),
  unseen: z.number(),
});

/** The columns of the report's CSV, in order. */
export const notificationsReportColumns = [
  'date',
  'day',
  'symbol',
  'rating',
  'title',
  'text',
  'factor',
  'seen',
] as const;
