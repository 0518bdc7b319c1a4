import { z } from 'zod';
import { idField, idParam, isRealDay } from '../common/fields';
import { isTradingDay } from '../market/calendar';
import { tickerField } from '../market/schemas';

/**
 * The portfolio ("my file") of spec 001 and the position calls of spec 002 §7.6: paths, inputs,
 * answers, rules and messages, written once. The gateway validates and serialises with these; the
 * client types its calls and runs the same field rules in its forms.
 *
 * Money in answers is a JSON number rounded to cents; the unit price to 8 decimals (shown with 5);
 * units are whole numbers. The exact figures live in the accounting (./accounting.ts, decimal.js),
 * which the gateway runs on the stored facts for every answer.
 */
export const portfolioApi = {
  create: '/api/file/create_user_portfolio',
  list: '/api/file/get_user_portfolios/:userId',
  lastDay: '/api/file/get_user_portfolios_lastday/:userId',
  unitPrice: '/api/file/get_unit_price/:id',
  /** The old budget call (in use per spec 001 §7 feature flags): units are never negative; `deposit` says which way. */
  addBudget: '/api/file/add_user_portfolio_budget',
  /** The new budget call: negative units withdraw. */
  deposits: '/api/portfolioDeposits',
  depositsOf: '/api/portfolioDeposits/portfolio/:id',
  fundsHistory: '/api/file/get_funds_history/:id',
  lastFundDate: '/api/file/get_last_fund_date/:userId/:id',
  addPositions: '/api/file/add_user_securities',
  openPositions: '/api/file/get_portfolio_open_positions/:id',
  closedPositions: '/api/file/get_portfolio_closed_positions/:id',
  close: '/api/file/close_user_securities',
  delete: '/api/file/delete_user_security',
  addFutureAction: '/api/file/add_future_action',
  futureActions: '/api/file/get_future_actions/:id',
  sharpe: '/api/file/get_sharp/:id',
  pieChart: '/api/file/get_portfolio_pie_chart',
  chart: '/api/file/get_portfolio_chart',
  reset: '/api/file/delete_portfolio/:id',
  /** Downloads (page navigation): `?format=csv|xlsx`; actions also `&symbols=A,B`. */
  downloadPositions: '/api/file/download_portfolio/:id',
  downloadActions: '/api/file/download_actions/:id',
  /** Issue 7 fills these; the open-positions answer already carries `monitor_settings`. */
  settings: '/api/file/get_portfolio_settings/:id',
  /** GET: `{in_file}`, whether the caller's file holds the symbol open (spec 000 §7). */
  isSymbolInFile: '/api/file/get_is_symbol_in_file/:symbol',
  /** GET: `{tickers}`, the symbols the caller's file holds open, sorted (spec 002 §7.5; path of ours). */
  tickers: '/api/file/get_user_portfolio_tickers',
  updateSettings: '/api/file/update_notifications_settings',
} as const;

/** GET file/get_is_symbol_in_file/{symbol}. */
export const symbolInFileParamsSchema = z.object({
  symbol: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((symbol) => symbol.toUpperCase()),
});
export const symbolInFileResponseSchema = z.object({ in_file: z.boolean() });
export type SymbolInFileResponse = z.infer<typeof symbolInFileResponseSchema>;
/** GET file/get_user_portfolio_tickers. */
export const portfolioTickersResponseSchema = z.object({ tickers: z.array(z.string()) });
export type PortfolioTickersResponse = z.infer<typeof portfolioTickersResponseSchema>;

// ---- constants (spec 001 §9, spec 002 §9) ----

export const portfolioDefaults = {
  /** A new file: 100,000 units at unit price 1. */
  units: 100_000,
  unitPrice: 1,
  name: 'My File',
  unitPriceShownDecimals: 5,
  historyPriceShownDecimals: 4,
  /** The unit price as answered and as stored with a fund entry. */
  unitPriceDecimals: 8,
} as const;

