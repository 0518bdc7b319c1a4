import { z } from 'zod';
import { idField, idParam } from '../common/fields';
import { alertSchema, alertTypes, type Alert } from '../alerts/schemas';
import { tickerField } from '../market/schemas';
import { priceField } from '../portfolio/schemas';

/**
 * The mobile apps (spec 002 §2.8, §5, §7.4, §7.8, §8; spec 000 §1): the app flavours, the app
 * portfolios an admin prepares for each, the broadcast to every user of an app, and what the mobile
 * web view (/apphome) reads. Paths, inputs, answers, rules and messages, written once.
 *
 * An app flavour is one build of the native app ('insight-ios'); each app-id user belongs to one
 * (`users.app_flavor`), and a mobile view socket joins `app:{flavor}` (rooms.app).
 */
export const appsApi = {
  /** GET: the app flavours. */
  apps: '/api/admin/get_portfolios_app_names',
  /** GET: the portfolios of an app, newest month first; `:activeOnly` 'true' lists only the active ones. */
  portfolios: '/api/finance/get_portfolios/:app/:activeOnly',
  /** POST {title, app, date}: the month as YYYY-mm with "-01" appended. */
  addPortfolio: '/api/finance/add_portfolio',
  /** GET: one portfolio; `:withList` 'true' adds its symbols (`data.list`) and the SPY warning. */
  portfolio: '/api/finance/get_portfolio/:id/:withList',
  /** POST {portfolio, active}. */
  makeActive: '/api/finance/make_portfolio_active',
  /** POST {portfolio, value}: the end month (YYYY-mm, "-01" appended or not), or null to clear it. */
  setEndMonth: '/api/finance/set_portfolio_end_month',
  /** POST {portfolio, symbol, entry}: entry omitted takes the symbol's last price. */
  addSymbol: '/api/finance/add_portfolio_symbol',
  /** POST {portfolio, symbol}. */
  removeSymbol: '/api/finance/remove_portfolio_symbol',
  /** POST {app_flavor, msg}: `app:message` to every user of the app, now or when they next connect. */
  notifyAll: '/api/user/send_notification_all_app_users',
  /** GET: the signed-in user's app flavour (the mobile view joins its room with it). Path not in the spec. */
  mine: '/api/apps/mine',
  /** GET: the mobile view's top ratings, `data.alerts` (spec 000 §9: the first 5 non-gold). Path not in the spec. */
  topRatings: '/api/apps/top_ratings',
} as const;

// ---- constants and messages (spec 002 §5, §8, §9) ----

export const appLimits = {
  titleMax: 100,
  messageMax: 500,
  symbolsMax: 200,
  /** Spec 000 §9: the mobile view shows the first 5 non-gold ratings. */
  topRatings: 5,
  /** An alert by an analyst of this grade (A+) is gold: kept for subscribers, not shown as a teaser. */
  goldGrade: 7,
} as const;

/** Spec 002 §8 ("messege" corrected, as common/messages.ts does with the spec's misspellings). */
export const appMessages = {
  monthFormat: 'please use month in format YYYY-mm',
  nameRequired: 'please enter a name for the new portfolio',
  textRequired: 'please enter message text',
  sendError: 'send error',
  missingSpy: 'missing SPY symbol',
  portfolioAdded: 'portfolio added, select it to start editing',
  notificationsQueued: 'notifications added to send queue',
  confirmSend: (appName: string) => `Send this message to every user of ${appName}?`,
  unknownApp: (flavor: string) => `Unknown app: ${flavor}`,
  portfolioNotFound: 'Portfolio not found',
  portfolioExists: 'This app already has a portfolio of that name and month',
  endBeforeStart: 'The end month cannot be before the portfolio month',
  symbolExists: (symbol: string) => `${symbol} is already in this portfolio`,
  symbolMissing: (symbol: string) => `${symbol} is not in this portfolio`,
  tooManySymbols: `A portfolio holds at most ${appLimits.symbolsMax} symbols`,
  noPrice: (symbol: string) => `No price for ${symbol} yet: enter the entry price`,
  titleTooLong: `The name is at most ${appLimits.titleMax} characters`,
  textTooLong: `A message is at most ${appLimits.messageMax} characters`,
} as const;

/** The symbol every app portfolio is measured against; without it the list shows a warning. */
export const appBenchmark = 'SPY';

// ---- rules, one place for form and server ----

/**
 * Spec 002 §5: a month typed as YYYY-mm, 6 to 7 characters (the month may have one digit), a year
 * not in the future and a month 1 to 12. Answers the month as YYYY-MM, or null when it breaks a rule.
 */
