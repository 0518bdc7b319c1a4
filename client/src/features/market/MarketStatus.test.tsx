import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MarketStatusView, PricesFreshnessView } from './MarketStatus';

describe('the market status', () => {
  it.each([
    [null, 'Checking market status...'],
    [true, 'US markets are OPEN'],
    [false, 'US markets are CLOSED'],
  ] as const)('reads %s as "%s", announced politely', (open, text) => {
    renderWithProviders(<MarketStatusView open={open} />);
    const status = screen.getByRole('status');
    // Closed, the status also says when the market opens next ("· Opens Mon 9:30 ET").
    expect(status.textContent).toMatch(new RegExp(`^${text}(· Opens \\w{3} \\d{1,2}:\\d{2} ET)?$`));
    expect(status.getAttribute('aria-live')).toBe('polite');
  });
});

describe("a screen's price freshness", () => {
  it('says live prices, by a green dot, while the market is open', () => {
    renderWithProviders(<PricesFreshnessView open count="4 symbols" />);
    expect(screen.getByText(/^4 symbols/).parentElement?.textContent).toBe('4 symbols · live prices');
  });

  it('says the prices stand at the last close, and when the market opens, while it is closed', () => {
    renderWithProviders(<PricesFreshnessView open={false} count="4 symbols" />);
    const label = screen.getByText(/^4 symbols/).parentElement?.textContent;
    expect(label).toMatch(/^4 symbols · prices at the last close · Opens (today|\w{3}) \d{1,2}:\d{2} ET$/);
    expect(label).not.toContain('live');
  });

  it('claims neither while the status is unknown', () => {
    renderWithProviders(<PricesFreshnessView open={null} count="1 position" />);
    expect(screen.getByText(/^1 position/).parentElement?.textContent).toBe('1 position');
  });
});
