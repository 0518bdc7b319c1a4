import { accountApi, messages } from '@insight/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

async function openProfile(routes: Parameters<typeof fakeNetwork>[0]) {
  let nickname: string | null = null;
  const network = fakeNetwork({
    [accountApi.currentUser]: () => ok({ data: aUser({ nickname }) }),
    [accountApi.changeNickname]: (body) => {
      nickname = (body as { nickname: string }).nickname;
      return ok({ status: true });
    },
    ...routes,
  });
  renderApp('/profile');
  await screen.findByRole('heading', { name: 'My profile' });
  return network;
}

describe('display name', () => {
  it('saves the name, says so and shows it in the top bar', async () => {
    const network = await openProfile({});
    const input = screen.getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Dee');
    await userEvent.click(screen.getByRole('button', { name: 'Save display name' }));

    expect(await screen.findByText(messages.nickname.saved)).toBeTruthy();
    expect(await screen.findByText('Logged in as Dee')).toBeTruthy();
    expect(network.callsTo(accountApi.changeNickname)[0]?.body).toEqual({ nickname: 'Dee' });
  });

  it('says something went wrong when the server refuses', async () => {
    await openProfile({ [accountApi.changeNickname]: () => fail(500, 'boom') });
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), 'Dee');
    await userEvent.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(await screen.findByText(messages.nickname.failed)).toBeTruthy();
  });
});

describe('change password', () => {
  async function fill(current: string, next: string, confirm: string) {
    await userEvent.type(screen.getByLabelText('Current password'), current);
    await userEvent.type(screen.getByLabelText('New password'), next);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  }

  it('masks and limits its three fields', async () => {
    await openProfile({});
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('type')).toBe('password');
      expect(input.getAttribute('maxlength')).toBe('20');
    }
  });

  it('says inline that the passwords do not match, and refuses to send them', async () => {
    const network = await openProfile({});
    await fill('Demo1234', 'Better1234', 'Better12');
    expect(screen.getByText(messages.password.mismatchInline)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.mismatch)).toBeTruthy();
    expect(network.callsTo(accountApi.changePassDirect)).toHaveLength(0);
  });

  it('applies the password rule', async () => {
    await openProfile({});
    await fill('Demo1234', 'weak', 'weak');
    expect(screen.queryByText(messages.password.mismatchInline)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.rule)).toBeTruthy();
  });

  it("shows the server's message when the current password is wrong", async () => {
    await openProfile({ [accountApi.changePassDirect]: () => fail(400, messages.password.currentWrong) });
    await fill('Wrong1234', 'Better1234', 'Better1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.currentWrong)).toBeTruthy();
  });

  it('saves a good password, says so and clears the fields', async () => {
    const network = await openProfile({ [accountApi.changePassDirect]: () => ok({ status: true }) });
    await fill('Demo1234', 'Better1234', 'Better1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.saved)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(network.callsTo(accountApi.changePassDirect)[0]?.body).toEqual({
      passData: { current_pass: 'Demo1234', new_pass: 'Better1234' },
    });
  });
});
