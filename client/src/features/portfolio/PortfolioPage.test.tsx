import { ChakraProvider } from '@chakra-ui/react';
import { apiPath, portfolioApi, portfolioMessages } from '@insight/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreProvider, createStore } from '../../app/store';
import { Toaster } from '../../components/ui/toaster';
import { system } from '../../components/ui/theme';
import { aUser } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { authAtom, signedIn } from '../auth/atoms';
import { ClosePositionsDialog } from './dialogs/ClosePositionsDialog';
import { SetFundsDialog } from './dialogs/SetFundsDialog';
import { aPortfolio, aPosition } from './factories';
import { PortfolioPage } from './PortfolioPage';

function renderSignedIn(ui: ReactElement) {
  const store = createStore();
  store.set(authAtom, signedIn(aUser({ user_id: 7 })));
  render(
    <StoreProvider store={store}>
      <ChakraProvider value={system}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </ChakraProvider>
    </StoreProvider>,
  );
}

describe('the new-file state (spec 001 §4)', () => {
  it("prompts for funds, and Set Portfolio Funds creates 'My File' with those units", async () => {
    const network = fakeNetwork({
      [apiPath(portfolioApi.list, { userId: 7 })]: () => ok([]),
      [portfolioApi.create]: () => ok(aPortfolio()),
    });
    renderSignedIn(<PortfolioPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set Portfolio Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Portfolio Funds' });
    const units = within(dialog).getByLabelText(/Units/);
    // Spec 001 §9: 100,000 units at unit price 1 by default.
    expect((units as HTMLInputElement).value).toBe('100000');
    expect(within(dialog).getByTestId('funds').textContent).toBe('$100,000.00');

    await userEvent.clear(units);
    await userEvent.type(units, '25,000');
    expect(within(dialog).getByTestId('funds').textContent).toBe('$25,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo(portfolioApi.create)).toHaveLength(1));
    expect(network.callsTo(portfolioApi.create)[0]?.body).toEqual({ name: 'My File', start_budget: 25000 });
  });

  it("says the spec's words when creating fails", async () => {
    fakeNetwork({
      [apiPath(portfolioApi.list, { userId: 7 })]: () => ok([]),
      [portfolioApi.create]: () => fail(500, 'db down'),
    });
    renderSignedIn(<PortfolioPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set Portfolio Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Portfolio Funds' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(portfolioMessages.createFailed)).toBeTruthy();
  });
});

describe('Set Portfolio Funds on a file (spec 001 §5)', () => {
  it('shows funds = units × the current unit price and withdraws through the budget call', async () => {
    const network = fakeNetwork({
      [apiPath(portfolioApi.unitPrice, { id: 1 })]: () => ok({ unit_price: 1.23456789 }),
      [portfolioApi.addBudget]: () => fail(400, portfolioMessages.notEnoughUnits(10_000)),
    });
    renderSignedIn(<SetFundsDialog open portfolio={aPortfolio()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set Portfolio Funds' });
    await waitFor(() => expect(within(dialog).getByTestId('unit-price').textContent).toBe('1.23457'));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(dialog).getByText('Withdraw'));
    await userEvent.type(within(dialog).getByLabelText(/Units/), '1000');
    expect(within(dialog).getByTestId('funds').textContent).toBe('$1,234.57');
    await userEvent.click(save);
    expect(await within(dialog).findByText(portfolioMessages.notEnoughUnits(10_000))).toBeTruthy();
    expect(network.callsTo(portfolioApi.addBudget)[0]?.body).toEqual({
      portfolio_id: 1,
      units: 1000,
      unit_price: 1.23456789,
      deposit: false,
      notes: undefined,
    });
  });
});

describe('Close Position (spec 001 §5, §8)', () => {
  it("enables Save only for a valid close and shows the server's msg when it refuses", async () => {
    const network = fakeNetwork({
      [portfolioApi.close]: () => ok({ status: false, msg: 'No price for AAPL on that date' }),
    });
    const position = aPosition({ quantity: 10, entry_date: { date: '2020-03-02' } });
    renderSignedIn(<ClosePositionsDialog positions={[position]} portfolioId={1} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close Position' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const quantity = within(dialog).getByLabelText('Quantity for AAPL');
    const price = within(dialog).getByLabelText('Close Price for AAPL');
    expect(save.hasAttribute('disabled')).toBe(false);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '11');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText(portfolioMessages.closeTooMany('AAPL', 10))).toBeTruthy();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.clear(price);
    await userEvent.type(price, '.');
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(price);
    await userEvent.type(price, '12.555');
    // Typing stops at 2 decimals.
    expect((price as HTMLInputElement).value).toBe('12.55');
    expect(save.hasAttribute('disabled')).toBe(false);

    await userEvent.click(save);
    expect(await within(dialog).findByText('No price for AAPL on that date')).toBeTruthy();
    expect(network.callsTo(portfolioApi.close)[0]?.body).toMatchObject({
      portfolio_id: 1,
      items: [{ id: 1, quantity: 4, price: '12.55' }],
    });
  });
});
