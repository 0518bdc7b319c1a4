import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../components/ui/theme';
import { renderWithProviders } from '../../test/render';
import { aStock } from './factories';
import { toneColor } from './format';
import { livePrice } from './live';
import { StockDataTable } from './StockDataTable';

function renderTable(overrides: Parameters<typeof aStock>[0] = {}, pushed?: Parameters<typeof livePrice>[1]) {
  const stock = aStock(overrides);
  renderWithProviders(<StockDataTable stock={stock} price={livePrice(stock, pushed)} />);
}

/** The table's rows as [label, value] pairs, both columns in reading order. */
function rows(): [string, string][] {
  return screen
    .getAllByRole('table')
    .flatMap((table) => within(table).getAllByRole('row'))
    .map((row) => {
      const [label, value] = within(row).getAllByRole('cell');
      return [label!.textContent ?? '', value!.textContent ?? ''];
    });
}

const valueCell = (label: string) => {
  const row = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(label) !== null);
  return within(row!).getAllByRole('cell')[1]!;
};

describe('the stock data table', () => {
  it('has 14 rows in two columns of seven, written as the spec rounds them', () => {
    renderTable();
    expect(screen.getAllByRole('table')).toHaveLength(2);
    for (const table of screen.getAllByRole('table'))
      expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(rows()).toEqual([
      ['Market Cap', '$2.7T'],
      ['Change', '+2.26 (+1.25%)'],
      ["Day's Range", '179.85 - 183.76'],
      ['Bid', '$182.67'],
      ['Volume', '158,439,873'],
      ['Avg Volume (20d)', '137,059,763'],
      ['Beta', '1.20'],
      ['P/E (12m)', '15.38'],
      ['P/B', '7.46'],
      ['EPS', '$11.88'],
      ['ROE', '48.50%'],
      ['Shares Outstanding', '14.8B'],
      ['Forward Dividend', '$1.05 (0.57%)'],
      ['Earnings Date', '01/25/27'],
    ]);
  });

  it("shows 'N/A' for every missing value", () => {
    renderTable({
      MarketCapitalization: null,
      lastPrice: null,
      dailyChange: null,
      dailyChangeVal: null,
      DaysRange: null,
      bid: null,
      Volume: null,
      avg_vol: null,
      beta: null,
      pe_ratio_12m: null,
      pb_ratio: null,
      eps_act_fr0: null,
      roe: null,
      shares_outstanding: null,
      iad: null,
      earningDate: null,
    });
    const values = rows().map(([, value]) => value);
    expect(values).toHaveLength(14);
    expect(values.every((value) => value === 'N/A')).toBe(true);
  });

  it.each([
    ['up', { dailyChange: 1.25, dailyChangeVal: 2.26 }, '+2.26 (+1.25%)', '#00BA6C'],
    ['down', { dailyChange: -0.84, dailyChangeVal: -1.55 }, '-1.55 (-0.84%)', '#db4437'],
  ] as const)('paints a change %s in its colour', (tone, change, text, hex) => {
    renderTable(change);
    const cell = valueCell('Change');
    expect(cell.textContent).toBe(text);
    expect(cell.getAttribute('data-tone')).toBe(tone);
    expect(system.token(`colors.${toneColor[tone]}`)).toBe(hex);
  });

  it('follows a pushed price: the change is measured from the previous close', () => {
    // Previous close 180.45; pushed 178.00 is -2.45, -1.36%.
    renderTable({}, { lastPrice: 178, dailyChange: -1.36 });
    const cell = valueCell('Change');
    expect(cell.textContent).toBe('-2.45 (-1.36%)');
    expect(cell.getAttribute('data-tone')).toBe('down');
  });
});