export const portfolioLimits = {
  quantityMaxLength: 8,
  /** 99,999,999: eight digits. */
  quantityMax: 99_999_999,
  unitsMax: 1_000_000_000_000,
  /** A share price above ten million dollars is a typing slip (issue 14 §5). */
  priceMax: 10_000_000,
  /** A unit price as the client shows it back. */
  unitPriceMax: 1_000_000_000,
  /** Open positions (lots) one file may hold: its reads stay fast (bench/lots.ts). */
  openLotsMax: 500,
  notesMax: 500,
  itemsMax: 100,
  nameMax: 100,
  commentMax: 500,
  /** Spec 001 §9: the earnings badge shows from 2 days before to 14 days ahead. */
  earningsBadgeDaysBefore: 2,
  earningsBadgeDaysAhead: 14,
  /** Trading days a year, for annualising daily returns (Sharpe). */
  tradingDaysPerYear: 252,
} as const;

/** Spec 001 §9: range buttons, each offered when the history is at least that many days long. */
export const chartRanges = [
  { label: '10D', days: 10 },
  { label: '1M', days: 31 },
  { label: '3M', days: 92 },
  { label: '6M', days: 184 },
  { label: '1Y', days: 365 },
  { label: '5Y', days: 1825 },
] as const;
export type ChartRange = (typeof chartRanges)[number]['label'];

export const defaultBenchmarks = ['SPY', 'RSP'] as const;

/** Spec 001 §9: benchmark lists grouped as broad indexes plus sector ETF families. All are in the market data. */
export const benchmarkGroups = [
  {
    label: 'Broad indexes',
    etfs: [
      { symbol: 'SPY', name: 'S&P 500' },
      { symbol: 'RSP', name: 'S&P 500 Equal Weight' },
      { symbol: 'QQQ', name: 'Nasdaq 100' },
      { symbol: 'IWM', name: 'Russell 2000' },
      { symbol: 'DIA', name: 'Dow Jones Industrial Average' },
    ],
  },
  {
    label: 'SPDR sectors',
    etfs: [
      { symbol: 'XLK', name: 'Technology' },
      { symbol: 'XLV', name: 'Health Care' },
      { symbol: 'XLF', name: 'Financials' },
      { symbol: 'XLY', name: 'Consumer Discretionary' },
      { symbol: 'XLC', name: 'Communication Services' },
      { symbol: 'XLI', name: 'Industrials' },
      { symbol: 'XLP', name: 'Consumer Staples' },
      { symbol: 'XLE', name: 'Energy' },
      { symbol: 'XLU', name: 'Utilities' },
      { symbol: 'XLRE', name: 'Real Estate' },
      { symbol: 'XLB', name: 'Materials' },
    ],
  },
  {
    label: 'iShares sectors',
    etfs: [
      { symbol: 'IYW', name: 'Technology' },
      { symbol: 'IYH', name: 'Health Care' },
      { symbol: 'IYF', name: 'Financials' },
      { symbol: 'IYC', name: 'Consumer Discretionary' },
      { symbol: 'IYZ', name: 'Telecommunications' },
      { symbol: 'IYJ', name: 'Industrials' },
      { symbol: 'IYK', name: 'Consumer Staples' },
      { symbol: 'IYE', name: 'Energy' },
      { symbol: 'IDU', name: 'Utilities' },
      { symbol: 'IYR', name: 'Real Estate' },
      { symbol: 'IYM', name: 'Basic Materials' },
    ],
  },
  {
    label: 'Vanguard sectors',
    etfs: [
      { symbol: 'VGT', name: 'Information Technology' },
      { symbol: 'VHT', name: 'Health Care' },
      { symbol: 'VFH', name: 'Financials' },
      { symbol: 'VCR', name: 'Consumer Discretionary' },
      { symbol: 'VOX', name: 'Communication Services' },
      { symbol: 'VIS', name: 'Industrials' },
      { symbol: 'VDC', name: 'Consumer Staples' },
      { symbol: 'VDE', name: 'Energy' },
      { symbol: 'VPU', name: 'Utilities' },
      { symbol: 'VNQ', name: 'Real Estate' },
      { symbol: 'VAW', name: 'Materials' },
    ],
  },
] as const;

