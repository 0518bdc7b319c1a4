import type { NewsChannel, UpstreamNewsItem } from '@insight/shared/upstream/contract';
import { type PricePaths, sessionOf } from './prices';
import { Random } from './random';
import { companies, type Company } from './universe';

/**
 * Headlines of the simulated market: written from what the simulated prices did (a stock that fell
 * 4% gets a headline that says so), per company and channel, with fictional authors, on the
 * fictional domain news.insight.test. A pure function of the seed and the date.
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
      url: `https://news.insight.test/${date}/${id.toLowerCase()}`,
      author: random.pick(authors),
      image: null,
      updated: at.toISOString(),
      tickers: [company.ticker],
      channels: channels.length > 0 ? channels : ['Top News'],
      at: at.getTime(),
    });
  }
  return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
