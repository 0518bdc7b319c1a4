import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertCard, type AlertCardProps } from './AlertCard';
import type { FeedAlert } from './atoms';
import { anAlert, renderInFeed } from './feedTestKit';

function renderCard(alert: FeedAlert, overrides: Partial<AlertCardProps> = {}) {
  const props: AlertCardProps = {
    alert,
    quote: { lastPrice: 100, dailyChange: 1.5 },
    count: 1,
    now: Date.now(),
    onDismiss: vi.fn(),
    onSeeDetails: vi.fn(),
    ...overrides,
  };
  renderInFeed(<AlertCard {...props} />);
  return props;
}

const sentence = () => document.querySelector('[data-part="sentence"]')!.textContent;

describe('an alert card', () => {
  it.each<[string, Partial<FeedAlert>, string]>([
    [
      '1014 buy',
      { type: 1014, rating: 'buy', price_target: 120 },
      'Ada Lovelace is BULLISH on AAPL ($100.00 +1.50%) with Target $120.00 (+20.00%)',
    ],
    [
      '1014 sell',
      { type: 1014, rating: 'sell', price_target: 80 },
      'Ada Lovelace is BEARISH on AAPL ($100.00 +1.50%) with Target $80.00 (-20.00%)',
    ],
    [
      '1015 earnings ahead',
      { type: 1015, rating: null, earning_date: '2026-03-05' },
      'AAPL earning announcement is coming up on Mar 5, 2026',
    ],
    ['1017 earnings today', { type: 1017, rating: null }, 'AAPL earning announcement is today'],
    ['1016 underperforming', { type: 1016 }, 'AAPL is underperforming relative to sector'],
    ['1004 near the target', { type: 1004 }, 'Last price is 2% from Recommended Target Price'],
  ])('%s reads as the spec words it', (_type, overrides, text) => {
    renderCard(anAlert(overrides));
    expect(sentence()).toBe(text);
  });

  it('reads its price from the alert until a live quote arrives', () => {
    renderCard(anAlert({ last_price: 96 }), { quote: undefined });
    expect(sentence()).toBe('Ada Lovelace is BULLISH on AAPL ($96.00) with Target $120.00 (+25.00%)');
  });

  it('says whose success rate it rests on, with the grade as C+ to A+ and a way to the details', async () => {
    const alert = anAlert({ rate: 5, success_rate: 72.4 });
    const props = renderCard(alert);
    expect(screen.getByText(/^Based on Ada Lovelace's success rate in similar companies/)).toBeTruthy();
    expect(screen.getByLabelText('Grade A-')).toBeTruthy();
    expect(screen.getByText('72%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'see details' }));
    expect(props.onSeeDetails).toHaveBeenCalledWith(alert);
  });

  it.each([
    [1, 'C+'],
    [7, 'A+'],
  ])('shows grade %d as %s', (rate, label) => {
    renderCard(anAlert({ rate }));
    expect(screen.getByLabelText(`Grade ${label}`)).toBeTruthy();
  });

  it('links the ticker to its stock page and counts the alerts on the symbol', () => {
    renderCard(anAlert({ symbol: 'MSFT' }), { count: 3 });
    const links = screen.getAllByRole('link', { name: 'MSFT' });
    expect(links.every((link) => link.getAttribute('href') === '/stock/MSFT')).toBe(true);
    expect(screen.getByLabelText('3 alerts on MSFT').textContent).toBe('3');
  });

  it('offers the watchlist star and adding to the portfolio', () => {
    renderCard(anAlert());
    expect(screen.getByRole('button', { name: 'Add to Watchlist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add AAPL to portfolio' })).toBeTruthy();
  });

  it('expands the original rating: firm, analyst, rating, target, published', async () => {
    renderCard(anAlert({ firm: 'Lovelace & Co', price_target: 120 }));
    await userEvent.click(screen.getByRole('button', { name: 'Original rating' }));
    const details = document.querySelector('dl')!;
    for (const term of ['Firm', 'Analyst', 'Rating', 'Target', 'Published'])
      expect(within(details as HTMLElement).getByText(term)).toBeTruthy();
    expect(within(details as HTMLElement).getByText('Lovelace & Co')).toBeTruthy();
    expect(within(details as HTMLElement).getByText('Buy')).toBeTruthy();
  });

  it('dismisses with its button', async () => {
    const alert = anAlert();
    const props = renderCard(alert);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the alert on AAPL' }));
    expect(props.onDismiss).toHaveBeenCalledWith(alert);
  });

  it('is busy while dismissing, its actions held', () => {
    renderCard(anAlert({ local_status: 'dismissing' }));
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Dismiss the alert on AAPL' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says a dismissal failed and offers to retry it', async () => {
    const alert = anAlert({ local_status: 'dismiss_failed' });
    const props = renderCard(alert);
    expect(screen.getByRole('alert').textContent).toContain('This alert could not be dismissed.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onDismiss).toHaveBeenCalledWith(alert);
  });
});
