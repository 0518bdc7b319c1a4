import { previousTradingDay } from '@insight/shared/market/calendar';
import type { NewsChannel, UpstreamFiscalQuarter, UpstreamNewsItem } from '@insight/shared/upstream/contract';
import { type PricePaths, sessionOf } from './prices';
import { hash32, Random } from './random';
import { addDays, newYorkInstant, type SimRating } from './ratings';
import { companies, companyByTicker, type Company, type GicsSector } from './universe';

/**
 * Headlines of the simulated market, each retelling something the simulator did: a rating its
 * analysts published, a quarter a company reported (the numbers are the quarter's), a move of the
 * price path, a sector's day. Around those, the company features, insider filings and industry
 * stories a newsroom also writes, so that every stock has a page of news (spec: 20 items) over the
 * months of history, and every channel a page of its own. Fictional authors, on fictional outlets
 * (the reserved `.example` domain), with a picture drawn here. A pure function of the seed, the
 * date and the simulator's own data.
 */
export interface SimNewsItem extends UpstreamNewsItem {
  at: number;
}

/** What the news is written from: the simulator's own data, cached by the simulator. */
export interface NewsSources {
  seed: number;
  paths: PricePaths;
  /** The ratings the simulator's analysts published on a day. */
  ratingsOn: (date: string) => readonly SimRating[];
  /**
   * A company's fiscal quarters by report date (`reported_on`), including the reports due within
   * `newsLookaheadDays`: a preview quotes the estimate of a report that is days away.
   */
  reportsOf: (ticker: string) => ReadonlyMap<string, UpstreamFiscalQuarter>;
}

/** How many days before a report its preview runs. */
const previewLeadDays = 3;
/** How far past today the simulator must know the quarters for the previews of today's news. */
export const newsLookaheadDays = previewLeadDays + 4;

const minute = 60_000;

// ---- who writes, where ----

const reporters = [
  'Mara Lindqvist',
  'Theo Barrington',
  'Priya Venkataram',
  'Jonas Whitford',
  'Lucia Ferrante',
  'Oren Castellane',
  'Hana Okonkwo-Reyes',
  'Felix Marchetti',
  'Ines Valderrama',
  'Caleb Northrop',
  'Sofia Brandvold',
  'Rafael Quintero-Hale',
  'Amara Fitzwilliam',
  'Declan Moravec',
];

/** Fictional outlets (the `.example` domain is reserved: no real site); the client shows their names. */
const outlets = [
  'harbor-street-ledger',
  'meridian-wire',
  'the-closing-bell-review',
  'northgate-markets-daily',
  'cobalt-capital-post',
  'the-tickertape-gazette',
];
const outletNames = new Map(
  outlets.map((slug) => [
    slug,
    slug
      .split('-')
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(' '),
  ]),
);

/** The kinds of story: the id's letter, the desk that writes it (a reporter when none), the URL section. */
const kinds = {
  rating: { letter: 'R', desk: 'Analyst Calls Desk', section: 'analyst-ratings' },
  preview: { letter: 'P', desk: null, section: 'earnings' },
  earnings: { letter: 'E', desk: 'Earnings Desk', section: 'earnings' },
  guidance: { letter: 'G', desk: null, section: 'earnings' },
  reaction: { letter: 'X', desk: 'Markets Desk', section: 'markets' },
  dividend: { letter: 'D', desk: 'Earnings Desk', section: 'dividends' },
  move: { letter: 'M', desk: 'Markets Desk', section: 'markets' },
  insider: { letter: 'I', desk: 'Insider Filings Desk', section: 'insider-trading' },
  feature: { letter: 'F', desk: null, section: 'companies' },
  sector: { letter: 'S', desk: 'Markets Desk', section: 'markets' },
  movers: { letter: 'W', desk: 'Markets Desk', section: 'markets' },
  theme: { letter: 'T', desk: null, section: 'industries' },
} as const;
type Kind = keyof typeof kinds;

/** The stories of a company that also run on the Top News channel when the company is in the S&P 100. */
const topKinds: ReadonlySet<Kind> = new Set<Kind>(['rating', 'earnings', 'guidance', 'reaction', 'move']);

// ---- pictures ----

const imageColors: Record<string, [string, string]> = {
  'Information Technology': ['1e3a8a', '0ea5e9'],
  'Health Care': ['065f46', '34d399'],
  Financials: ['3f3f46', 'a1a1aa'],
  Energy: ['7c2d12', 'f59e0b'],
  'Consumer Discretionary': ['831843', 'f472b6'],
  'Consumer Staples': ['365314', 'a3e635'],
  Industrials: ['1f2937', '64748b'],
  Materials: ['78350f', 'd97706'],
  Utilities: ['0c4a6e', '38bdf8'],
  'Real Estate': ['4c1d95', 'a78bfa'],
  'Communication Services': ['134e4a', '2dd4bf'],
  Cryptocurrency: ['312e81', 'f59e0b'],
  Cannabis: ['14532d', '84cc16'],
  'Alternate Energy': ['064e3b', 'facc15'],
  Market: ['0f172a', '475569'],
};

/**
 * The story's picture, drawn here (no network): an SVG data URI in the sector's colours with a price
 * line that rises or falls as the stock did, and its label. Under 1,000 characters (the contract).
 */
