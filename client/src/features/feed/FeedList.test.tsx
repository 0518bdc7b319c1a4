import { noQuotes } from '../../realtime/streams';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FeedAlert } from './atoms';
import { anAlert, renderInFeed } from './feedTestKit';
import { FeedList, feedPageSize, type FeedListProps } from './FeedList';

const props = (overrides: Partial<FeedListProps>): FeedListProps => ({
  alerts: null,
  shown: null,
  profileId: 1,
  quotes: noQuotes,
  counts: new Map(),
  onResetFilters: vi.fn(),
  onDismiss: vi.fn(),
  onSeeDetails: vi.fn(),
  ...overrides,
});

const tickers = () => screen.getAllByRole('article').map((card) => card.querySelector('h3 a')!.textContent);

describe('the live feed list', () => {
  it('shows it is loading until the snapshot arrives', () => {
    renderInFeed(<FeedList {...props({})} />);
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeTruthy();
  });

  it('says there are no recent ratings when the profile has no alerts', () => {
    renderInFeed(<FeedList {...props({ alerts: [], shown: [] })} />);
    expect(screen.getByText('No recent ratings')).toBeTruthy();
    expect(screen.getByText(/appear here the moment they are published/)).toBeTruthy();
  });

  it('says a profile of its own sectors has alerts once it is built', () => {
    renderInFeed(<FeedList {...props({ alerts: [], shown: [], ownSectors: true })} />);
    expect(screen.getByText('No recent ratings')).toBeTruthy();
    expect(screen.getByText(/start once its owner has built it/)).toBeTruthy();
  });

  it('says there are no opportunities under the filters, and offers to reset them', async () => {
    const onResetFilters = vi.fn();
    renderInFeed(<FeedList {...props({ alerts: [anAlert()], shown: [], onResetFilters })} />);
    expect(screen.getByText('No opportunities under the current filters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onResetFilters).toHaveBeenCalled();
  });

  it('shows the cards in the order given, newest first', () => {
    const alerts = [anAlert({ id: 3, symbol: 'MSFT' }), anAlert({ id: 2, symbol: 'AAPL' })];
    renderInFeed(<FeedList {...props({ alerts, shown: alerts })} />);
    expect(tickers()).toEqual(['MSFT', 'AAPL']);
  });

  it(`draws ${feedPageSize} cards, then more on request`, async () => {
    const alerts = Array.from({ length: feedPageSize + 5 }, (_, index) => anAlert({ id: 100 - index }));
    renderInFeed(<FeedList {...props({ alerts, shown: alerts })} />);
    expect(screen.getAllByRole('article')).toHaveLength(feedPageSize);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (5 more)' }));
    expect(screen.getAllByRole('article')).toHaveLength(feedPageSize + 5);
  }, 60_000);

  it('replaces the cards at once on a profile switch, back to the first cards, none of the old left', async () => {
    const many = Array.from({ length: feedPageSize + 5 }, (_, index) =>
      anAlert({ id: 100 - index, symbol: 'AAPL' }),
    );
    const { rerender } = renderInFeed(<FeedList {...props({ alerts: many, shown: many })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (5 more)' }));
    expect(screen.getAllByRole('article')).toHaveLength(feedPageSize + 5);

    const other = Array.from({ length: feedPageSize + 3 }, (_, index) =>
      anAlert({ id: 500 - index, symbol: 'NVDA' }),
    );
    rerender(<FeedList {...props({ alerts: other, shown: other, profileId: 2 })} />);
    // In the same render: no card of the first profile stays behind to animate away.
    expect(new Set(tickers())).toEqual(new Set(['NVDA']));
    expect(screen.getAllByRole('article')).toHaveLength(feedPageSize);
    expect(screen.getByRole('button', { name: 'Show more (3 more)' })).toBeTruthy();
  }, 60_000);

  describe('when a new alert arrives', () => {
    const first = [anAlert({ id: 1, symbol: 'AAPL' })];
    const withNew: FeedAlert[] = [anAlert({ id: 2, symbol: 'NVDA' }), ...first];

    it('puts it on top at once while the reader is elsewhere', () => {
      const view = renderInFeed(<FeedList {...props({ alerts: first, shown: first })} />);
      view.rerender(<FeedList {...props({ alerts: withNew, shown: withNew })} />);
      expect(tickers()).toEqual(['NVDA', 'AAPL']);
    });

    it('holds it behind a pill while the pointer is over the list, and the pill reveals it', async () => {
      const { rerender } = renderInFeed(<FeedList {...props({ alerts: first, shown: first })} />);
      fireEvent.pointerEnter(screen.getByRole('region', { name: 'Alerts' }));
      rerender(<FeedList {...props({ alerts: withNew, shown: withNew })} />);
      expect(tickers()).toEqual(['AAPL']);
      await act(async () => {
        await userEvent.click(screen.getByRole('button', { name: '1 new alert' }));
      });
      expect(tickers()).toEqual(['NVDA', 'AAPL']);
    });

    it('lets it in once the pointer leaves', () => {
      const { rerender } = renderInFeed(<FeedList {...props({ alerts: first, shown: first })} />);
      const list = screen.getByRole('region', { name: 'Alerts' });
      fireEvent.pointerEnter(list);
      rerender(<FeedList {...props({ alerts: withNew, shown: withNew })} />);
      expect(tickers()).toEqual(['AAPL']);
      fireEvent.pointerLeave(list);
      expect(tickers()).toEqual(['NVDA', 'AAPL']);
    });
  });
});
