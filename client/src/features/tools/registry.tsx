import type { Right, Role } from '@insight/shared';
import { can } from '@insight/shared';
import { lazy, type ReactNode } from 'react';

const UniversesScreen = lazy(() => import('../universes/UniversesScreen'));
const UniverseHistoryScreen = lazy(() => import('../universes/UniverseHistoryScreen'));
const PortfolioNotificationsReport = lazy(() => import('./PortfolioNotificationsReport'));
const ScannerPage = lazy(() => import('../scanner/ScannerPage').then((m) => ({ default: m.ScannerPage })));
const BacktestScreen = lazy(() => import('../backtest/BacktestScreen'));
const StrategyBacktestScreen = lazy(() => import('../backtest/StrategyBacktestScreen'));
const MarketDataPage = lazy(() => import('../reports/MarketDataPage'));
const MyReports = lazy(() => import('../jobs/MyReports').then((m) => ({ default: m.MyReports })));
const AddSymbols = lazy(() => import('./admin/AddSymbols').then((m) => ({ default: m.AddSymbols })));
const UpdateEarningsDate = lazy(() =>
  import('./admin/UpdateEarningsDate').then((m) => ({ default: m.UpdateEarningsDate })),
);
const UserOrders = lazy(() => import('./admin/UserOrders').then((m) => ({ default: m.UserOrders })));
const CopyPortfolio = lazy(() => import('./admin/CopyPortfolio').then((m) => ({ default: m.CopyPortfolio })));
const ClientsPortfolios = lazy(() =>
  import('../adminReports/ClientsPortfolios').then((m) => ({ default: m.ClientsPortfolios })),
);
const AnalystTeamExplain = lazy(() =>
  import('../adminReports/AnalystTeamExplain').then((m) => ({ default: m.AnalystTeamExplain })),
);
const InvestmentPl = lazy(() =>
  import('../adminReports/InvestmentPl').then((m) => ({ default: m.InvestmentPl })),
);
const AdminSignal = lazy(() =>
  import('../adminReports/AdminSignal').then((m) => ({ default: m.AdminSignal })),
);
const ThrottledAccounts = lazy(() =>
  import('./admin/ThrottledAccounts').then((m) => ({ default: m.ThrottledAccounts })),
);

/** Who sees a tool (spec 002 §2.2): everyone, the admins (client and system), or system admins only. */
export type ToolAudience = 'everyone' | 'admins' | 'systemAdmins';

export interface ToolEntry {
  /** Its `tool` value in the URL: /?tab=4&tool={id}. */
  id: string;
  label: string;
  audience: ToolAudience;
  render: () => ReactNode;
}

/** The right of the shared map each audience stands for: the menu shows what the server allows. */
export const audienceRight: Record<ToolAudience, Right> = {
  everyone: 'tools.use',
  admins: 'tools.adminReports',
  systemAdmins: 'tools.systemAdmin',
};

export const audienceTitles: Record<ToolAudience, string> = {
  everyone: 'Tools',
  admins: 'Admin reports',
  systemAdmins: 'System admin',
};

/**
 * The Tools side menu of spec 002 §2.2, in its order. One line per tool, each with its screen.
 */
export const toolRegistry: readonly ToolEntry[] = [
  // For everyone.
  {
    id: 'scanner',
    label: 'Opportunities Scanner',
    audience: 'everyone',
    render: () => <ScannerPage />,
  },
  {
    id: 'market-data',
    label: 'Market Data',
    audience: 'everyone',
    render: () => <MarketDataPage />,
  },
  { id: 'backtest', label: 'Backtest', audience: 'everyone', render: () => <BacktestScreen /> },
  { id: 'universes', label: 'Universes', audience: 'everyone', render: () => <UniversesScreen /> },
  {
    id: 'portfolio-notifications',
    label: 'Portfolio Notifications',
    audience: 'everyone',
    render: () => <PortfolioNotificationsReport />,
  },
  // Beyond the spec's menu: the user's jobs (scans, reports, backtests) with their live progress.
  { id: 'my-reports', label: 'My reports', audience: 'everyone', render: () => <MyReports /> },
  // For client admins and system admins.
  {
    id: 'clients-portfolios',
    label: 'Clients Portfolios',
    audience: 'admins',
    render: () => <ClientsPortfolios />,
  },
  {
    id: 'strategy-backtest',
    label: 'Strategy Backtest',
    audience: 'admins',
    render: () => <StrategyBacktestScreen />,
  },
  {
    id: 'analyst-team',
    label: 'Research Analyst Team',
    audience: 'admins',
    render: () => <AnalystTeamExplain />,
  },
  {
    id: 'investment-pl',
    label: 'Admin Investment PL',
    audience: 'admins',
    render: () => <InvestmentPl />,
  },
  { id: 'signal', label: 'Admin signal', audience: 'admins', render: () => <AdminSignal /> },
  {
    id: 'universe-history',
    label: 'Universe symbols history',
    audience: 'admins',
    render: () => <UniverseHistoryScreen />,
  },
  // For system admins only.
  {
    id: 'add-symbols',
    label: 'Add Symbols',
    audience: 'systemAdmins',
    render: () => <AddSymbols />,
  },
  {
    id: 'earnings-date',
    label: 'Update Earnings Date',
    audience: 'systemAdmins',
    render: () => <UpdateEarningsDate />,
  },
  {
    id: 'user-orders',
    label: 'User Orders by User ID',
    audience: 'systemAdmins',
    render: () => <UserOrders />,
  },
  {
    id: 'copy-portfolio',
    label: 'Copy portfolio from user to user',
    audience: 'systemAdmins',
    render: () => <CopyPortfolio />,
  },
  // Beyond the spec's menu: sign-ins held by the throttle, which a system admin may clear.
  {
    id: 'throttled',
    label: 'Throttled sign-ins',
    audience: 'systemAdmins',
    render: () => <ThrottledAccounts />,
  },
];

export const toolParam = 'tool';
/** Spec 002 §2.1: the opp flag preselects the second entry, Market Data. */
export const oppParam = 'opp';

/** The tools a role may open, in the menu's order. */
export function toolsFor(roles: readonly Role[], registry: readonly ToolEntry[] = toolRegistry): ToolEntry[] {
  return registry.filter((entry) => can(roles, audienceRight[entry.audience]));
}

/**
 * The tool the URL asks for: `tool` when it names one, else Market Data with an `opp` flag, else the
 * first. `allowed` false: the tool exists but the role may not open it.
 */
export function toolFromSearch(
  search: URLSearchParams,
  roles: readonly Role[],
  registry: readonly ToolEntry[] = toolRegistry,
): { entry: ToolEntry; allowed: boolean } | null {
  const visible = toolsFor(roles, registry);
  const asked = registry.find((entry) => entry.id === search.get(toolParam));
  if (asked) return { entry: asked, allowed: visible.includes(asked) };
  const opp = search.get(oppParam);
  const wantsMarketData = opp !== null && opp !== '0' && opp !== 'false';
  const fallback =
    (wantsMarketData ? visible.find((entry) => entry.id === 'market-data') : undefined) ?? visible[0];
  return fallback ? { entry: fallback, allowed: true } : null;
}
