import { accountApi, messages } from '@insight/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProfileAccount, aUser } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

const signedOutServer = (extra: Parameters<typeof fakeNetwork>[0] = {}) =>
  fakeNetwork({ [accountApi.currentUser]: () => fail(401, messages.session.required), ...extra });

async function openLogin(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to Insight' });
  return view;
}

describe('the login form', () => {
  it('asks for both fields when they are empty, and sends nothing', async () => {
    const network = signedOutServer();
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.login.emailAndPasswordRequired)).toBeTruthy();
    expect(network.callsTo(accountApi.login)).toHaveLength(0);
  });

  it('asks for a valid email when the address is not one', async () => {
    const network = signedOutServer();
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'dana.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.login.invalidEmail)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(network.callsTo(accountApi.login)).toHaveLength(0);
  });

  it('limits the email to 100 and the password to 20 characters', async () => {
    signedOutServer();
    await openLogin();
    expect(screen.getByLabelText('Email').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('20');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('signs in, keeps the remember-me token and opens the page the visitor asked for', async () => {
    const network = signedOutServer({
      [accountApi.login]: () =>
        ok({ status: true, data: aUser({ nickname: 'Dee' }), access_token: 'token-1' }),
    });
    const { router } = await openLogin('/login?redirect=%2Fprofile');
    await userEvent.type(screen.getByLabelText('Email'), 'demo@insight.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo1234');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByText('Logged in as Dee')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(network.callsTo(accountApi.login)[0]?.body).toEqual({
      loginData: {
        method: 'email',
        credentials: { email: 'demo@insight.test', password: 'Demo1234' },
        remember_me: true,
      },
    });
    expect(window.localStorage.getItem('insight.auth_token')).toBe('token-1');
  });

  it('sends a profile-type account to the investment profile', async () => {
    signedOutServer({ [accountApi.login]: () => ok({ status: true, data: aProfileAccount() }) });
    const { router } = await openLogin('/login?redirect=%2Fstock%2FAAPL');
    await userEvent.type(screen.getByLabelText('Email'), 'profile@insight.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Profile1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('link', { name: 'Edit Investment Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/investment-profile');
  });

  it("shows the server's refusal in a dialog, keeping its link and dropping its script", async () => {
    signedOutServer({
      [accountApi.login]: () =>
        fail(
          401,
          'Your subscription has expired. Please <a href="/contact">contact the Sales Team</a>.<script>window.pwned=1</script>',
        ),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'demo@insight.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your subscription has expired.');
    const link = screen.getByRole('link', { name: 'contact the Sales Team' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(dialog.querySelector('script')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('forgot password', () => {
  it('needs a valid email, then sends the reset mail and says so', async () => {
    const network = signedOutServer({
      [accountApi.changePassMail]: () => ok({ status: true, msg: 'sent' }),
    });
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByLabelText('Password')).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText(messages.forgotPassword.invalidEmail)).toBeTruthy();
    expect(network.callsTo(accountApi.changePassMail)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'demo@insight.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText(messages.forgotPassword.sent)).toBeTruthy();
    expect(network.callsTo(accountApi.changePassMail)[0]?.body).toEqual({
      userData: { email: 'demo@insight.test', source: 'web' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});

describe('the login page for a signed-in user', () => {
  it('sends them on instead of showing the form', async () => {
    fakeNetwork({ [accountApi.currentUser]: () => ok({ data: aUser() }) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged in as Dana')).toBeTruthy();
  });
});
