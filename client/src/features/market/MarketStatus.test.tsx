import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MarketStatusView } from './MarketStatus';

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
