import { Navigate, useSearchParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { NotAvailablePanel } from '../../components/NotAvailablePanel';
import { currentUserAtom } from '../auth/atoms';
import { FeedPage } from '../feed/FeedPage';
import { HomeDashboard } from './HomeDashboard';
import { NewsPage } from '../news/NewsPage';
import { PortfolioPage } from '../portfolio/PortfolioPage';
import { TestTablePage } from '../testTable/TestTablePage';
import { ToolsPage } from '../tools/ToolsPage';
import { WatchlistPage } from '../watchlist/WatchlistPage';
import { homeScreenFor, homeScreenTitles, homeTabParam } from './tabs';

/**
 * The main screen at /, switching on ?tab=. Its screens arrive with later issues; until then each
 * tab says so. Profile-type accounts have only the investment profile editor.
 */
export function HomePage() {
  const user = useAtomValue(currentUserAtom);
  const [search] = useSearchParams();
  if (user?.account_type === 'profile') return <Navigate to="/investment-profile" replace />;
  const screen = homeScreenFor(search.get(homeTabParam));
  if (screen === 'home') return <HomeDashboard />;
  if (screen === 'liveFeed') return <FeedPage />;
  if (screen === 'watchlist') return <WatchlistPage />;
  if (screen === 'portfolio') return <PortfolioPage />;
  if (screen === 'news') return <NewsPage />;
  if (screen === 'testTable') return <TestTablePage />;
  if (screen === 'tools') return <ToolsPage />;
  return <NotAvailablePanel title={homeScreenTitles[screen]} />;
}
