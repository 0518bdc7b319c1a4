import { Box, Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PublicCard, PublicPage } from '../../components/PublicPage';

/** The query parameter the Help link carries: the signed-in user's id, for support. */
export const helpUserParam = 'user';

/** The Help link of the user menu (spec 000 §2): our help page, carrying the user id. */
export const helpPath = (userId: number) => `/help?${helpUserParam}=${encodeURIComponent(String(userId))}`;

/**
 * Spec 000 §2: "A help page link opens in a new tab and carries the user id." Our help page, written
 * for this product: what each screen does, and what to tell support (the id it was opened with).
 */
export function HelpPage() {
  const [search] = useSearchParams();
  const userId = search.get(helpUserParam);
  const shownId = userId !== null && /^\d{1,12}$/.test(userId) ? userId : null;
  return (
    <PublicPage maxW="3xl">
      <PublicCard>
        <Stack gap="6" lineHeight="tall">
          <Heading as="h1" size="2xl">
            Insight help
          </Heading>
          <Text color="fg.muted">
            Insight shows what professional stock analysts say about the companies you follow, as it happens,
            and keeps your watchlist and your portfolio beside it. Insight does not make recommendations
            itself; every rating comes from an analyst.
          </Text>
          {shownId !== null && (
            <Box bg="bg.subtle" borderWidth="1px" rounded="md" px="4" py="3" data-testid="help-user-id">
              Your user id is <Code>{shownId}</Code>. Quote it when you write to support, so we can find your
              account quickly.
            </Box>
          )}

          <Section title="Home">
            Your day at a glance: the market status, the latest ratings for your profile, your watchlist and
            portfolio figures, and top news.
          </Section>
          <Section title="Live Feed">
            Analyst alerts for your investment profile, newest first, pushed the moment they are published. A
            new alert slides in at the top; if you are reading further down, it waits behind an “N new alerts”
            pill so nothing moves under your eyes. Use the filter panel to narrow the feed by market cap,
            beta, P/E, analyst grade, upside, price, universe, position, sector or analyst. “see details”
            shows how the analyst did on similar companies.
          </Section>
          <Section title="Watchlist">
            The stocks you follow (the star on any card or stock page), with their move since you started
            following them and the move of their sector ETF over the same days.
          </Section>
          <Section title="Portfolio">
            Your file: deposits and withdrawals in units, open and closed positions with their profit and
            loss, future actions, notifications when a position needs attention, and charts against benchmark
            ETFs.
          </Section>
          <Section title="Stock page">
            Open any symbol from the search box, a card or a table. It shows the price, the data table, the
            company description, its news and the analysts’ ratings with the consensus.
          </Section>
          <Section title="Prices and timing">
            <List.Root ps="5">
              <List.Item>Prices are near real time and may differ slightly from real-time sources.</List.Item>
              <List.Item>
                A figure that ticks up flashes green for a moment, one that ticks down red.
              </List.Item>
              <List.Item>The bell in the top bar nudges when one of your portfolio rules fires.</List.Item>
            </List.Root>
          </Section>
          <Section title="Still stuck?">
            Write to us from{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/contact">Contact us</RouterLink>
            </Link>{' '}
            in the user menu. Read the{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/terms">Terms and Conditions</RouterLink>
            </Link>
            .
          </Section>
        </Stack>
      </PublicCard>
    </PublicPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Box color="fg.muted">{children}</Box>
    </Stack>
  );
}
