import { accountApi, apiPath, marketApi, marketMessages } from '@insight/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../test/factories';
import { fail, fakeNetwork, ok, type Route } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';
import { aCompanyProfile, aStock } from './factories';
import { stockErrorTitle } from './StockErrorView';

const stockPath = apiPath(marketApi.fetchStock, { symbol: 'AAPL' });
const profilePath = apiPath(marketApi.companyProfile, { symbol: 'AAPL' });

function openStockPage(stock: Route, profile: Route) {
  fakeNetwork({
    [accountApi.currentUser]: () => ok({ data: aUser() }),
    [stockPath]: stock,
    [profilePath]: profile,
    [apiPath(marketApi.newsForStock, { symbol: 'AAPL' })]: () => ok({ news: [] }),
  });
  renderApp('/stock/aapl');
}

describe('the stock page', () => {
  it('loads the symbol, upper-cased, and shows its header and data table', async () => {
    openStockPage(
      () => ok(aStock()),
      () => ok(aCompanyProfile()),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Apple Inc.' })).toBeTruthy();
    expect(screen.getByTestId('stock-price').textContent).toBe('$182.71');
    expect(screen.getByRole('table', { name: 'Trading' })).toBeTruthy();
  });

  it.each([
    ['both reads fail', 404, 404, marketMessages.stockOrCompanyFailed],
    ['the stock read fails', 404, 200, marketMessages.stockFailed],
    ['the profile read fails', 200, 500, marketMessages.profileFailed],
  ])(
    "shows the error view with the spec's message when %s",
    async (_case, stockStatus, profileStatus, message) => {
      openStockPage(
        () => (stockStatus === 200 ? ok(aStock()) : fail(stockStatus, marketMessages.stockFailed)),
        () =>
          profileStatus === 200 ? ok(aCompanyProfile()) : fail(profileStatus, marketMessages.profileFailed),
      );
      expect(await screen.findByRole('heading', { name: stockErrorTitle })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(message);
      // A symbol the market does not know is not worth a retry; a server error may be.
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(profileStatus === 500);
    },
  );
});
