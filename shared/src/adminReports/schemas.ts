import { z } from 'zod';
import { sectors } from '../common/sectors';
import { jobKindLabels } from '../jobs/schemas';

/**
 * The admins' reports (issue 18; spec 002 §§2.2, 2.4, 3, 5, 7.6, 8): Clients Portfolios, Admin
 * Investment PL and Admin signal as jobs of the job runner (mailed, and kept in My reports), and the
 * Research Analyst Team explain tool. For system admins and client admins (`tools.adminReports`); a
 * client admin reports only on the users of their own account.
 */
export const adminReportsApi = {
  /** Spec 002 §7.6, its spelling kept: the wire name is a contract. */
  clientsPortfolios: '/api/reports/clients_portfolois_report',
  /** Spec 002 §7.6: four path parameters, month (YYYY-MM), analyst, sector id or 0, profile id or 0. */
  explain: '/api/reports/explain_analyst_selection/:month/:analyst/:sector/:profile',
  /** Paths not shown by the spec (001 §7 "Admin P&L, admin signal: GET endpoints, paths not shown"). */
  investmentPl: '/api/reports/admin_investment_pl_report',
  signal: '/api/reports/admin_signal_report',
  /** The users, analysts and profiles the admin's report screens pick from (in the caller's scope). */
  options: '/api/reports/admin_report_options',
} as const;

export const adminReportsMessages = {
  /** Spec 002 §8 success notice of the clients portfolios report. */
  sent: 'file will be sent by email',
  /** Spec 001 §8 success notice of a performance-type report. */
  received: 'Your request was received, please note that this process may take up to one hour to complete.',
  emailRequired: 'please enter an email address',
  emailInvalid: 'Please enter a valid email',
  emailTooLong: 'The e-mail address can be at most 100 characters',
  userRequired: 'please choose a user',
  dateFormat: 'Dates must be YYYY-MM-DD',
  monthFormat: 'please use month in format YYYY-mm',
  rangeOrder: 'The from date must be on or before the to date',
  futureDate: 'The to date cannot be after today',
  noSuchUser: 'No such user',
  otherAccount: 'This user belongs to another account',
  noFile: 'This user has no portfolio file',
  /** Spec 002 §5: the explain tool needs an analyst, plus a sector or a profile. */
  explainNeedsAnalyst: 'please choose an analyst',
  explainNeedsScope: 'please choose a sector or a profile',
  unknownAnalyst: 'No such analyst',
  unknownProfile: 'No such profile',
  futureMonth: 'The month cannot be after the current month',
} as const;

export const clientsPortfoliosJobKind = 'reports.clientsPortfolios';
export const investmentPlJobKind = 'reports.adminInvestmentPl';
export const signalJobKind = 'reports.adminSignal';

export const adminReportJobLabels: Record<string, string> = {
  [clientsPortfoliosJobKind]: 'Clients portfolio report',
  [investmentPlJobKind]: 'Admin investment P&L',
  [signalJobKind]: 'Admin signal report',
};

const m = adminReportsMessages;

/** Spec 002 §5: a report recipient, at most 100 characters. */
export const reportEmailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .max(100, { error: m.emailTooLong })
  .pipe(z.email({ error: m.emailInvalid }));

const isRealDate = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};
const reportDate = z
  .string({ error: m.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.dateFormat })
  .refine(isRealDate, { error: m.dateFormat });

const userIdSchema = z.coerce
  .number({ error: m.userRequired })
  .int({ error: m.userRequired })
  .positive({ error: m.userRequired });

export const clientsPortfoliosBodySchema = z
  .object({
    user_id: userIdSchema,
    from_date: reportDate,
    to_date: reportDate,
    email: reportEmailSchema,
  })
  .refine((body) => body.from_date <= body.to_date, { error: m.rangeOrder, path: ['to_date'] });
export type ClientsPortfoliosBody = z.input<typeof clientsPortfoliosBodySchema>;
export type ClientsPortfoliosJobParams = z.output<typeof clientsPortfoliosBodySchema>;

/** Admin Investment PL: every file of the admin's scope over a date range, one row per user. */
export const investmentPlBodySchema = z
  .object({ from_date: reportDate, to_date: reportDate, email: reportEmailSchema })
  .refine((body) => body.from_date <= body.to_date, { error: m.rangeOrder, path: ['to_date'] });
export type InvestmentPlBody = z.input<typeof investmentPlBodySchema>;
export type InvestmentPlJobParams = z.output<typeof investmentPlBodySchema> & {
  /** The account the report is limited to (a client admin's), or null for every account. */
  accountId: number | null;
};

const monthSchema = z
  .string({ error: m.monthFormat })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m.monthFormat });

/** Admin signal: the analyst teams' ratings (signals) of a month range, with how each worked out. */
export const signalBodySchema = z
  .object({
    start_month: monthSchema,
    end_month: monthSchema,
    /** A sector id, or 0 for every sector. */
    sector: z.coerce.number().int().min(0).max(sectors.length).default(0),
    email: reportEmailSchema,
  })
  .refine((body) => body.start_month <= body.end_month, { error: m.rangeOrder, path: ['end_month'] });