export function newsImage(label: string, palette: string, change: number, random: Random): string {
  const [from, to] = imageColors[palette] ?? imageColors.Market!;
  const points: string[] = [];
  let y = 110 + change * 600;
  for (let x = 0; x <= 320; x += 40) {
    points.push(`${x} ${Math.round(Math.min(165, Math.max(60, y)))}`);
    y += -change * 300 + random.int(-14, 14);
  }
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 320 180'>` +
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'>` +
    `<stop offset='0' stop-color='%23${from}'/><stop offset='1' stop-color='%23${to}'/></linearGradient></defs>` +
    `<rect width='320' height='180' fill='url(%23g)'/>` +
    `<path d='M${points.join(' L')}' fill='none' stroke='white' stroke-opacity='.75' stroke-width='5' stroke-linejoin='round'/>` +
    `<text x='22' y='44' font-family='Arial,sans-serif' font-size='26' font-weight='700' fill='white'>${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml;utf8,${svg}`;
}

// ---- words ----

/** What a company's business turns on, by sector: the subjects of its outlook and features. */
const drivers: Record<GicsSector, string[]> = {
  'Information Technology': [
    'AI demand',
    'cloud spending',
    'data-center orders',
    'enterprise software demand',
  ],
  'Health Care': ['patient volumes', 'procedure demand', 'prescription trends', 'device demand'],
  Financials: ['net interest income', 'loan growth', 'trading revenue', 'fee income'],
  'Real Estate': ['occupancy', 'leasing spreads', 'rent growth', 'tenant demand'],
  Energy: ['oil prices', 'production volumes', 'refining margins', 'natural-gas demand'],
  Utilities: ['power demand', 'customer growth', 'load growth', 'data-center demand'],
  Materials: ['pricing', 'volumes', 'industrial demand', 'construction demand'],
  Industrials: ['order backlog', 'aftermarket demand', 'pricing', 'industrial demand'],
  'Consumer Discretionary': ['consumer spending', 'store traffic', 'holiday demand', 'online sales'],
  'Consumer Staples': ['volumes', 'pricing', 'consumer demand', 'category growth'],
  'Communication Services': ['advertising demand', 'subscriber growth', 'engagement', 'streaming demand'],
};

/** The investor conferences a company of the sector presents at. */
const conferences: Record<GicsSector, string> = {
  'Information Technology': 'a technology conference',
  'Health Care': 'a healthcare investor conference',
  Financials: 'a financial services conference',
  'Real Estate': 'a real estate investment conference',
  Energy: 'an energy conference',
  Utilities: 'a utilities and power conference',
  Materials: 'a basic materials conference',
  Industrials: 'an industrials conference',
  'Consumer Discretionary': 'a consumer and retail conference',
  'Consumer Staples': 'a consumer staples conference',
  'Communication Services': 'a media and telecom conference',
};

/**
 * The company features, general and by sector and sub-industry. A company runs through its own
 * list in turn (`featureStory`), so none repeats within the months of history a page covers: a
 * company names a new CFO once, not every few weeks.
 */
const genericFeatures = [
  '{name} to present at {conference} next week',
  '{name} board authorizes new share repurchase program',
  '{name} names new chief financial officer',
  '{name} sets date for investor day, to update on {driver}',
  'Why {name} ({ticker}) is on investors’ radar this week',
  '{name} prices senior notes offering to refinance debt',
  '{name} appoints two independent directors to its board',
  'Inside {possessive} bet on {driver}',
  '{name} expands partnership to speed up growth',
  '{name} executives point to {driver} as the number to watch',
  '{name} reorganizes business units under new operating chief',
  '{name} opens new headquarters campus',
  '{name} completes sale of minority stake in unit',
  '{name} publishes sustainability report, sets new emissions goals',
  '{name} CEO talks {driver} in interview',
  '{name} settles long-running legal dispute',
  '{name} to cut costs with new efficiency program',
  '{name} hires outside adviser to review strategic options for unit',
];

const sectorFeatures: Record<GicsSector, string[]> = {
  'Information Technology': [
    '{name} unveils new AI features for enterprise customers',
    '{name} signs multiyear cloud agreement with a large customer',
    '{name} expands supply deal to meet data-center demand',
    '{name} opens new engineering hub to scale AI products',
    '{name} acquires software start-up to bolster security offering',
    '{name} launches next-generation product lineup',
  ],
  'Health Care': [
    '{name} wins FDA clearance for next-generation device',
    '{name} expands manufacturing capacity for key products',
    '{name} presents new clinical data at medical meeting',
    '{name} signs value-based care agreement with major insurer',
    '{name} acquires specialty diagnostics business',
    '{name} expands operations in outpatient care',
  ],
  Financials: [
    '{name} adds senior hires to grow its advisory business',
    '{name} launches new digital platform for clients',
    '{name} expands into new markets in Europe and Asia',
    '{name} sees steady client activity, executive says',
    '{name} agrees to buy boutique firm to broaden offering',
    '{name} invests in AI tools for risk and compliance',
  ],
  'Real Estate': [
    '{name} sells property portfolio to recycle capital',
    '{name} signs large new lease, occupancy improves',
    '{name} agrees to buy portfolio of properties',
    '{name} refinances mortgage debt at lower spread',
    '{name} forms joint venture for new developments',
    '{name} starts construction on its largest project',
  ],
  Energy: [
    '{name} raises production target at key basin',
    '{name} sanctions new development project',
    '{name} agrees bolt-on acquisition of acreage',
    '{name} cuts drilling costs, executive says',
    '{name} signs long-term LNG supply agreement',
    '{name} expands carbon-capture pilot',
  ],
  Utilities: [
    '{name} files rate case to fund grid upgrades',
    '{name} signs power agreement with data-center developer',
    '{name} raises five-year capital spending plan',
    '{name} gets regulatory nod for new generation project',
    '{name} restores service quickly after storms, regulators note',
    '{name} adds battery storage to its system',
  ],
  Materials: [
    '{name} announces price increase across product lines',
    '{name} restarts idled capacity as demand firms',
    '{name} agrees to sell non-core business',
    '{name} invests in new plant to meet customer demand',
    '{name} signs long-term supply deal with major customer',
    '{name} closes older facility to lower costs',
  ],
  Industrials: [
    '{name} wins multiyear contract, adding to backlog',
    '{name} expands factory capacity in the US',
    '{name} agrees to acquire automation specialist',
    '{name} lands new aftermarket services agreement',
    '{name} launches new product platform for customers',
    '{name} opens new distribution center',
  ],
  'Consumer Discretionary': [
    '{name} plans new store openings next year',
    '{name} revamps loyalty program to lift repeat visits',
    '{name} launches new product line ahead of the holidays',
    '{name} expands delivery options to more markets',
    '{name} names new head of its largest brand',
    '{name} invests in new design studio',
  ],
  'Consumer Staples': [
    '{name} launches new product line in growing category',
    '{name} raises prices on select brands',
    '{name} streamlines portfolio, sells smaller brands',
    '{name} invests in automation to cut supply-chain costs',
    '{name} expands distribution with major retailer',
    '{name} refreshes packaging across core brands',
  ],
  'Communication Services': [
    '{name} signs new content deal to lift engagement',
    '{name} rolls out new advertising tools',
    '{name} raises subscription prices in some markets',
    '{name} expands network coverage to new regions',
    '{name} launches new bundle with partner',
    '{name} renews key distribution agreement',
  ],
};

