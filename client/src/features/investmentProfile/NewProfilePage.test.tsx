import { accountApi, messages } from '@insight/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderWithProviders } from '../../test/render';
import { NewProfilePage } from './NewProfilePage';

describe('/newProfile (spec 002 §2.1, §7.8)', () => {
  it('registers the profile with what was typed, then clears the form', async () => {
    const network = fakeNetwork({ [accountApi.adminCreateProfile]: () => ok({ status: true }) });
    renderWithProviders(
      <MemoryRouter>
        <NewProfilePage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('First name'), 'Value');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hunter');
    await userEvent.type(screen.getByLabelText('Email'), ' value@insight.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'Value1234');
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(network.callsTo(accountApi.adminCreateProfile)).toHaveLength(1));
    expect(network.callsTo(accountApi.adminCreateProfile)[0]?.body).toEqual({
      first_name: 'Value',
      last_name: 'Hunter',
      email: 'value@insight.test',
      password: 'Value1234',
    });
    expect((await screen.findByRole('status')).textContent).toContain(messages.register.created);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