export type SignalBody = z.input<typeof signalBodySchema>;
export type SignalJobParams = z.output<typeof signalBodySchema>;

export const reportRequestedSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  /** The job building the file: it shows in My reports. */
  jobId: z.string(),
});
export type ReportRequested = z.infer<typeof reportRequestedSchema>;

export const explainParamsSchema = z.object({
  month: monthSchema,
  analyst: z.string().trim().min(1, { error: m.explainNeedsAnalyst }).max(100),
  sector: z.coerce
    .number({ error: 'sector must be a sector id or 0' })
    .int({ error: 'sector must be a sector id or 0' })
    .min(0, { error: 'sector must be a sector id or 0' })
    .max(sectors.length, { error: 'sector must be a sector id or 0' }),
  profile: z.coerce
    .number({ error: 'profile must be a profile id or 0' })
    .int({ error: 'profile must be a profile id or 0' })
    .min(0, { error: 'profile must be a profile id or 0' }),
});
export type ExplainParams = z.input<typeof explainParamsSchema>;

/** One rule of the team, as the analyst stands against it. */
export const explainRuleSchema = z.object({
  rule: z.enum(['active', 'minDecided', 'minSuccessRate', 'minOutperformRate', 'maxSize']),
  label: z.string(),
  /** What the rule asks, as a number (a count, a 0..1 rate or a rank). */
  required: z.number(),
  /** What the analyst has; null when it cannot be measured (nothing to measure it on). */
  actual: z.number().nullable(),
  passed: z.boolean(),
  text: z.string(),
});
export type ExplainRule = z.infer<typeof explainRuleSchema>;

export const explainSectorSchema = z.object({
  sector: z.string(),
  /** The day the team is taken as of: the month's last trading day the facts reach. */
  asOf: z.string(),
  inTeam: z.boolean(),
  /** The analyst's place among the qualifying analysts (null when not qualifying). */
  rank: z.number().nullable(),
  teamSize: z.number(),
  qualifying: z.number(),
  ratings: z.number(),
  ratingsInLookback: z.number(),
  lastRating: z.string().nullable(),
  decided: z.number(),
  successes: z.number(),
  successRate: z.number().nullable(),
  horizonEnded: z.number(),
  outperformed: z.number(),
  outperformRate: z.number().nullable(),
  rules: z.array(explainRuleSchema),
  /** The team of that sector that month, best first. */
  team: z.array(
    z.object({
      analystId: z.string(),
      name: z.string(),
      rank: z.number(),
      successRate: z.number(),
      outperformRate: z.number(),
      decided: z.number(),
    }),
  ),
  summary: z.string(),
});
export type ExplainSector = z.infer<typeof explainSectorSchema>;

export const explainResponseSchema = z.object({
  status: z.literal(true),
  /** Spec 002 §7.6: the answer, as readable text. */
  ret: z.string(),
  analyst: z.object({ id: z.string(), name: z.string(), firm: z.string().nullable() }),
  month: z.string(),
  mode: z.enum(['sector', 'profile']),
  profile: z.object({ id: z.number(), name: z.string() }).nullable(),
  params: z.object({
    maxSize: z.number(),
    lookbackYears: z.number(),
    activeMonths: z.number(),
    minDecided: z.number(),
    minSuccessRate: z.number(),
    minOutperformRate: z.number(),
  }),
  sectors: z.array(explainSectorSchema),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

export const adminReportOptionsSchema = z.object({
  status: z.literal(true),
  users: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      name: z.string(),
      hasFile: z.boolean(),
      created: z.string().nullable(),
    }),
  ),
  analysts: z.array(
    z.object({ id: z.string(), name: z.string(), firm: z.string().nullable(), ratings: z.number() }),
  ),
  profiles: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminReportOptions = z.infer<typeof adminReportOptionsSchema>;

/** The figures a Clients Portfolios report ends with, kept as the job's result (exact decimals as text). */
export interface ClientsPortfolioTotals {
  userId: number;
  portfolioId: number;
  from: string;
  to: string;
  startUnitPrice: string;
  endUnitPrice: string;
  unitPriceReturnPercent: string;
  startAum: string;
  endAum: string;
  netFlows: string;
  pl: string;
  endCash: string;
  endLongValue: string;
  endShortValue: string;
  invested: string;
  trades: number;
  openPositions: number;
}

/** The sums of an Admin Investment PL report over every file (exact decimals as text). */
export interface InvestmentPlSummary {
  portfolios: number;
  startAum: string;
  endAum: string;
  netFlows: string;
  pl: string;
}

/** The counts of an Admin signal report. */
export interface SignalSummary {
  signals: number;
  decided: number;
  successes: number;
}

// My reports names these jobs readably (shared jobs `jobKindLabels`, a registry each report adds to).
Object.assign(jobKindLabels, adminReportJobLabels);
