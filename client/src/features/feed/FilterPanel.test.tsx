import { emptyFilterSet, type FilterSet } from '@insight/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FeedAlert } from './atoms';
import { anAlert, renderInFeed } from './feedTestKit';
import { FilterPanel, type FilterPanelProps, type ProfileChoice } from './FilterPanel';

function renderPanel(alerts: FeedAlert[], overrides: Partial<FilterPanelProps> = {}) {
  const props: FilterPanelProps = {
    alerts,
    quotes: {},
    followed: new Set(),
    filters: emptyFilterSet,
    onChange: vi.fn(),
    profile: null,
    ...overrides,
  };
  renderInFeed(<FilterPanel {...props} />);
  return props;
}

const group = (title: string) => screen.queryByRole('group', { name: title });

/**
 * A slider thumb by its name. The thumbs stay visibility: hidden in jsdom (they show once measured),
 * which empties their computed name, so the name is read from the element that labels them.
 */
const thumb = (name: string) =>
  [...document.querySelectorAll('[role="slider"]')].find(
    (element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  ) ?? null;

describe('the alert filter panel', () => {
  it('has the four sliders, and Upside and Last Price behind see more', async () => {
    renderPanel([anAlert({ id: 1, beta: 0.8 }), anAlert({ id: 2, beta: 1.6, mc_index: 30 })]);
    for (const title of ['Market Cap', 'Beta', 'P/E 12m', 'Analyst Grade'])
      expect(thumb(`${title}, from`)).toBeTruthy();
    expect(thumb('Upside, from')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'see more' }));
    expect(thumb('Upside, from')).toBeTruthy();
    expect(thumb('Last Price, to')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'see less' }));
    expect(thumb('Upside, from')).toBeNull();
  });

  it('spans the Analyst Grade slider from C+ to A+', () => {
    renderPanel([anAlert()]);
    expect(thumb('Analyst Grade, from')!.getAttribute('aria-valuetext')).toBe('C+');
    expect(thumb('Analyst Grade, to')!.getAttribute('aria-valuetext')).toBe('A+');
  });

  it('hides a checkbox group with fewer than 2 distinct values', () => {
    renderPanel([
      anAlert({ id: 1, rating: 'buy', sector_name: 'Energy', analyst_name: 'Ada', universes: ['S&P 500'] }),
      anAlert({
        id: 2,
        rating: 'sell',
        sector_name: 'Energy',
        analyst_name: 'Grace',
        universes: ['S&P 500'],
      }),
    ]);
    expect(group('Position')).toBeTruthy();
    expect(group('Analyst')).toBeTruthy();
    expect(group('Sector')).toBeNull();
    expect(group('Universe')).toBeNull();
    expect(group('In Watchlist')).toBeNull();
  });

  it('shows In Watchlist once some alerts are followed and some not', () => {
    renderPanel([anAlert({ id: 1, symbol: 'AAPL' }), anAlert({ id: 2, symbol: 'XOM' })], {
      followed: new Set(['XOM']),
    });
    const labels = within(group('In Watchlist')!)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(labels).toEqual(['In Watchlist1', 'Not In Watchlist1']);
  });

  it('labels the positions Bearish and Bullish', () => {
    renderPanel([anAlert({ id: 1, rating: 'buy' }), anAlert({ id: 2, rating: 'sell' })]);
    const labels = within(group('Position')!)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(labels).toEqual(['Bearish1', 'Bullish1']);
  });

  it('shows 4 items of a group, the rest behind see more / see less', async () => {
    const analysts = ['Ada', 'Barbara', 'Claude', 'Donald', 'Edsger', 'Frances'];
    renderPanel(analysts.map((analyst_name, index) => anAlert({ id: index + 1, analyst_name })));
    const analystGroup = group('Analyst')!;
    expect(within(analystGroup).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.click(within(analystGroup).getByRole('button', { name: 'see more' }));
    expect(within(analystGroup).getAllByRole('checkbox')).toHaveLength(6);
    await userEvent.click(within(analystGroup).getByRole('button', { name: 'see less' }));
    expect(within(analystGroup).getAllByRole('checkbox')).toHaveLength(4);
  });

  it('keeps a chosen item in sight even past the first 4', () => {
    const analysts = ['Ada', 'Barbara', 'Claude', 'Donald', 'Edsger', 'Frances'];
    renderPanel(
      analysts.map((analyst_name, index) => anAlert({ id: index + 1, analyst_name })),
      { filters: { ...emptyFilterSet, analyst_name: ['Frances'] } },
    );
    expect(within(group('Analyst')!).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('chooses a value with its checkbox', async () => {
    const props = renderPanel([
      anAlert({ id: 1, sector_name: 'Energy' }),
      anAlert({ id: 2, sector_name: 'Utilities' }),
    ]);
    await userEvent.click(within(group('Sector')!).getByText('Utilities'));
    expect(props.onChange).toHaveBeenCalledWith({
      ...emptyFilterSet,
      sector_name: ['Utilities'],
    } satisfies FilterSet);
  });

  describe('for an admin', () => {
    const choice = (overrides: Partial<ProfileChoice> = {}): ProfileChoice => ({
      profiles: [
        { id: 1, name: 'Default' },
        { id: 4, name: 'growth_tech' },
      ],
      current: 1,
      switching: false,
      onChoose: vi.fn(),
      ...overrides,
    });

    it('offers the profiles, named with spaces and capitals', async () => {
      const profile = choice();
      renderPanel([anAlert()], { profile });
      const select = screen.getByRole('combobox', { name: 'Profile' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Default', 'Growth Tech']);
      await userEvent.selectOptions(select, '4');
      expect(profile.onChoose).toHaveBeenCalledWith(4);
    });

    it("says 'No profile available' when there is none", () => {
      renderPanel([anAlert()], { profile: choice({ profiles: [], current: null }) });
      expect(screen.getByRole('combobox', { name: 'Profile' }).textContent).toBe('No profile available');
    });
  });

  it('has no profile dropdown for anyone else', () => {
    renderPanel([anAlert()]);
    expect(screen.queryByRole('combobox', { name: 'Profile' })).toBeNull();
  });
});
