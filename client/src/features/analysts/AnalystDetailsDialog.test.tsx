import type { AnalystPastAlerts, PastPerformanceRow } from '@insight/shared/analysts/schemas';
import { analystsApi } from '@insight/shared/analysts/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreProvider, createStore } from '../../app/store';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderWithProviders } from '../../test/render';
import { AnalystDetailsDialog, pastPerformanceFailed } from './AnalystDetailsDialog';
import { analystDetailsAtom } from './atoms';

const row = (overrides: Partial<PastPerformanceRow>): PastPerformanceRow => ({
  pos_type: 'buy',
  published: '2025-06-02T14:00:00Z',
  ticker: 'AAPL',
  entry_price: 100,
  target: 120,
  target_date: '2025-12-01',
  reached_target: 0,
  outperform_sector: 0,
  success: 0,
  decided: 1,
  ...overrides,
});

const answer: AnalystPastAlerts = {
  team_update: '2025-01-15T00:00:00Z',
  sector: 'Information Technology',
  rows: [
    row({ published: '2025-03-01T14:00:00Z', ticker: 'MSFT', reached_target: 1, success: 1 }),
    row({
      published: '2025-09-01T14:00:00Z',
      ticker: 'NVDA',
      pos_type: 'sell',
      outperform_sector: 1,
      success: 1,
    }),
    row({ published: '2025-06-01T14:00:00Z', ticker: 'AAPL' }),
    row({ published: '2026-01-10T14:00:00Z', ticker: 'ORCL', decided: 0, target_date: null }),
  ],
};

function openDialog() {
  const store = createStore();
  store.set(analystDetailsAtom, {
    alertId: 7,
    analyst: 'Ada Lovelace',
    symbol: 'AAPL',
    sector: 'Information Technology',
    grade: 5,
  });
  renderWithProviders(
    <StoreProvider store={store}>
      <MemoryRouter>
        <AnalystDetailsDialog />
      </MemoryRouter>
    </StoreProvider>,
  );
  return store;
}

describe('the analyst details dialog', () => {
  it('asks for the analyst’s past alerts and titles itself as the spec words it', async () => {
    const network = fakeNetwork({ [analystsApi.pastAlerts]: () => ok(answer) });
    openDialog();
    const dialog = await screen.findByRole('dialog', {
      name: "Based on Ada Lovelace's past performance in similar Information Technology companies",
    });
    await within(dialog).findByRole('table');
    expect(network.callsTo(analystsApi.pastAlerts)[0]!.body).toEqual({
      alert_id: 7,
      analyst: 'Ada Lovelace',
      symbol: 'AAPL',
    });
    expect(within(dialog).getByText(/^Analyst team created /)).toBeTruthy();
  });

  it('counts Grade, Opportunities, Reached Target and Outperform', async () => {
    fakeNetwork({ [analystsApi.pastAlerts]: () => ok(answer) });
    openDialog();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table');
    const counter = (label: string) => within(dialog).getByText(label).nextElementSibling!.textContent;
    expect(counter('Grade')).toBe('A-');
    expect(counter('Opportunities')).toBe('4');
    expect(within(dialog).getAllByText('Reached Target')[0]!.nextElementSibling!.textContent).toBe('1');
    expect(within(dialog).getAllByText('Outperform')[0]!.nextElementSibling!.textContent).toBe('1');
  });

  it('lists the ratings newest first, with the spec’s columns and tickers linking to their pages', async () => {
    fakeNetwork({ [analystsApi.pastAlerts]: () => ok(answer) });
    openDialog();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Type',
      'Published',
      'Ticker',
      'Entry Price',
      'Target Price',
      'Reached Target',
      'Outperform',
      'Success',
    ]);
    const tickers = within(table)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(tickers).toEqual([
      ['ORCL', '/stock/ORCL'],
      ['NVDA', '/stock/NVDA'],
      ['AAPL', '/stock/AAPL'],
      ['MSFT', '/stock/MSFT'],
    ]);
    const nvda = within(table).getByText('NVDA').closest('tr')!;
    expect(within(nvda).getByText('Sell')).toBeTruthy();
    const open = within(within(table).getByText('ORCL').closest('tr')!);
    expect(open.getByText('Open')).toBeTruthy();
    expect(open.getAllByText('—')).toHaveLength(2);
  });

  it('says when the past performance could not be loaded, and tries again', async () => {
    let attempts = 0;
    fakeNetwork({
      [analystsApi.pastAlerts]: () => (++attempts === 1 ? fail(500, '') : ok(answer)),
    });
    openDialog();
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain(pastPerformanceFailed);
    await userEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
  });
});
