import { throttleApi, throttleMessages, type ThrottledList } from '@insight/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fail, fakeNetwork, ok } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/render';
import { ThrottledAccounts } from './ThrottledAccounts';

const rules: ThrottledList['rules'] = {
  per_account_and_address: 5,
  per_address: 20,
  per_account_before_delays: 10,
  window_minutes: 15,
  max_delay_seconds: 60,
};

const row = (account: string, failures: number, wait_seconds: number) => ({
  account,
  failures,
  addresses: Math.ceil(failures / 2),
  last_failure_at: '2026-11-26T03:00:00.000Z',
  wait_seconds,
});

function open(routes: Parameters<typeof fakeNetwork>[0]) {
  const network = fakeNetwork(routes);
  renderWithProviders(
    <>
      <ThrottledAccounts />
      <Toaster />
    </>,
  );
  return network;
}

describe('Throttled sign-ins', () => {
  it('lists the accounts with failures and how long a new browser waits; Clear clears one and reloads', async () => {
    let data = [row('victim@example.test', 16, 60), row('other@example.test', 3, 0)];
    const network = open({
      [throttleApi.list]: () => ok({ status: true, data, rules }),
      [throttleApi.clear]: (body) => {
        const { account } = body as { account: string };
        data = data.filter((entry) => entry.account !== account);
        return ok({ status: true, msg: throttleMessages.cleared(account) });
      },
    });

    const table = await screen.findByRole('table', { name: 'Accounts with failed sign-ins' });
    const victim = within(table).getByText('victim@example.test').closest('tr')!;
    expect(within(victim).getByText('16')).toBeTruthy();
    expect(within(victim).getByText('1 minute')).toBeTruthy();
    expect(screen.getByText(/5 failures to one account from one address/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear victim@example.test' }));
    expect(await screen.findByText(throttleMessages.cleared('victim@example.test'))).toBeTruthy();
    expect(network.callsTo(throttleApi.clear)[0]?.body).toEqual({ account: 'victim@example.test' });
    await waitFor(() => expect(screen.queryByText('victim@example.test')).toBeNull());
    expect(screen.getByText('other@example.test')).toBeTruthy();
  });

  it('says so when no account has failures', async () => {
    open({ [throttleApi.list]: () => ok({ status: true, data: [], rules }) });
    expect(await screen.findByText('No account has failed sign-ins in the last 15 minutes.')).toBeTruthy();
  });

  it('shows the server’s refusal and can try again', async () => {
    let refuse = true;
    open({
      [throttleApi.list]: () =>
        refuse ? fail(403, 'You do not have permission') : ok({ status: true, data: [], rules }),
    });
    expect(await screen.findByText('You do not have permission')).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No account has failed sign-ins/)).toBeTruthy();
  });

  it('tells when clearing fails', async () => {
    open({
      [throttleApi.list]: () => ok({ status: true, data: [row('victim@example.test', 12, 4)], rules }),
      [throttleApi.clear]: () => fail(400, throttleMessages.nothingToClear),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear victim@example.test' }));
    expect(await screen.findByText(throttleMessages.nothingToClear)).toBeTruthy();
  });
});
