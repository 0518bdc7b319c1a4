import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CompanyAbout } from './CompanyAbout';
import { aCompanyProfile, aStock } from './factories';

describe('the company description', () => {
  it('shows a short description whole, without a toggle', () => {
    renderWithProviders(<CompanyAbout stock={aStock()} profile={aCompanyProfile()} />);
    expect(screen.getByText('Designs and sells the iPhone, Mac, iPad and wearables.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('folds a long description, and opens and folds it again on request', async () => {
    const long = 'Apple designs, manufactures and markets smartphones and computers. '.repeat(8);
    renderWithProviders(<CompanyAbout stock={aStock({ comp_desc: long })} profile={aCompanyProfile()} />);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(less);
    expect(screen.getByRole('button', { name: 'Read more' })).toBeTruthy();
  });
});