/** Features of a few sub-industries that headlines treat apart. */
const industryFeatures: [RegExp, string[]][] = [
  [
    /biotech|pharma/i,
    [
      '{name} reports positive late-stage trial data for lead candidate',
      '{name} wins FDA approval for new indication',
      '{name} licenses early-stage drug candidate in upfront deal',
      '{name} starts Phase 3 study of experimental therapy',
    ],
  ],
  [
    /aerospace|defense/i,
    [
      '{name} wins defense contract award',
      '{name} lifts aircraft component output to meet demand',
      '{name} signs long-term services agreement with airline',
      '{name} expands space and satellite business',
    ],
  ],
  [
    /Banks$/,
    [
      '{name} passes stress test, outlines capital return plan',
      '{name} opens new branches in fast-growing markets',
      '{name} sees loan demand picking up, CFO says',
      '{name} completes bank acquisition',
    ],
  ],
  [
    /REIT/i,
    [
      '{name} acquires properties in sunbelt markets',
      '{name} completes development project ahead of schedule',
      '{name} reports strong leasing activity at investor tour',
    ],
  ],
];

const upMoves = [
  '{name} shares climb {pct} in heavy trading',
  '{ticker} rallies {pct}, among the day’s biggest {sector} gainers',
  '{name} jumps {pct} as investors bet on {driver}',
  '{name} stock rises {pct} on heavy volume',
];
const downMoves = [
  '{name} shares slide {pct} in heavy trading',
  '{ticker} drops {pct}, among the day’s biggest {sector} decliners',
  '{name} falls {pct} on worries about {driver}',
  '{name} stock sinks {pct} on heavy volume',
];

const insiderRoles = [
  'director',
  'chief executive',
  'chief financial officer',
  'chief operating officer',
  'general counsel',
  'executive vice president',
];
const insiderBuys = [
  '{name} {role} buys {shares} shares worth {value}',
  '{name} {role} adds {shares} shares in open-market purchase',
  '{ticker} {role} buys {value} of stock, filing shows',
];
const insiderSells = [
  '{name} {role} sells {shares} shares worth {value} in planned sale',
  '{name} {role} sells {value} of stock, filing shows',
  '{ticker} {role} trims stake, selling {shares} shares',
];

const ratingTitles = {
  buy: [
    '{analyst} at {firm} rates {ticker} a Buy, target {target} ({pct} upside)',
    '{firmPossessive} {analyst} backs {name} with Buy rating and {target} target',
    '{analyst} of {firm} sees {pct} upside in {name}, rates it a Buy',
    '{name} gets Buy rating from {firmPossessive} {analyst}; target {target}',
  ],
  sell: [
    '{analyst} at {firm} rates {ticker} a Sell, target {target} ({pct} downside)',
    '{firmPossessive} {analyst} turns bearish on {name} with Sell rating, {target} target',
    '{analyst} of {firm} sees {pct} downside in {name}, rates it a Sell',
    '{name} gets Sell rating from {firmPossessive} {analyst}; target {target}',
  ],
};

const previewTitles = [
  '{name} Q{quarter} earnings preview: analysts expect EPS of {estimate} {when}',
  'What to expect from {name} earnings {when}: EPS seen at {estimate}',
  '{ticker} reports Q{quarter} results {when}; consensus calls for EPS of {estimate}',
];
const guidanceTitles = {
  raise: [
    '{name} raises full-year outlook after strong Q{quarter}',
    '{name} lifts guidance on stronger {driver}',
    '{name} upbeat on {driver}, raises outlook on earnings call',
  ],
  hold: [
    '{name} reaffirms full-year outlook',
    '{name} keeps guidance unchanged, points to steady {driver}',
    '{name} sticks to forecast on steady {driver}',
  ],
  cut: [
    '{name} trims full-year outlook after Q{quarter} miss',
    '{name} lowers guidance, citing weaker {driver}',
    '{name} cautious on {driver} as it cuts forecast',
  ],
};
const dividendTitles = [
  '{name} declares quarterly dividend of {dividend} per share',
  '{name} ({ticker}) sets quarterly dividend at {dividend} a share, a {yield} yield',
  '{name} board approves {dividend} quarterly dividend',
];

