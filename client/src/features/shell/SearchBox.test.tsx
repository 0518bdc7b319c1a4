import { ChakraProvider } from '@chakra-ui/react';
import { apiPath, marketApi, type SymbolHit } from '@insight/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { system } from '../../components/ui/theme';
import { fakeNetwork, ok } from '../../test/fakeNetwork';
import { SearchBox } from './SearchBox';

const hit = (symbol: string, company: string): SymbolHit => ({ symbol, company, alias: company });
const searchPath = (text: string) => apiPath(marketApi.findSymbol, { text, limit: 10, offset: 0 });

const appleHits = [hit('AAPL', 'Apple Inc.'), hit('APD', 'Air Products and Chemicals, Inc.')];

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/stock/:symbol', element: <SearchBox /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return { router, box: screen.getByRole('combobox', { name: 'Search stocks by symbol or company' }) };
}

describe('the top bar search', () => {
  it('searches from the first character, once, after the typing pauses for 200 ms', async () => {
    const network = fakeNetwork({
      [searchPath('a')]: () => ok(appleHits),
      [searchPath('ap')]: () => ok(appleHits),
    });
    const { box } = renderSearch();
    await userEvent.type(box, 'ap');
    expect(network.calls).toHaveLength(0);

    expect(await screen.findByRole('option', { name: /AAPL/ })).toBeTruthy();
    expect(network.calls.map((call) => call.path)).toEqual([searchPath('ap')]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'AAPLApple Inc.',
      'APDAir Products and Chemicals, Inc.',
    ]);
  });

  it('moves through the results with the arrows and opens the highlighted one with Enter', async () => {
    fakeNetwork({ [searchPath('ap')]: () => ok(appleHits) });
    const { box, router } = renderSearch();
    await userEvent.type(box, 'ap');
    await screen.findByRole('option', { name: /APD/ });

    await userEvent.keyboard('{ArrowDown}');
    const [apple, air] = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(apple?.id);
    expect(apple?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(air?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(apple?.id); // wraps around
    await userEvent.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(air?.id);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/APD'));
  });

  it('opens the first result on Enter, even when pressed before the results arrive', async () => {
    fakeNetwork({ [searchPath('aapl')]: () => ok([hit('AAPL', 'Apple Inc.')]) });
    const { box, router } = renderSearch();
    await userEvent.type(box, 'aapl{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/AAPL'));
  });

  it('closes with Escape, and clears the text with a second Escape', async () => {
    fakeNetwork({ [searchPath('ap')]: () => ok(appleHits) });
    const { box } = renderSearch();
    await userEvent.type(box, 'ap');
    await screen.findByRole('option', { name: /AAPL/ });

    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('ap');
    await userEvent.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens a result by click', async () => {
    fakeNetwork({ [searchPath('ap')]: () => ok(appleHits) });
    const { box, router } = renderSearch();
    await userEvent.type(box, 'ap');
    await userEvent.click(await screen.findByRole('option', { name: /AAPL/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/AAPL'));
    expect((box as HTMLInputElement).value).toBe('');
  });
});
