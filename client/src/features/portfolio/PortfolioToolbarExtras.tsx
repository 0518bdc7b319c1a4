import type { Portfolio } from '@insight/shared';
import { MonitorToolbar } from '../notifications/MonitorToolbar';

/**
 * The toolbar's slot for the portfolio monitor (spec 001 §2: monitor settings and the notifications
 * bell with its red dot), filled by the notifications feature.
 */
export function PortfolioToolbarExtras({ portfolio }: { portfolio: Portfolio }) {
  return <MonitorToolbar portfolioId={portfolio.id} />;
}