/** The industry stories of the channels the universe has few companies for. */
interface Theme {
  channel: NewsChannel;
  label: string;
  stocks: string;
  stories: string[];
}
const themes: Theme[] = [
  {
    channel: 'Cryptocurrency',
    label: 'CRYPTO',
    stocks: 'Crypto-linked stocks',
    stories: [
      'Stablecoin legislation clears key Senate committee vote',
      'Bitcoin miners weigh expansion as network hashrate climbs',
      'Crypto exchanges report busier trading as volatility returns',
      'SEC staff issues new guidance on digital-asset custody',
      'Spot bitcoin ETFs draw inflows for a third straight week',
      'Banks test tokenized deposits in cross-border payment pilot',
      'Treasury flags crypto mixers in illicit-finance review',
      'Ether staking yields slip as more validators join',
      'Payment firms add stablecoin settlement for merchants',
      'Crypto lenders rebuild as institutional borrowing returns',
      'Congress hearing weighs rules for decentralized finance',
      'Corporate bitcoin treasuries draw scrutiny from auditors',
    ],
  },
  {
    channel: 'Cannabis',
    label: 'CANNABIS',
    stocks: 'Cannabis and tobacco stocks',
    stories: [
      'Cannabis rescheduling review moves to its next stage',
      'Senate banking bill for cannabis businesses gains co-sponsors',
      'Hemp-derived THC drinks face new state restrictions',
      'Multistate cannabis operators report price pressure in key markets',
      'Tobacco makers expand smoke-free portfolios as cannabis laws shift',
      'New state adult-use cannabis market opens to long lines',
      'Cannabis tax relief bill introduced with bipartisan support',
      'Medical cannabis program expands list of qualifying conditions',
      'Cannabis retailers push for interstate commerce compacts',
      'Study of cannabis use among older adults draws attention',
      'Canadian cannabis producers consolidate as prices fall',
      'State regulators tighten testing rules for cannabis products',
    ],
  },
  {
    channel: 'Alternate Energy',
    label: 'CLEAN POWER',
    stocks: 'Clean-power stocks',
    stories: [
      'Utility-scale solar installations on pace for a record year',
      'Offshore wind project secures financing after delays',
      'Battery storage additions outpace forecasts, grid operator says',
      'Treasury guidance on clean-energy tax credits lands',
      'Data-center power demand lifts long-term contracts for clean generation',
      'Nuclear restarts and uprates draw fresh utility interest',
      'Hydrogen hub awards move ahead after review',
      'Grid interconnection queue shrinks as rules change',
      'Community solar programs expand to more states',
      'Wind turbine makers report firmer order books',
      'Geothermal start-ups sign first utility supply deals',
      'Transmission line approval clears way for renewable projects',
    ],
  },
];

// ---- companies: headline names, channels ----

/** "Apple Inc." → "Apple", "The Home Depot, Inc." → "Home Depot": names as headlines write them. */
function headlineName(name: string): string {
  let short = name.replace(/\s*\(Class [A-Z]\)$/, '').replace(/^The /, '');
  for (let i = 0; i < 3; i++)
    short = short.replace(
      /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|plc|PLC|Ltd\.?|Limited|N\.V\.|S\.A\.|AG|SE|Holdings?|Group|L\.P\.|&)$/,
      '',
    );
  return short.length >= 2 ? short : name;
}

function channelsOfCompany(company: Company): NewsChannel[] {
  const channels: NewsChannel[] = [];
  switch (company.sector) {
    case 'Information Technology':
      channels.push('Information Technology');
      break;
    case 'Health Care':
      channels.push(/biotech|pharma/i.test(company.industry) ? 'Biotechnology' : 'Healthcare');
      break;
    case 'Financials':
      channels.push('Financials');
      break;
    case 'Real Estate':
      channels.push('Real Estate');
      break;
    case 'Energy':
      channels.push(/renewable|solar/i.test(company.industry) ? 'Alternate Energy' : 'Energy');
      break;
    case 'Utilities':
      channels.push(/renewable|independent power/i.test(company.industry) ? 'Alternate Energy' : 'Energy');
      break;
    case 'Materials':
      channels.push('Commodities');
      break;
    case 'Industrials':
      if (/aerospace|defense/i.test(company.industry)) channels.push('Aerospace');
      break;
    case 'Consumer Discretionary':
    case 'Communication Services':
    case 'Consumer Staples':
      break;
  }
  if (/crypto|coinbase|microstrategy|strategy inc|bitcoin/i.test(`${company.name} ${company.description}`))
    channels.push('Cryptocurrency');
  if (/cannabis|tobacco/i.test(`${company.industry} ${company.description}`)) channels.push('Cannabis');
  return channels;
}

interface Coverage {
  company: Company;
  name: string;
  channels: NewsChannel[];
  top: boolean;
  /** Its features: the general ones, its sector's and its sub-industry's. */
  features: string[];
}
const coverage = new Map<string, Coverage>(
  companies.map((company) => [
    company.ticker,
    {
      company,
      name: headlineName(company.name),
      channels: channelsOfCompany(company),
      top: company.indexes.includes('S&P 100'),
      features: [
        ...genericFeatures,
        ...sectorFeatures[company.sector],
        ...industryFeatures.flatMap(([pattern, features]) =>
          pattern.test(company.industry) ? features : [],
        ),
      ],
    },
  ]),
);
const coverageOf = (company: Company) => coverage.get(company.ticker)!;

const sectorChannel: Record<GicsSector, NewsChannel> = {
  'Information Technology': 'Information Technology',
  'Health Care': 'Healthcare',
  Financials: 'Financials',
  'Real Estate': 'Real Estate',
  Energy: 'Energy',
  Utilities: 'Energy',
  Materials: 'Commodities',
  Industrials: 'Top News',
  'Consumer Discretionary': 'Top News',
  'Consumer Staples': 'Top News',
  'Communication Services': 'Top News',
};
const sectorLabel: Record<GicsSector, string> = {
  'Information Technology': 'Tech',
  'Health Care': 'Health care',
  Financials: 'Financial',
  'Real Estate': 'Real estate',
  Energy: 'Energy',
  Utilities: 'Utility',
  Materials: 'Materials',
  Industrials: 'Industrial',
  'Consumer Discretionary': 'Consumer discretionary',
  'Consumer Staples': 'Consumer staples',
  'Communication Services': 'Communication services',
};

