import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as market from './0002_market';
import * as analytics from './0003_analytics';
import * as alerts from './0004_alerts';
import * as watchlist from './0005_watchlist';
import * as portfolio from './0006_portfolio';
import * as appPortfolios from './0007_app_portfolios';
import * as monitor from './0008_monitor';
import * as security from './0009_security';
import * as throttle from './0010_throttle';
import * as universesEditing from './0012_universes_editing';
import * as jobs from './0013_jobs';
import * as scanner from './0016_scanner';
import * as admin from './0015_admin';
import * as profiles from './0017_profiles';
import * as portfolioRevision from './0018_portfolio_revision';
import * as fundamentals from './0019_fundamentals';
import * as universeDescriptions from './0020_universe_descriptions';

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
  '0009_security': security,
  '0010_throttle': throttle,
  '0012_universes_editing': universesEditing,
  '0013_jobs': jobs,
  '0016_scanner': scanner,
  '0015_admin': admin,
  '0017_profiles': profiles,
  '0018_portfolio_revision': portfolioRevision,
  '0019_fundamentals': fundamentals,
  '0020_universe_descriptions': universeDescriptions,
};
