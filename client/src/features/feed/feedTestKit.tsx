import { ChakraProvider } from '@chakra-ui/react';
import type { Alert } from '@insight/shared';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { StoreProvider, createStore, type AppStore } from '../../app/store';
import { system } from '../../components/ui/theme';
import { renderWithProviders } from '../../test/render';
import type { FeedAlert } from './atoms';

/** An alert of the feed; override what the case is about. */
export function anAlert(overrides: Partial<FeedAlert> = {}): FeedAlert {
  return {
    id: 1,
    type: 1014,
    rating: 'buy',
    symbol: 'AAPL',
    time: Math.floor(Date.now() / 1000) - 300,
    analyst_name: 'Ada Lovelace',
    success_rate: 72.4,
    price_target: 120,
    sector_name: 'Information Technology',
    company_name_2: 'Apple',
    rate: 5,
    earning_date: null,
    market_cap: 3_000_000_000_000,
    mc_index: 1,
    beta: 1.2,
    upside: 20,
    pe_ratio_12m: 28.5,
    universes: ['S&P 500'],
    rating_id: 'R1',
    firm: 'Lovelace & Co',
    last_price: 100,
    price_when_posted: 90,
    ...overrides,
  } satisfies Alert;
}

/** A feed component with the theme, a router and its own store around it; rerender keeps them. */
export function renderInFeed(ui: ReactElement, store: AppStore = createStore()) {
  const wrap = (inner: ReactElement) => (
    <StoreProvider store={store}>
      <MemoryRouter>{inner}</MemoryRouter>
    </StoreProvider>
  );
  const view = renderWithProviders(wrap(ui));
  return {
    ...view,
    store,
    rerender: (next: ReactElement) =>
      view.rerender(<ChakraProvider value={system}>{wrap(next)}</ChakraProvider>),
  };
}