// ---- formatting ----

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}
const dollars = (value: number) => (value < 0 ? `-$${(-value).toFixed(2)}` : `$${value.toFixed(2)}`);
/** "Apple’s", "Werner Enterprises’". */
const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);
const percent = (change: number) => `${(Math.abs(change) * 100).toFixed(1)}%`;
const signedPercent = (change: number) => `${change < 0 ? '-' : '+'}${percent(change)}`;
const revenueText = (revenue: number) =>
  revenue >= 1e9 ? `$${(revenue / 1e9).toFixed(1)}B` : `$${(revenue / 1e6).toFixed(0)}M`;
const valueText = (value: number) =>
  value >= 1e6 ? `$${(value / 1e6).toFixed(1)}M` : `$${Math.round(value / 1e3)}k`;
/** $0.15, $0.375, $0.2563: as declared, without trailing zeros past the cents. */
const dividendText = (dividend: number) => `$${dividend.toFixed(4).replace(/0{1,2}$/, '')}`;
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 72)
    .replace(/-+$/, '');

/** How the quarter compares with its estimate; null when the source gave none. */
function resultOf(quarter: UpstreamFiscalQuarter): 'beat' | 'miss' | 'in-line' | null {
  if (quarter.eps_estimate === null) return null;
  return quarter.eps > quarter.eps_estimate
    ? 'beat'
    : quarter.eps < quarter.eps_estimate
      ? 'miss'
      : 'in-line';
}

/** The wire headline of a report: the quarter's own numbers, rounded as written. */
export function earningsTitle(ticker: string, quarter: UpstreamFiscalQuarter): string {
  const verbs = { beat: 'beats', miss: 'misses', 'in-line': 'matches' } as const;
  const result = resultOf(quarter);
  const versus =
    result === null || quarter.eps_estimate === null
      ? ''
      : ` ${verbs[result]} ${dollars(quarter.eps_estimate)} estimate`;
  const revenue = quarter.revenue === null ? '' : `; revenue ${revenueText(quarter.revenue)}`;
  return `${ticker} Q${quarter.fiscal_quarter} ${quarter.fiscal_year} EPS ${dollars(quarter.eps)}${versus}${revenue}`;
}

/** The verb of a headline on a day's move, or null when the stock hardly moved. */
function moveVerb(change: number): string | null {
  const verbs: [number, string][] = [
    [0.1, 'soar'],
    [0.04, 'jump'],
    [0.005, 'rise'],
    [-0.005, ''],
    [-0.04, 'fall'],
    [-0.1, 'slide'],
  ];
  for (const [from, verb] of verbs) if (change >= from) return verb || null;
  return 'plunge';
}

// ---- typical moves ----

/**
 * Each stock's typical daily move (the standard deviation of its log returns over the 60 sessions
 * before the month), so that a "big move" is big for that stock: 3% is news for a utility, not for a
 * small-cap biotech. Per month, so a day's news does not depend on which days were asked before.
 */
const typicalMoves = new WeakMap<PricePaths, Map<string, Map<string, number>>>();
function typicalMovesOf(paths: PricePaths, date: string): ReadonlyMap<string, number> {
  let byMonth = typicalMoves.get(paths);
  if (!byMonth) typicalMoves.set(paths, (byMonth = new Map()));
  const month = date.slice(0, 7);
  let moves = byMonth.get(month);
  if (!moves) {
    moves = new Map();
    const days = paths.tradingDays(addDays(`${month}-01`, -100), addDays(`${month}-01`, -1)).slice(-61);
    for (const company of companies) {
      const returns = days
        .slice(1)
        .map((day, i) => Math.log(paths.close(company.ticker, day) / paths.close(company.ticker, days[i]!)));
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / Math.max(1, returns.length - 1);
      moves.set(company.ticker, Math.sqrt(variance));
    }
    byMonth.set(month, moves);
  }
  return moves;
}

// ---- the day ----

interface Day {
  date: string;
  compact: string;
  seed: number;
  trading: boolean;
  /** Monday 0 … Sunday 6. */
  weekday: number;
  /** Weeks counted from a Monday, for the weekly slots of features and themes. */
  week: number;
  /** The instant of a New York wall-clock time (minutes after midnight; after 3:00, past any DST change). */
  clock: (minutes: number) => number;
  close: number;
  end: number;
  /** The session before the day. */
  previousSession: string;
  /** The report date whose preview runs on the day. */
  previewOf: string;
  change: (ticker: string) => number;
  /** Each stock's typical daily move (`typicalMovesOf`). */
  typicalMoves: ReadonlyMap<string, number>;
}

/** A uniform draw in [0, 1) from coordinates, without the cost of a generator. */
const draw = (...coordinates: (string | number)[]) => hash32(...coordinates) / 4294967296;

function dayOf(date: string, sources: NewsSources): Day {
  const session = sessionOf(date);
  const dayNumber = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const opening = newYorkInstant(date, 9 * 60 + 30).getTime();
  const clock = (minutes: number) => opening + (minutes - (9 * 60 + 30)) * minute;
  const changes = new Map<string, number>();
  return {
    date,
    compact: date.replaceAll('-', ''),
    seed: sources.seed,
    trading: session !== null,
    weekday: (dayNumber + 3) % 7,
    week: Math.floor((dayNumber + 3) / 7),
    clock,
    close: session?.close.getTime() ?? clock(16 * 60),
    end: newYorkInstant(addDays(date, 1), 0).getTime() - 1000,
    previousSession: previousTradingDay(date),
    previewOf: addDays(date, previewLeadDays),
    typicalMoves: session ? typicalMovesOf(sources.paths, date) : new Map(),
    change: (ticker) => {
      if (!session) return 0;
      let change = changes.get(ticker);
      if (change === undefined) {
        change = sources.paths.close(ticker, date) / sources.paths.previousClose(ticker, date) - 1;
        changes.set(ticker, change);
      }
      return change;
    },
  };
}

