import { accountApi, messages } from '@insight/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderWithProviders } from '../../test/render';
import { SignupPage } from './SignupPage';

const renderSignup = () =>
  renderWithProviders(
    <MemoryRouter>
      <SignupPage />
    </MemoryRouter>,
  );

describe('sign-up (spec 000 §1, §5)', () => {
  it('says under the confirmation that the passwords do not match while they differ', async () => {
    renderSignup();
    await userEvent.type(screen.getByLabelText('Password'), 'Value1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Value123');
    expect(screen.getByText(messages.password.mismatchInline)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Confirm password'), '4');
    expect(screen.queryByText(messages.password.mismatchInline)).toBeNull();
  });

  it('sends what was typed in each field, the e-mail trimmed and an empty account name left out', async () => {
    const network = fakeNetwork({ [accountApi.signup]: () => ok({ status: true }) });
    renderSignup();
    await userEvent.type(screen.getByLabelText('First name'), 'Value');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hunter');
    await userEvent.type(screen.getByLabelText('Email'), ' value@insight.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'Value1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Value1234');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(network.callsTo(accountApi.signup)).toHaveLength(1));
    expect(network.callsTo(accountApi.signup)[0]?.body).toEqual({
      signupData: {
        first_name: 'Value',
        last_name: 'Hunter',
        email: 'value@insight.test',
        password: 'Value1234',
      },
    });
    expect(await screen.findByRole('heading', { name: messages.register.created })).toBeTruthy();
  });
});
