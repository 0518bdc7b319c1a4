import { supportMessages } from '@insight/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ContactPage } from './ContactPage';

describe('contact us (spec 002 §2.9, §5)', () => {
  it('checks only the e-mail: its problem under it, the field focused, nothing sent', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithProviders(<ContactPage user={null} address={null} send={send} />);
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText(supportMessages.invalidEmail)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends every field as typed, the e-mail trimmed', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithProviders(<ContactPage user={null} address={null} send={send} />);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Dana Demo');
    await userEvent.type(screen.getByLabelText('Email'), ' dana@insight.test ');
    await userEvent.type(screen.getByLabelText('Phone Number'), '555 0100');
    await userEvent.type(screen.getByLabelText('Company'), 'Demo Ltd');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Dana Demo',
        email: 'dana@insight.test',
        phone: '555 0100',
        company: 'Demo Ltd',
        message: 'Hello',
      }),
    );
    expect(await screen.findByText(supportMessages.sent)).toBeTruthy();
  });
});