interface Draft {
  kind: Kind;
  /** What the story is about, unique for its kind on the day: a ticker, an analyst, a sector. */
  subject: string;
  title: string;
  at: number;
  tickers: string[];
  channels: NewsChannel[];
  /** The picture's label, palette (a sector or a channel) and the move its line draws. */
  image: [label: string, palette: string, change: number];
}

function publish(day: Day, random: Random, draft: Draft): SimNewsItem {
  const kind = kinds[draft.kind];
  const outlet = random.pick(outlets);
  const id = `N${day.compact}-${kind.letter}-${draft.subject}`;
  const at = Math.min(draft.at, day.end);
  return {
    id,
    title: draft.title,
    url: `https://www.${outlet}.example/${kind.section}/${day.date.replaceAll('-', '/')}/${slugOf(draft.title)}-${id.toLowerCase()}`,
    author: kind.desk ? `${outletNames.get(outlet)!} ${kind.desk}` : random.pick(reporters),
    image: newsImage(...draft.image, random),
    updated: new Date(at).toISOString(),
    tickers: draft.tickers,
    channels: [...new Set(draft.channels)],
    at,
  };
}

/**
 * A story about one company: its channels, Top News for the big stories of the S&P 100. Its subject
 * is the ticker unless the kind has several stories of a company a day (ratings: one per analyst).
 */
function companyStory(
  day: Day,
  random: Random,
  company: Company,
  draft: Omit<Draft, 'subject' | 'tickers' | 'channels' | 'image'> & { subject?: string },
): SimNewsItem {
  const covered = coverageOf(company);
  const channels: NewsChannel[] = [
    ...(draft.kind === 'insider' ? (['Insider Trades'] as const) : []),
    ...covered.channels,
    ...(covered.top && topKinds.has(draft.kind) ? (['Top News'] as const) : []),
  ];
  return publish(day, random, {
    ...draft,
    subject: draft.subject ?? company.ticker,
    tickers: [company.ticker],
    channels,
    // Before the close the picture cannot know how the day ends.
    image: [company.ticker, company.sector, draft.at >= day.close ? day.change(company.ticker) : 0],
  });
}

const randomOf = (day: Day, kind: Kind, subject: string) =>
  new Random(day.seed, 'news', kind, subject, day.date);

// ---- the stories ----

function ratingStory(day: Day, rating: SimRating): SimNewsItem | null {
  const company = companyByTicker(rating.symbol);
  if (!company) return null;
  const random = randomOf(day, 'rating', rating.id);
  const move = rating.price_target / rating.price_when_posted - 1;
  const title = fill(random.pick(ratingTitles[rating.rating]), {
    analyst: rating.analyst,
    firm: rating.firm,
    firmPossessive: possessive(rating.firm),
    ticker: rating.symbol,
    name: coverageOf(company).name,
    target: dollars(rating.price_target),
    pct: percent(move),
  });
  return companyStory(day, random, company, {
    kind: 'rating',
    subject: rating.analyst_id,
    title,
    at: rating.at + random.int(2, 25) * minute,
  });
}

/**
 * The stories of a company's report cycle that fall on the day: preview, results, outlook, the
 * session's reaction, dividend. Whether the day's move was written up as the reaction.
 */
function reportStories(day: Day, sources: NewsSources, company: Company, out: SimNewsItem[]): boolean {
  const reports = sources.reportsOf(company.ticker);
  const { name } = coverageOf(company);
  const ticker = company.ticker;

  const upcoming = reports.get(day.previewOf);
  if (upcoming && upcoming.eps_estimate !== null) {
    const random = randomOf(day, 'preview', ticker);
    const weekday = weekdays[new Date(`${upcoming.reported_on}T12:00:00Z`).getUTCDay()]!;
    const when = `${upcoming.session === 'bmo' ? 'before the open' : 'after the close'} on ${weekday}`;
    out.push(
      companyStory(day, random, company, {
        kind: 'preview',
        title: fill(random.pick(previewTitles), {
          name,
          ticker,
          quarter: upcoming.fiscal_quarter,
          estimate: dollars(upcoming.eps_estimate),
          when,
        }),
        at: day.clock(random.int(6 * 60, 9 * 60)),
      }),
    );
  }

  if (!day.trading) return false;
  const reported = reports.get(day.date);
  if (reported) {
    const random = randomOf(day, 'earnings', ticker);
    const at =
      reported.session === 'bmo'
        ? day.clock(random.int(6 * 60 + 45, 7 * 60 + 45))
        : day.close + random.int(2, 30) * minute;
    out.push(
      companyStory(day, random, company, { kind: 'earnings', title: earningsTitle(ticker, reported), at }),
    );
    const estimate = reported.eps_estimate;
    const surprise = estimate === null ? 0 : (reported.eps - estimate) / Math.max(0.01, Math.abs(estimate));
    const tone = surprise >= 0.04 ? 'raise' : surprise <= -0.02 ? 'cut' : 'hold';
    const guidance = randomOf(day, 'guidance', ticker);
    out.push(
      companyStory(day, guidance, company, {
        kind: 'guidance',
        title: fill(guidance.pick(guidanceTitles[tone]), {
          name,
          quarter: reported.fiscal_quarter,
          driver: guidance.pick(drivers[company.sector]),
        }),
        at: at + guidance.int(50, 110) * minute,
      }),
    );
  }

  // The report the day's session reacts to: before today's open, or after yesterday's close.
  const { previousSession } = day;
  const reactedTo =
    reported?.session === 'bmo'
      ? reported
      : reports.get(previousSession)?.session === 'amc'
        ? reports.get(previousSession)
        : undefined;
  if (reactedTo) {
    const random = randomOf(day, 'reaction', ticker);
    const change = day.change(ticker);
    const result = resultOf(reactedTo);
    const verb = moveVerb(change);
    const against = (change > 0 && result === 'miss') || (change < 0 && result === 'beat');
    const outcome =
      result === null ? 'results' : result === 'in-line' ? 'results in line with estimates' : result;
    const title =
      verb === null
        ? `${name} shares little changed after Q${reactedTo.fiscal_quarter} results`
        : `${name} shares ${verb} ${percent(change)} ${against ? 'despite' : 'after'} Q${reactedTo.fiscal_quarter} ${outcome}`;
    out.push(
      companyStory(day, random, company, {
        kind: 'reaction',
        title,
        at: day.close + random.int(15, 75) * minute,
      }),
    );
  }

  // The dividend is declared the session after the report.
  const declared = reports.get(previousSession);
  if (declared && declared.dividend_per_share !== null && declared.dividend_per_share > 0) {
    const random = randomOf(day, 'dividend', ticker);
    const price = sources.paths.close(ticker, previousSession);
    out.push(
      companyStory(day, random, company, {
        kind: 'dividend',
        title: fill(random.pick(dividendTitles), {
          name,
          ticker,
          dividend: dividendText(declared.dividend_per_share),
          yield: percent((declared.dividend_per_share * 4) / price),
        }),
        at: day.clock(random.int(8 * 60, 9 * 60 + 15)),
      }),
    );
  }
  return reactedTo !== undefined;
}

