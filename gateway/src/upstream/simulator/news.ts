import type { NewsChannel, UpstreamNewsItem } from '@insight/shared/upstream/contract';
import { type PricePaths, sessionOf } from './prices';
import { Random } from './random';
import { companies, type Company } from './universe';

/**
 * Headlines of the simulated market: written from what the simulated prices did (a stock that fell
 * 4% gets a headline that says so), per company and channel, with fictional authors, on the
 * fictional outlets (on the reserved .example domain) and a picture drawn here. A pure function of
 * the seed and the date.
 */
export interface SimNewsItem extends UpstreamNewsItem {
  at: number;
}

const authors = [
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

const sectorColors: Record<string, [string, string]> = {
  Technology: ['1e3a8a', '0ea5e9'],
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
};

/**
 * The story's picture, drawn here (no network): an SVG data URI in the sector's colours with a price
 * line that rises or falls as the stock did, and its ticker. Under 1,000 characters (the contract).
 */
export function newsImage(ticker: string, sector: string, change: number, random: Random): string {
  const [from, to] = sectorColors[sector] ?? ['0f172a', '475569'];
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
    `<text x='22' y='44' font-family='Arial,sans-serif' font-size='26' font-weight='700' fill='white'>${ticker}</text>` +
    `</svg>`;
  return `data:image/svg+xml;utf8,${svg}`;
}

function channelsOf(company: Company): NewsChannel[] {
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
  if (company.indexes.includes('S&P 100')) channels.push('Top News');
  return channels;
}

const upHeadlines = [
  '{name} shares climb {pct}% as investors cheer {topic}',
  '{ticker} rallies {pct}% in {sector} rebound',
  '{name} gains {pct}% after upbeat {topic} update',
];
const downHeadlines = [
  '{name} shares slide {pct}% on {topic} worries',
  '{ticker} drops {pct}% as {sector} stocks lose ground',
  '{name} falls {pct}% after cautious {topic} commentary',
];
const flatHeadlines = [
  '{name} holds steady as traders weigh {topic}',
  'What to watch for {name} ({ticker}) this week',
  '{name} outlines {topic} plans at investor event',
];
const topics = [
  'demand',
  'margin',
  'guidance',
  'pricing',
  'supply-chain',
  'capital-return',
  'product',
  'regulatory',
];
const insiderHeadlines = [
  '{name} director buys shares worth ${amount}k',
  '{name} executive sells ${amount}k of stock in planned sale',
];

export function newsOn(date: string, seed: number, paths: PricePaths): SimNewsItem[] {
  const session = sessionOf(date);
  if (!session) return [];
  const random = new Random(seed, 'news', date);
  const items: SimNewsItem[] = [];
  const count = random.int(25, 40);
  for (let i = 0; i < count; i++) {
    const company = random.pick(companies);
    const change = paths.close(company.ticker, date) / paths.previousClose(company.ticker, date) - 1;
    const insider = random.chance(0.12);
    const templates = insider
      ? insiderHeadlines
      : change > 0.015
        ? upHeadlines
        : change < -0.015
          ? downHeadlines
          : flatHeadlines;
    const title = random
      .pick(templates)
      .replace('{name}', company.name)
      .replace('{ticker}', company.ticker)
      .replace('{pct}', Math.abs(change * 100).toFixed(1))
      .replace('{sector}', company.sector.toLowerCase())
      .replace('{topic}', random.pick(topics))
      .replace('{amount}', String(random.int(50, 900)));
    // Published between an hour before the open and two hours after the close, New York time.
    const at = new Date(session.open.getTime() - 3_600_000 + random.int(0, 10 * 60) * 60_000);
    const id = `N${date.replaceAll('-', '')}${String(i).padStart(3, '0')}`;
    const channels = insider ? (['Insider Trades'] as NewsChannel[]) : channelsOf(company);
    items.push({
      id,
      title,
      url: `https://www.${random.pick(outlets)}.example/${date}/${id.toLowerCase()}`,
      author: random.pick(authors),
      image: newsImage(company.ticker, company.sector, change, random),
      updated: at.toISOString(),
      tickers: [company.ticker],
      channels: channels.length > 0 ? channels : ['Top News'],
      at: at.getTime(),
    });
  }
  return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
