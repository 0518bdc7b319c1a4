import type { RecommendationsResponse } from '@insight/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RatingsView } from './AnalystRatings';
import { aRating, aRecommendationsAnswer } from './factories';
import type { RatingsFilter } from './ratings';

const now = new Date('2026-11-20T15:00:00Z');

// Days ago: 10 and 50 are within 2 months, 80 within 3, 150 within 6, 300 within 12.
const answer: RecommendationsResponse = aRecommendationsAnswer(
  [
    aRating(now, 10, { rating: 'buy', analyst_name: 'Ava Stone', grade: 6, price_target: 210 }),
    aRating(now, 50, { rating: 'sell', analyst_name: 'Ben Cole', grade: 0, price_target: 150 }),
    aRating(now, 80, { rating: 'buy', analyst_name: 'Cy Park', grade: null, price_target: 205 }),
    aRating(now, 150, { rating: 'sell', analyst_name: 'Di Lowe', grade: 3 }),
    aRating(now, 300, { rating: 'buy', analyst_name: 'Ed Moss', grade: 4 }),
  ],
  { count_buy: 2, consensus_target: 196.41 },
);

function Harness() {
  const [filter, setFilter] = useState<RatingsFilter>({ months: 3, type: 'all' });
  return (
    <RatingsView answer={answer} lastPrice={182.71} filter={filter} onFilterChange={setFilter} now={now} />
  );
}

const shownNames = () =>
  within(screen.getByRole('list', { name: "Analysts' ratings" }))
    .getAllByRole('listitem')
    .map((item) =>
      ['Ava Stone', 'Ben Cole', 'Cy Park', 'Di Lowe', 'Ed Moss'].find((name) =>
        item.textContent?.includes(name),
      ),
    );

const choose = (group: string, option: string) =>
  userEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByText(option, { exact: true }));

describe("the analysts' ratings", () => {
  it('show the last 3 months of every type at first, with the consensus and the weighted target', () => {
    renderWithProviders(<Harness />);
    expect(shownNames()).toEqual(['Ava Stone', 'Ben Cole', 'Cy Park']);
    expect(screen.getByTestId('ratings-count').textContent).toBe('3 ratings');
    expect(screen.getByTestId('consensus-buys').textContent).toBe('2');
    expect(screen.getByTestId('consensus-target').textContent).toBe('$196.41');
    expect(screen.getByRole('button', { name: 'How the weighted target is computed' })).toBeTruthy();
  });

  it.each([
    ['1M', 'All', ['Ava Stone']],
    ['2M', 'All', ['Ava Stone', 'Ben Cole']],
    ['6M', 'All', ['Ava Stone', 'Ben Cole', 'Cy Park', 'Di Lowe']],
    ['12M', 'All', ['Ava Stone', 'Ben Cole', 'Cy Park', 'Di Lowe', 'Ed Moss']],
    ['12M', 'Buy', ['Ava Stone', 'Cy Park', 'Ed Moss']],
    ['12M', 'Sell', ['Ben Cole', 'Di Lowe']],
    ['3M', 'Sell', ['Ben Cole']],
  ])('narrow to %s and %s', async (months, type, names) => {
    renderWithProviders(<Harness />);
    await choose('Time', months);
    await choose('Type', type);
    expect(shownNames()).toEqual(names);
    expect(screen.getByTestId('ratings-count').textContent).toBe(
      `${names.length} ${names.length === 1 ? 'rating' : 'ratings'}`,
    );
  });

  it('say so when the filters leave nothing', async () => {
    renderWithProviders(<Harness />);
    await choose('Time', '1M');
    await choose('Type', 'Sell');
    expect(screen.getByText('No Sell ratings in the last month.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: "Analysts' ratings" })).toBeNull();
  });

  it('write grades A+ to C+, N/A without one, with the target and the price when posted', () => {
    renderWithProviders(<Harness />);
    const [ava, ben, cy] = within(screen.getByRole('list', { name: "Analysts' ratings" })).getAllByRole(
      'listitem',
    );
    expect(ava!.textContent).toContain('A+');
    expect(ava!.textContent).toContain('Buy');
    expect(ava!.textContent).toContain('$210.00');
    expect(ava!.textContent).toContain('$180.00');
    expect(ava!.textContent).toContain('11/10/26');
    expect(ben!.textContent).toContain('C+');
    expect(ben!.textContent).toContain('Sell');
    expect(cy!.textContent).toContain('N/A');
  });
});