function moveStory(day: Day, company: Company): SimNewsItem | null {
  const change = day.change(company.ticker);
  if (Math.abs(change) < Math.max(0.03, 2.5 * (day.typicalMoves.get(company.ticker) ?? 0.02))) return null;
  const random = randomOf(day, 'move', company.ticker);
  return companyStory(day, random, company, {
    kind: 'move',
    title: fill(random.pick(change > 0 ? upMoves : downMoves), {
      name: coverageOf(company).name,
      ticker: company.ticker,
      pct: percent(change),
      sector: sectorLabel[company.sector].toLowerCase(),
      driver: random.pick(drivers[company.sector]),
    }),
    at: day.close + random.int(10, 120) * minute,
  });
}

/** About one insider filing per stock in three months. */
const insiderChance = 0.015;

function insiderStory(day: Day, sources: NewsSources, company: Company): SimNewsItem | null {
  if (draw(day.seed, 'insider', company.ticker, day.date) >= insiderChance) return null;
  const random = randomOf(day, 'insider', company.ticker);
  const buys = random.chance(0.35);
  const value = Math.exp(random.between(Math.log(80_000), Math.log(6_000_000)));
  const shares = Math.max(100, Math.round(value / sources.paths.close(company.ticker, day.date) / 100) * 100);
  return companyStory(day, random, company, {
    kind: 'insider',
    title: fill(random.pick(buys ? insiderBuys : insiderSells), {
      name: coverageOf(company).name,
      ticker: company.ticker,
      role: random.pick(insiderRoles),
      shares: shares.toLocaleString('en-US'),
      value: valueText(value),
    }),
    at: day.clock(random.int(16 * 60 + 30, 19 * 60 + 30)),
  });
}

/**
 * Which of a subject's weekly slots a day is (0 or 1), or -1: `count` distinct days among the week's
 * first `days` (weekdays: 5, every day: 7), drawn per week. Slots rather than a daily chance give each
 * subject the same number of stories over any months of history: a floor for every stock page.
 */
function weeklySlotOf(day: Day, subject: string, count: 1 | 2, days: 5 | 7): number {
  if (day.weekday >= days) return -1;
  const slot = hash32(day.seed, 'slot', subject, day.week);
  const first = slot % days;
  const second = (first + 1 + ((slot >>> 8) % (days - 1))) % days;
  return day.weekday === first ? 0 : count === 2 && day.weekday === second ? 1 : -1;
}

const greatestCommonDivisor = (a: number, b: number): number =>
  b === 0 ? a : greatestCommonDivisor(b, a % b);

/**
 * Five features a month per company (two in every fourth week, one in the others), on weekdays. The
 * n-th feature of a company is the n-th of its own walk through its list (a start and a stride
 * drawn per company), so a feature comes back only after the whole list.
 */
function featureStory(day: Day, company: Company): SimNewsItem | null {
  const slot = weeklySlotOf(day, company.ticker, day.week % 4 === 0 ? 2 : 1, 5);
  if (slot < 0) return null;
  const { name, features } = coverageOf(company);
  const featuresBefore = day.week + Math.floor((day.week + 3) / 4);
  const walk = hash32(day.seed, 'features', company.ticker);
  let stride = 1 + ((walk >>> 8) % (features.length - 1));
  while (greatestCommonDivisor(stride, features.length) !== 1) stride += 1;
  const template = features[(walk + (featuresBefore + slot) * stride) % features.length]!;
  const random = randomOf(day, 'feature', company.ticker);
  return companyStory(day, random, company, {
    kind: 'feature',
    title: fill(template, {
      name,
      ticker: company.ticker,
      driver: random.pick(drivers[company.sector]),
      conference: conferences[company.sector],
      possessive: possessive(name),
    }),
    at: day.clock(random.int(7 * 60, 17 * 60 + 30)),
  });
}

