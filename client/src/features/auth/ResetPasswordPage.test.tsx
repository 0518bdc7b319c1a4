import { accountApi, messages } from '@insight/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeNetwork, ok, type Route } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

async function openReset(changePass: Route) {
  const network = fakeNetwork({
    [accountApi.currentUser]: () => fail(401, messages.session.required),
    [accountApi.changePass]: changePass,
  });
  renderApp('/reset-pass/code-123');
  await screen.findByRole('heading', { name: 'Reset password' });
  return network;
}

async function submit(next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset password', () => {
  it('sets the password with the code of the link and offers the way to sign in', async () => {
    const network = await openReset(() => ok({ status: true }));
    await submit('Better1234', 'Better1234');
    expect(await screen.findByText(messages.password.resetDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(network.callsTo(accountApi.changePass)[0]?.body).toEqual({
      passData: { new_pass: 'Better1234', validation_code: 'code-123' },
    });
  });

  it('refuses passwords that differ', async () => {
    const network = await openReset(() => ok({ status: true }));
    await submit('Better1234', 'Better123');
    expect(screen.getByText(messages.password.mismatchInline)).toBeTruthy();
    expect(await screen.findByText(messages.password.mismatch)).toBeTruthy();
    expect(network.callsTo(accountApi.changePass)).toHaveLength(0);
  });

  it("shows the server's message when the code is refused", async () => {
    await openReset(() => fail(400, messages.password.resetCodeInvalid));
    await submit('Better1234', 'Better1234');
    expect(await screen.findByText(messages.password.resetCodeInvalid)).toBeTruthy();
  });

  it('falls back to asking the user to contact support', async () => {
    await openReset(() => ok({ status: false }));
    await submit('Better1234', 'Better1234');
    expect(await screen.findByText(messages.password.resetFailed)).toBeTruthy();
  });
});
