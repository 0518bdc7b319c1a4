import { ChakraProvider } from '@chakra-ui/react';
import { watchlistApi, watchlistMessages, type WatchlistItem, type WatchlistResponse } from '@insight/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StoreProvider, createStore } from '../../app/store';
import { Toaster } from '../../components/ui/toaster';
import { system } from '../../components/ui/theme';
import { fail, fakeNetwork, ok, type Answer } from '../../test/fakeNetwork';
import { WatchStar } from './WatchStar';

function anItem(symbol: string): WatchlistItem {
  return {
    symbol,
    company_name: `${symbol} Inc.`,
    sector: 'Information Technology',
    entry_date: { date: '2025-03-03T15:00:00.000Z' },
    entryPrice: 100,
    lastPrice: 101,
    pl: 1,
    etf_pl: 0.5,
    etf: 'XLK',
    dailyChangePercent: 0.4,
    earningDate: null,
  };
}
const watching = (...symbols: string[]): WatchlistResponse => ({
  followingSymbols: symbols,
  items: symbols.map(anItem),
});

/** An answer the test releases when it wants to look at the star in between. */
function held() {
  let release!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return { answer, release };
}

function renderStar(symbol = 'AAPL') {
  render(
    <StoreProvider store={createStore()}>
      <ChakraProvider value={system}>
        <WatchStar symbol={symbol} />
        <Toaster />
      </ChakraProvider>
    </StoreProvider>,
  );
  return screen.getByRole('button', { name: /Watchlist/ });
}

describe('the watchlist star', () => {
  it('flips at once, before the server answers, and stays flipped when it agrees', async () => {
    const follow = held();
    const network = fakeNetwork({ [watchlistApi.follow]: () => follow.answer });
    const star = renderStar();
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add to Watchlist');

    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.getAttribute('aria-label')).toBe('Remove from Watchlist');
    expect(network.callsTo(watchlistApi.follow)[0]?.body).toEqual({ data: { symbol: 'AAPL' } });

    follow.release(ok(watching('AAPL', 'MSFT')));
    await waitFor(() => expect(network.callsTo(watchlistApi.follow)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(star.getAttribute('aria-pressed')).toBe('true');
  });

  it("rolls back on refusal and shows the server's message", async () => {
    const follow = held();
    fakeNetwork({ [watchlistApi.follow]: () => follow.answer });
    const star = renderStar();

    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    follow.release(fail(400, watchlistMessages.tooMany));

    expect(await screen.findByText(watchlistMessages.tooMany)).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add to Watchlist');
  });

  it("says the spec's words when an unfollow is refused without a message, and stays followed", async () => {
    const unfollow = held();
    fakeNetwork({
      [watchlistApi.follow]: () => ok(watching('TSLA')),
      [watchlistApi.unfollow]: () => unfollow.answer,
    });
    const star = renderStar('tsla');
    await userEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));

    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    unfollow.release({ status: 502, body: { status: false } });
    expect(await screen.findByText(watchlistMessages.unfollowFailed('TSLA'))).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('true');
  });
});