const companiesBySector = new Map<GicsSector, Company[]>();
for (const company of companies)
  companiesBySector.set(company.sector, [...(companiesBySector.get(company.sector) ?? []), company]);

const sectorTitles = {
  up: ['{label} stocks rise {pct}: {a}, {b} and {c} lead', '{a}, {b} and {c} power {lower} gains of {pct}'],
  down: [
    '{label} stocks fall {pct} as {a}, {b} and {c} lose ground',
    '{label} shares slide {pct}; {a}, {b}, {c} lead decliners',
  ],
};

/** The three sectors that moved most (equal-weighted), each with the three stocks that led the move. */
function sectorStories(day: Day, out: SimNewsItem[]) {
  const moves = [...companiesBySector]
    .filter(([, members]) => members.length >= 3)
    .map(([sector, members]) => ({
      sector,
      members,
      change: members.reduce((sum, c) => sum + day.change(c.ticker), 0) / members.length,
    }))
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.sector.localeCompare(b.sector))
    .slice(0, 3);
  for (const { sector, members, change } of moves) {
    const direction = change >= 0 ? 1 : -1;
    const leaders = [...members]
      .sort((a, b) => direction * (day.change(b.ticker) - day.change(a.ticker)))
      .slice(0, 3);
    const [a, b, c] = leaders.map((company) => company.ticker) as [string, string, string];
    const random = randomOf(day, 'sector', sector);
    const label = sectorLabel[sector];
    const title = fill(random.pick(sectorTitles[change >= 0 ? 'up' : 'down']), {
      label,
      lower: label.toLowerCase(),
      pct: percent(change),
      a,
      b,
      c,
    });
    out.push(
      publish(day, random, {
        kind: 'sector',
        subject: slugOf(sector).toUpperCase(),
        title,
        at: day.close + random.int(30, 120) * minute,
        tickers: [a, b, c],
        channels: [sectorChannel[sector], ...leaders.flatMap((company) => coverageOf(company).channels)],
        image: [a, sector, change],
      }),
    );
  }
}

/** The day's biggest S&P 500 gainers and losers. */
function moversStory(day: Day): SimNewsItem | null {
  const ranked = companies
    .filter((company) => company.indexes.includes('S&P 500'))
    .map((company) => ({ ticker: company.ticker, change: day.change(company.ticker) }))
    .sort((a, b) => b.change - a.change || a.ticker.localeCompare(b.ticker));
  if (ranked.length < 5) return null;
  const named = [...ranked.slice(0, 3), ...ranked.slice(-2)];
  const random = randomOf(day, 'movers', 'SP500');
  const list = (items: typeof named) =>
    items.map((item) => `${item.ticker} ${signedPercent(item.change)}`).join(', ');
  return publish(day, random, {
    kind: 'movers',
    subject: 'SP500',
    title: `Stock market movers: ${list(named.slice(0, 3))}; ${list(named.slice(3))}`,
    at: day.close + random.int(45, 60) * minute,
    tickers: named.map((item) => item.ticker),
    channels: ['Top News'],
    image: [named[0]!.ticker, 'Market', named[0]!.change],
  });
}

const themeMembers = new Map(
  themes.map((theme) => [
    theme.channel,
    companies.filter((company) => coverageOf(company).channels.includes(theme.channel)).map((c) => c.ticker),
  ]),
);

/**
 * Two industry stories a week for each thin channel, on any day of the week: on a trading day often
 * how the channel's stocks did, else the industry's news.
 */
function themeStory(day: Day, theme: Theme): SimNewsItem | null {
  const slot = weeklySlotOf(day, theme.channel, 2, 7);
  if (slot < 0) return null;
  const random = randomOf(day, 'theme', slugOf(theme.channel).toUpperCase());
  const members = themeMembers.get(theme.channel) ?? [];
  const subject = slugOf(theme.channel).toUpperCase();
  if (day.trading && members.length > 0 && random.chance(0.4)) {
    const change = members.reduce((sum, ticker) => sum + day.change(ticker), 0) / members.length;
    const list = members
      .slice(0, 4)
      .map((ticker) => `${ticker} ${signedPercent(day.change(ticker))}`)
      .join(', ');
    return publish(day, random, {
      kind: 'theme',
      subject,
      title: `${theme.stocks} ${change >= 0 ? 'rise' : 'fall'} ${percent(change)} on average: ${list}`,
      at: day.close + random.int(20, 90) * minute,
      tickers: members.slice(0, 4),
      channels: [theme.channel],
      image: [theme.label, theme.channel, change],
    });
  }
  return publish(day, random, {
    kind: 'theme',
    subject,
    // In turn, so a story comes back only after the whole list.
    title: theme.stories[(day.week * 2 + slot) % theme.stories.length]!,
    at: day.clock(random.int(7 * 60, 20 * 60)),
    tickers: [],
    channels: [theme.channel],
    image: [theme.label, theme.channel, 0],
  });
}

/** The news published on one New York calendar day, in time order. */
export function newsOn(date: string, sources: NewsSources): SimNewsItem[] {
  const day = dayOf(date, sources);
  const items: SimNewsItem[] = [];
  const add = (item: SimNewsItem | null) => {
    if (item) items.push(item);
  };
  for (const rating of sources.ratingsOn(date)) add(ratingStory(day, rating));
  for (const company of companies) {
    const reacted = reportStories(day, sources, company, items);
    add(featureStory(day, company));
    if (!day.trading) continue;
    add(insiderStory(day, sources, company));
    if (!reacted) add(moveStory(day, company));
  }
  if (day.trading) {
    sectorStories(day, items);
    add(moversStory(day));
  }
  for (const theme of themes) add(themeStory(day, theme));
  return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
