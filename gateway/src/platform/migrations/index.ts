import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as market from './0002_market';
import * as analytics from './0003_analytics';
import * as alerts from './0004_alerts';
import * as watchlist from './0005_watchlist';
import * as portfolio from './0006_portfolio';
import * as appPortfolios from './0007_app_portfolios';
import * as monitor from './0008_monitor';

/** Numbered migrations, applied in order at start. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_market': market,
  '0003_analytics': analytics,
  '0004_alerts': alerts,
  '0005_watchlist': watchlist,
  '0006_portfolio': portfolio,
  '0007_app_portfolios': appPortfolios,
  '0008_monitor': monitor,
};
