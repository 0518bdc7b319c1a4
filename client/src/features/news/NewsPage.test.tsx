import { ChakraProvider } from '@chakra-ui/react';
import { marketApi, type NewsItem } from '@insight/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { system } from '../../components/ui/theme';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { NewsPage } from './NewsPage';

const story = (title: string, index: number): NewsItem => ({
  title: `${title} ${index + 1}`,
  url: `https://news.example.com/${encodeURIComponent(title)}/${index}`,
  updated: '2026-03-04T15:30:00.000Z',
  author: 'Ada Writer',
  image: index === 0 ? 'https://img.example.com/1.jpg' : null,
});
const page = (title: string, count = 20) => ({
  news: Array.from({ length: count }, (_, i) => story(title, i)),
});

function renderNews(path = '/?tab=5') {
  const router = createMemoryRouter([{ path: '/', element: <NewsPage /> }], { initialEntries: [path] });
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('the news page', () => {
  it('shows the 20 Top News cards, each opening its story in a new tab', async () => {
    const network = fakeNetwork({ [marketApi.topNewsQm]: () => ok(page('Markets rally')) });
    renderNews();
    const list = await screen.findByRole('list', { name: 'Top News news' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(network.callsTo(marketApi.topNewsQm)[0]?.body).toEqual({ page_size: 20, page: 0 });

    const first = within(list).getAllByRole('article')[0]!;
    const link = within(first).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://news.example.com/Markets%20rally/0');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(first.textContent).toContain('Ada Writer');
    expect(first.textContent).toMatch(/03\/04\/26/);
    expect(first.querySelector('img')).not.toBeNull();
  });

  it('reads another channel when it is chosen, and remembers it in the address', async () => {
    const network = fakeNetwork({
      [marketApi.topNewsQm]: () => ok(page('Markets rally')),
      [marketApi.channelsNewsQm]: () => ok(page('Oil climbs')),
    });
    const router = renderNews();
    await screen.findByRole('list', { name: 'Top News news' });
    expect(screen.getAllByRole('tab')).toHaveLength(13);

    await userEvent.click(screen.getByRole('tab', { name: 'Energy' }));
    const list = await screen.findByRole('list', { name: 'Energy news' });
    expect(within(list).getAllByRole('article')[0]?.textContent).toContain('Oil climbs 1');
    expect(network.callsTo(marketApi.channelsNewsQm)[0]?.body).toEqual({
      page_size: 20,
      page: 0,
      channels: ['Energy'],
    });
    expect(router.state.location.search).toBe('?tab=5&channel=Energy');
  });

  it('says so when a channel has no stories, and offers to try again after a failure', async () => {
    let answers = 0;
    fakeNetwork({
      [marketApi.channelsNewsQm]: () => (answers++ === 0 ? fail(500, 'down') : ok(page('Cannabis', 0))),
    });
    renderNews('/?tab=5&channel=Cannabis');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No stories yet' })).toBeTruthy();
    await waitFor(() => expect(answers).toBe(2));
  });
});