export const benchmarkSymbols: readonly string[] = benchmarkGroups.flatMap((group) =>
  group.etfs.map((etf) => etf.symbol),
);

/** Spec 001 §9. */
export const futureActionReasons = [
  'Underperform',
  'Earnings',
  'After Earnings',
  'Take Profit',
  'Stop-Loss',
  'Risk',
  'Rebalance',
  'Refresh',
] as const;

// ---- messages (spec 001 §8, spec 002 §8) ----

export const portfolioMessages = {
  createFailed: 'Error creating portfolio. Please contact support',
  alreadyExists: 'You already have a portfolio. Reset it to start a new one.',
  notFound: 'Portfolio not found',
  notYours: 'You can only see and change your own portfolio',
  deleteBlocked: 'Cannot delete these Positions as they were opened before the last deposit.',
  deleteSkipped: (symbols: readonly string[]) =>
    `Cannot delete ${symbols.join(', ')} as they were opened before the last deposit; the other positions were deleted.`,
  deleteFailed: 'error while deleting position',
  deleted: (count: number) => (count === 1 ? 'Position deleted' : `${count} positions deleted`),
  editBlocked: (symbol: string) => `Cannot edit ${symbol}: it was opened before the last deposit.`,
  positionAdded: 'Position added to Portfolio',
  positionsAdded: (count: number) => `${count} positions added to Portfolio`,
  positionNotFound: (id: number) => `Position ${id} is not an open position of this portfolio`,
  closed: (count: number) => (count === 1 ? 'Position closed' : `${count} positions closed`),
  closeTooMany: (symbol: string, open: number) => `Cannot close more than the ${open} ${symbol} open`,
  notEnoughCash: (needed: string, cash: string) =>
    `Not enough cash: this needs $${needed} and the file has $${cash}`,
  notEnoughUnits: (units: number) => `Cannot withdraw more than the ${units} units of the file`,
  noPrice: (symbol: string) => `No price for ${symbol} on that date`,
  unknownSymbol: (symbol: string) => `Unknown symbol: ${symbol}`,
  futureActionTooMany: (open: number) => `Quantity is capped at the ${open} open of this symbol and type`,
  futureActionNoPosition: (symbol: string) => `There is no open position in ${symbol} of that type`,
  invalidSymbols: 'Invalid symbols data',
  invalidTotal: 'Invalid total cash value',
  narrowRange: 'Please select a wider date range',
  compareTooShort:
    'There is no data available for this symbol. It takes at least one day to calculate the benchmark comparison.',
  monitorUpdated: 'Monitor Settings updated',
  fundsUpdated: 'Portfolio funds updated',
  reset: 'Portfolio reset',
  futureActionSaved: 'Future action saved',
  priceFormat: 'Price: digits with up to 2 decimals',
  pricePositive: 'Price must be above 0',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity is at most ${portfolioLimits.quantityMaxLength} digits`,
  unitsWhole: 'Units must be a whole number of at least 0',
  fundsPositive: 'Funds must be above 0',
  dateFormat: 'Date must be YYYY-MM-DD',
  priceMax: 'Price must be at most 10,000,000',
  tooManyLots: (max: number) =>
    `A portfolio holds at most ${max} open positions: close or delete some before adding more.`,
  dateTradingDay: 'Date must be a trading day (not a weekend or market holiday)',
  dateFuture: 'Date cannot be after today',
  datePast: 'Date cannot be before today',
  dateBeforeDeposit: (lastDeposit: string) => `Date cannot be before the last deposit (${lastDeposit})`,
  dateBeforeEntry: (entryDate: string) => `Close date cannot be before the entry date (${entryDate})`,
} as const;

// ---- field rules, one place for form and server ----

/** Spec 001 §5 / 002 §5: digits with an optional decimal part of up to 2 digits, above 0. */
export const pricePattern = /^\d+(\.\d{1,2})?$/;
/** Accepts "12.5" or 12.5; answers the canonical decimal string. */
export const priceField = z
  .union([z.string(), z.number()], { error: portfolioMessages.priceFormat })
  .transform((value) => String(value).trim())
  .refine((value) => pricePattern.test(value), { error: portfolioMessages.priceFormat })
  .refine((value) => Number(value) > 0, { error: portfolioMessages.pricePositive })
  .refine((value) => Number(value) <= portfolioLimits.priceMax, { error: portfolioMessages.priceMax });

/** A whole quantity of at least 1 (commas stripped, as the dialog does), at most 8 digits. */
export const quantityField = z
  .union([z.number(), z.string()], { error: portfolioMessages.quantityWhole })
  .transform((value) => (typeof value === 'string' ? Number(value.replaceAll(',', '').trim()) : value))
  .pipe(
    z
      .number({ error: portfolioMessages.quantityWhole })
      .int({ error: portfolioMessages.quantityWhole })
      .min(1, { error: portfolioMessages.quantityMin })
      .max(portfolioLimits.quantityMax, { error: portfolioMessages.quantityMax }),
  );

/** A real YYYY-MM-DD date within the market calendar's years (its functions throw on any other). */
const isCalendarDate = (value: string) => {
  try {
    isTradingDay(value);
    return true;
  } catch {
    return false;
  }
};

/** A market day as YYYY-MM-DD: a real date and a trading day. Range checks (today, last deposit) are the service's. */
export const tradingDateField = z
  .string({ error: portfolioMessages.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: portfolioMessages.dateFormat, abort: true })
  .refine(isCalendarDate, { error: portfolioMessages.dateFormat, abort: true })
  .refine((value) => isTradingDay(value), { error: portfolioMessages.dateTradingDay });

const notesField = z.string().trim().max(portfolioLimits.notesMax).default('');

export const portfolioIdParamsSchema = z.object({ id: idParam });
export const userIdParamsSchema = z.object({ userId: idParam });
export const lastFundDateParamsSchema = z.object({ userId: idParam, id: idParam });

// ---- inputs ----

/** POST file/create_user_portfolio: creates the file with its first deposit at unit price 1. `user` is admins' only way to act for another. */
export const createPortfolioBodySchema = z.object({
  user: idField.optional(),
  name: z.string().trim().min(1).max(portfolioLimits.nameMax).default(portfolioDefaults.name),
  /** The first deposit in units (= dollars at unit price 1). */
  start_budget: z
    .number({ error: portfolioMessages.unitsWhole })
    .int({ error: portfolioMessages.unitsWhole })
    .min(1, { error: portfolioMessages.fundsPositive })
    .max(portfolioLimits.unitsMax),
  notes: notesField,
  /** The file's first day; defaults to the market's today. */
  date: tradingDateField.optional(),
});
export type CreatePortfolioBody = z.infer<typeof createPortfolioBodySchema>;
export type CreatePortfolioInput = z.input<typeof createPortfolioBodySchema>;

const unitsField = z
  .number({ error: portfolioMessages.unitsWhole })
  .int({ error: portfolioMessages.unitsWhole })
  .min(0, { error: portfolioMessages.unitsWhole })
  .max(portfolioLimits.unitsMax);

/**
 * POST file/add_user_portfolio_budget. Units are issued or redeemed at the server's current unit
 * price; `unit_price` is what the client showed and is answered back beside the one used.
 */
export const addBudgetBodySchema = z.object({
  portfolio_id: idField,
  units: unitsField.refine((units) => units > 0, { error: portfolioMessages.fundsPositive }),
  unit_price: z.number().positive().max(portfolioLimits.unitPriceMax).optional(),
  notes: notesField,
  deposit: z.boolean().default(true),
});
export type AddBudgetBody = z.infer<typeof addBudgetBodySchema>;
export type AddBudgetInput = z.input<typeof addBudgetBodySchema>;

/** POST portfolioDeposits: negative units withdraw. */
export const depositBodySchema = z.object({
  portfolioId: idField,
  units: z
    .number({ error: portfolioMessages.unitsWhole })
    .int({ error: portfolioMessages.unitsWhole })
    .min(-portfolioLimits.unitsMax)
    .max(portfolioLimits.unitsMax)
    .refine((units) => units !== 0, { error: portfolioMessages.fundsPositive }),
  unitPrice: z.number().positive().max(portfolioLimits.unitPriceMax).optional(),
  notes: notesField,
});
export type DepositBody = z.infer<typeof depositBodySchema>;

export const positionTypes = ['Buy', 'Sell'] as const;
/** Buy opens a Long, Sell opens a Short. */
export const positionTypeField = z.enum(positionTypes, { error: 'type must be Buy or Sell' });

/** One line of the position dialog. With `id` it edits that open position (entry on or after the last deposit). */
export const positionItemSchema = z.object({
  id: idField.optional(),
  type: positionTypeField,
  symbol: tickerField,
  date: tradingDateField,
  price: priceField,
  quantity: quantityField,
  notes: notesField,
});
export type PositionItem = z.input<typeof positionItemSchema>;

/** POST file/add_user_securities {user, items, portfolio_id}: all lines in one transaction, or none. */
export const addPositionsBodySchema = z.object({
  user: idField.optional(),
  portfolio_id: idField,
  items: z
    .array(positionItemSchema)
    .min(1, { error: 'items: at least one position is required' })
    .max(portfolioLimits.itemsMax),
});
export type AddPositionsBody = z.input<typeof addPositionsBodySchema>;

/** One close of POST file/close_user_securities: up to the open quantity (partial closes split the position). */
export const closeItemSchema = z.object({
  id: idField,
  quantity: quantityField,
  price: priceField,
  date: tradingDateField,
  notes: notesField,
});
export const closeBodySchema = z.object({
  portfolio_id: idField,
  items: z
    .array(closeItemSchema)
    .min(1, { error: 'items: at least one position is required' })
    .max(portfolioLimits.itemsMax),
});
export type CloseBody = z.input<typeof closeBodySchema>;

/** POST file/delete_user_security {scurity_ids} (the spec's spelling). */
export const deleteBodySchema = z.object({
  scurity_ids: z.array(idField).min(1, { error: 'scurity_ids: at least one id is required' }).max(500),
});

/** POST file/add_future_action. Date on or after today (a trading day); quantity capped by the open quantity. */
export const futureActionBodySchema = z.object({
  portfolio_id: idField,
  date: tradingDateField,
  action: positionTypeField,
  ticker: tickerField,
  reason: z.enum(futureActionReasons, { error: `reason must be one of ${futureActionReasons.join(', ')}` }),
  quantity: quantityField,
  comment: z.string().trim().max(portfolioLimits.commentMax).default(''),
});
export type FutureActionBody = z.input<typeof futureActionBodySchema>;

/** POST file/get_portfolio_pie_chart {pid}. */
export const pieChartBodySchema = z.object({ pid: idField });

/** POST file/get_portfolio_chart {pid, etfs, from_date, to_date}: more than 1 day apart. */
export const portfolioChartBodySchema = z
  .object({
    pid: idField,
    etfs: z
      .array(tickerField)
      .max(20)
      .default([...defaultBenchmarks]),
    from_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: portfolioMessages.dateFormat })
      .refine(isRealDay, { error: portfolioMessages.dateFormat })
      .optional(),
    to_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: portfolioMessages.dateFormat })
      .refine(isRealDay, { error: portfolioMessages.dateFormat })
      .optional(),
  })
  .refine(
    (body) =>
      !body.from_date || !body.to_date || Date.parse(body.to_date) - Date.parse(body.from_date) > 86_400_000,
    { error: portfolioMessages.narrowRange, path: ['to_date'] },
  );

export const downloadFormats = ['csv', 'xlsx'] as const;
export const downloadQuerySchema = z.object({
  format: z.enum(downloadFormats).default('csv'),
  /** Actions only: the symbols to include, comma separated; all when absent. */
  symbols: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((symbol) => symbol.trim().toUpperCase())
            .filter(Boolean)
        : [],
    ),
});

// ---- answers ----

/** Spec 001 §3 Portfolio, with the figures the screens need. Money in USD, percents in percent. */
export const portfolioSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  notes: z.string(),
  /** First day, YYYY-MM-DD. */
  created: z.string(),
  units: z.number(),
  unit_price: z.number(),
  /** Assets under management: cash + longs at market + shorts (collateral + P&L). */
  aum: z.number(),
  /** Market value of the open longs. */
  open_total: z.number(),
  /** Value of the open shorts: collateral (entry value) + their P&L. */
  pos_short_total: z.number(),
  current_cash: z.number(),
  /** Sum of deposits minus withdrawals, at the prices they were made. */
  total_invest: z.number(),
  open_pl_money: z.number(),
  open_pl_per: z.number().nullable(),
  short_pl_money: z.number(),
  short_pl_per: z.number().nullable(),
  last_day_pl: z.number(),
  last_day_pl_per: z.number().nullable(),
  /** Sharpe ratio of the daily unit-price returns; null with fewer than 2 returns. */
  sharp: z.number().nullable(),
  /** Last deposit or withdrawal date, YYYY-MM-DD: positions opened before it cannot be edited or deleted. */
  last_deposite: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
export const portfolioListSchema = z.array(portfolioSchema);

export const lastDayItemSchema = z.object({
  id: z.number(),
  last_day_pl: z.number(),
  last_day_pl_per: z.number().nullable(),
  unit_price: z.number(),
});
export const lastDayListSchema = z.array(lastDayItemSchema);

export const unitPriceResponseSchema = z.object({ unit_price: z.number() });
export const sharpeResponseSchema = z.object({ value: z.number().nullable() });
export const lastFundDateResponseSchema = z.object({ last_deposite: z.string().nullable() });

/** Spec 001 §3 Fund entry: amount > 0 deposit, < 0 withdrawal; `price` the unit price used. */
export const fundEntrySchema = z.object({
  id: z.number(),
  amount: z.number(),
  date: z.string(),
  units: z.number(),
  price: z.number(),
  notes: z.string(),
});
export type FundEntry = z.infer<typeof fundEntrySchema>;
/** get_funds_history answers the plain list, newest first; portfolioDeposits/portfolio answers `{funds}`. */
export const fundsHistorySchema = z.array(fundEntrySchema);
export const depositsResponseSchema = z.object({ funds: fundsHistorySchema });
/** A budget change answers the entry recorded (at the server's unit price) and the file after it. */
export const budgetResponseSchema = z.object({
  status: z.literal(true),
  entry: fundEntrySchema,
  portfolio: portfolioSchema,
});

export const positionKinds = ['Long', 'Short'] as const;
export type PositionKind = (typeof positionKinds)[number];

/** Spec 001 §3 Position. Open positions have null close fields; closed ones null live fields where meaningless. */
export const positionSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  company: z.string(),
  pos_type: z.enum(positionKinds),
  sector: z.string().nullable(),
  entry_date: z.object({ date: z.string() }),
  entry: z.number(),
  quantity: z.number(),
  last_price: z.number().nullable(),
  /** Long: quantity x last; short: collateral + P&L. */
  current_val: z.number().nullable(),
  /** Next earnings date (YYYY-MM-DD) or null. */
  earning: z.string().nullable(),
  /** Share of assets under management, percent. */
  percent_file: z.number().nullable(),
  pl: z.number().nullable(),
  pl_per: z.number().nullable(),
  /** The sector ETF's percent over the same period (entry to now, or to the close). */
  etf_pl_per: z.number().nullable(),
  etf: z.string().nullable(),
  /** Today's percent change of the symbol. */
  daily_change: z.number().nullable(),
  close_price: z.number().nullable(),
  close_date: z.object({ date: z.string() }).nullable(),
  notes: z.string(),
  ma50: z.number().nullable(),
  /** Entry on or after the last deposit: may be edited or deleted. */
  editable: z.boolean(),
});
export type Position = z.infer<typeof positionSchema>;

/** Spec 001 §3 Monitor settings entry. Issue 7 gives the rules; the defaults live here. */
export const monitorTypes = [
  'buy',
  'sell',
  'earning',
  'refresh',
  'ma50',
  'etf',
  'sl',
  'split',
  'profit',
  'universeRank',
] as const;
export type MonitorType = (typeof monitorTypes)[number];
export const monitorSettingSchema = z.object({
  type: z.enum(monitorTypes),
  value: z.number().nullable(),
  checked: z.boolean(),
  selectedOption: z.string().nullable(),
});
export type MonitorSetting = z.infer<typeof monitorSettingSchema>;

/**
 * Spec 001 §9: a file's monitor settings until its owner changes them. Benchmark deviation, stop-loss
 * and take profit 10%, universe rank decrease 10 points; every alert kind on.
 */
export const defaultMonitorSettings: readonly MonitorSetting[] = [
  { type: 'buy', value: null, checked: true, selectedOption: null },
  { type: 'sell', value: null, checked: true, selectedOption: null },
  { type: 'earning', value: null, checked: true, selectedOption: null },
  { type: 'split', value: null, checked: true, selectedOption: null },
  { type: 'refresh', value: null, checked: true, selectedOption: null },
  { type: 'ma50', value: null, checked: true, selectedOption: null },
  { type: 'etf', value: 10, checked: true, selectedOption: null },
  { type: 'sl', value: 10, checked: true, selectedOption: null },
  { type: 'profit', value: 10, checked: true, selectedOption: null },
  { type: 'universeRank', value: 10, checked: true, selectedOption: null },
];

export const openPositionsResponseSchema = z.object({
  list: z.array(positionSchema),
  monitor_settings: z.array(monitorSettingSchema),
});
export const closedPositionsResponseSchema = z.object({ list: z.array(positionSchema) });

/** add_user_securities: `type` 1 means the dialog stays open (spec 002 §4): some line was refused. */
export const addPositionsResponseSchema = z.object({
  status: z.boolean(),
  msg: z.string(),
  type: z.number(),
  ids: z.array(z.number()),
});
export const statusResponseSchema = z.object({ status: z.boolean(), msg: z.string() });
export const deleteResponseSchema = z.object({
  status: z.boolean(),
  msg: z.string(),
  deleted: z.array(z.number()),
  /** Symbols skipped because they were opened before the last deposit. */
  skipped: z.array(z.string()),
});

export const futureActionSchema = z.object({
  id: z.number(),
  portfolio_id: z.number(),
  date: z.string(),
  action: positionTypeField,
  ticker: z.string(),
  reason: z.string(),
  quantity: z.number(),
  comment: z.string(),
  created: z.string(),
});
export type FutureAction = z.infer<typeof futureActionSchema>;
export const futureActionsResponseSchema = z.object({ list: z.array(futureActionSchema) });
export const futureActionSavedSchema = z.object({ status: z.literal(true), action: futureActionSchema });

/** get_portfolio_pie_chart: the file by sector (cash included), percent of assets under management. */
export const pieChartResponseSchema = z.object({
  labels: z.array(z.string()),
  series: z.array(z.number()),
  values: z.array(z.number()),
});

/**
 * get_portfolio_chart (spec 001 §3 Chart data): per trading day from `from_date` to `to_date`, the
 * portfolio's unit price and each ETF as percent change since the range's first day. `first` is the
 * file's first day (the range buttons are offered by history length from it).
 */
export const portfolioChartResponseSchema = z.object({
  chart_data: z.object({
    labels: z.array(z.string()),
    datasets: z.array(z.object({ label: z.string(), data: z.array(z.number().nullable()) })),
  }),
  first: z.string(),
});
export type PortfolioChart = z.infer<typeof portfolioChartResponseSchema>;

// ---- realtime ----

/** What changed, so other tabs know what to refetch. */
export const portfolioChangeKinds = [
  'created',
  'funds',
  'positions',
  'closed',
  'deleted',
  'actions',
  'reset',
  'settings',
] as const;
export interface PortfolioChanged {
  portfolioId: number;
  kind: (typeof portfolioChangeKinds)[number];
}