export function parseAppMonth(text: string, now: Date = new Date()): string | null {
  const value = text.trim();
  if (value.length < 6 || value.length > 7) return null;
  const match = /^(\d{4})-(\d{1,2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year > now.getUTCFullYear() || month < 1 || month > 12) return null;
  return `${match[1]}-${String(month).padStart(2, '0')}`;
}

/** The month as the screen sends it: YYYY-mm with "-01" appended (spec 002 §3 "App portfolio"). */
export const monthToDate = (month: string) => `${month.trim()}-01`;

/** The symbols list lacks the benchmark: spec 002 §5 "missing SPY symbol". */
export const missingBenchmark = (symbols: readonly { symbol: string }[]) =>
  !symbols.some((item) => item.symbol === appBenchmark);

/** A rating by an A+ analyst. */
export const isGoldAlert = (alert: Pick<Alert, 'rate'>) => alert.rate === appLimits.goldGrade;

/** Spec 000 §9: the mobile view's top ratings, the first 5 non-gold rating alerts of a newest-first list. */
export function topRatings<T extends Pick<Alert, 'type' | 'rate'>>(alerts: readonly T[]): T[] {
  return alerts
    .filter((alert) => alert.type === alertTypes.rating && !isGoldAlert(alert))
    .slice(0, appLimits.topRatings);
}

/**
 * Spec 000 §3 Top rating alert: `ticker`, `company_name_2`, `max_upside`, `is_gold`, beside the
 * alert's own fields (the mobile row shows the analyst and the target too). `max_upside` is signed,
 * percent, 2 decimals: 100 × (target − last) / last, so a bearish target below the price is
 * negative; null without a target or a positive last price.
 */
export const topRatingAlertSchema = alertSchema.extend({
  ticker: z.string(),
  max_upside: z.number().nullable(),
  is_gold: z.boolean(),
});
export type TopRatingAlert = z.infer<typeof topRatingAlertSchema>;

/** An alert as the mobile view's Top rating alert (spec 000 §3). */
export function toTopRatingAlert(alert: Alert): TopRatingAlert {
  const last = alert.last_price;
  const target = alert.price_target;
  const maxUpside =
    target === null || last === null || last <= 0
      ? null
      : Math.round((10_000 * (target - last)) / last) / 100;
  return { ...alert, ticker: alert.symbol, max_upside: maxUpside, is_gold: isGoldAlert(alert) };
}

// ---- fields ----

/** An app flavour id: letters, digits, '-' and '_', as the socket handshake accepts. */
export const flavorField = z
  .string({ error: 'an app is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'an app is letters, digits, - or _, at most 32' });

/** The month as typed in the add form. */
export const monthField = z.string({ error: appMessages.monthFormat }).transform((value, ctx) => {
  const month = parseAppMonth(value);
  if (month === null) {
    ctx.addIssue({ code: 'custom', message: appMessages.monthFormat });
    return z.NEVER;
  }
  return month;
});

/** The month as sent: YYYY-mm, with "-01" appended or not. Answers YYYY-MM. */
export const sentMonthField = z
  .string({ error: appMessages.monthFormat })
  .transform((value) => value.trim().replace(/^(\d{4}-\d{1,2})-01$/, '$1'))
  .pipe(monthField);

export const portfolioTitleField = z
  .string({ error: appMessages.nameRequired })
  .trim()
  .min(1, { error: appMessages.nameRequired })
  .max(appLimits.titleMax, { error: appMessages.titleTooLong });

export const notificationTextField = z
  .string({ error: appMessages.textRequired })
  .trim()
  .min(1, { error: appMessages.textRequired })
  .max(appLimits.messageMax, { error: appMessages.textTooLong });

const flagParam = z.enum(['true', 'false']).transform((value) => value === 'true');

// ---- inputs ----

export const appPortfoliosParamsSchema = z.object({ app: flavorField, activeOnly: flagParam });
export const appPortfolioParamsSchema = z.object({ id: idParam, withList: flagParam });

/** POST finance/add_portfolio {title, app, date}. */
export const addAppPortfolioBodySchema = z.object({
  title: portfolioTitleField,
  app: flavorField,
  date: sentMonthField,
});
export type AddAppPortfolioBody = z.input<typeof addAppPortfolioBodySchema>;

/** The add form: name and month as typed; sent as AddAppPortfolioBody. */
export const addAppPortfolioFormSchema = z.object({ title: portfolioTitleField, month: monthField });

export const makeActiveBodySchema = z.object({ portfolio: idField, active: z.boolean() });
export type MakeActiveBody = z.input<typeof makeActiveBodySchema>;

export const setEndMonthBodySchema = z.object({ portfolio: idField, value: sentMonthField.nullable() });
export type SetEndMonthBody = z.input<typeof setEndMonthBodySchema>;

export const addAppSymbolBodySchema = z.object({
  portfolio: idField,
  symbol: tickerField,
  entry: priceField.optional(),
});
export type AddAppSymbolBody = z.input<typeof addAppSymbolBodySchema>;

export const removeAppSymbolBodySchema = z.object({ portfolio: idField, symbol: tickerField });
export type RemoveAppSymbolBody = z.input<typeof removeAppSymbolBodySchema>;

/** POST user/send_notification_all_app_users {app_flavor, msg}. */
export const notifyAllBodySchema = z.object({ app_flavor: flavorField, msg: notificationTextField });
export type NotifyAllBody = z.input<typeof notifyAllBodySchema>;

// ---- answers ----

export const appSchema = z.object({ flavor: z.string(), name: z.string() });
export type App = z.infer<typeof appSchema>;
export const appsResponseSchema = z.object({ data: z.array(appSchema) });

/** An App portfolio of spec 002 §3; months as YYYY-MM. */
export const appPortfolioSchema = z.object({
  id: z.number().int(),
  app: z.string(),
  title: z.string(),
  active: z.boolean(),
  month: z.string(),
  end_month: z.string().nullable(),
  symbols: z.number().int(),
});
export type AppPortfolio = z.infer<typeof appPortfolioSchema>;

/** A symbol of an app portfolio: its entry and its last price now (null while it has none), USD. */
export const appPortfolioSymbolSchema = z.object({
  symbol: z.string(),
  entry: z.number(),
  last_price: z.number().nullable(),
});
export type AppPortfolioSymbol = z.infer<typeof appPortfolioSymbolSchema>;

export const appPortfolioDetailSchema = appPortfolioSchema.extend({
  /** Present when asked for (`withList`): the symbols, alphabetical. */
  list: z.array(appPortfolioSymbolSchema).optional(),
  /** "missing SPY symbol" while the list lacks SPY; null otherwise (and without the list). */
  warning: z.string().nullable(),
});
export type AppPortfolioDetail = z.infer<typeof appPortfolioDetailSchema>;

export const appPortfoliosResponseSchema = z.object({ data: z.array(appPortfolioSchema) });
export const appPortfolioResponseSchema = z.object({ data: appPortfolioDetailSchema });
/** Every change: `{status: true, msg?, data}` with the portfolio as it is now. */
export const appPortfolioChangedSchema = z.object({
  status: z.literal(true),
  msg: z.string().optional(),
  data: appPortfolioDetailSchema,
});
export type AppPortfolioChanged = z.infer<typeof appPortfolioChangedSchema>;

/** The broadcast's acknowledgement: users reached now, users who get it when they next connect. */
export const notifyAllResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  live: z.number().int(),
  queued: z.number().int(),
});
export type NotifyAllResponse = z.infer<typeof notifyAllResponseSchema>;

export const myAppResponseSchema = z.object({ data: appSchema.nullable() });

/** The mobile view's top ratings: `data.alerts` (spec 002 §7.8), at most 5, newest first. */
export const topRatingsResponseSchema = z.object({ alerts: z.array(topRatingAlertSchema) });
export type TopRatingsResponse = z.infer<typeof topRatingsResponseSchema>;

/** The `app:message` push (events.ts): to every socket of an app, or on connect from the outbox. */
export const appMessageSchema = z.object({
  id: z.number().int(),
  app: z.string(),
  msg: z.string(),
  /** When it was sent, ISO 8601. */
  at: z.string(),
});
export type AppMessage = z.infer<typeof appMessageSchema>;

/**
 * What the mobile view posts to the native app (README "Mobile web view messages"): through
 * `window.ReactNativeWebView.postMessage` or, in a plain browser, `window.parent.postMessage`, as JSON.
 */
export type NativeAppMessage =
  | { type: 'ready'; user_id: number; app: string | null }
  | { type: 'login_failed'; msg: string }
  | { type: 'notification'; id: number; msg: string; at: string }
  | { type: 'go_premium'; source: 'get_premium' | 'go_premium' }
  | { type: 'open_url'; url: string }
  | { type: 'open_stock'; symbol: string };
