import { alertTypes } from '@insight/shared';
import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAtomValue } from '../../app/store';
import { AnalystDetailsDialog } from '../analysts/AnalystDetailsDialog';
import { AlertCard } from '../feed/AlertCard';
import { useAlertCardActions, useLiveQuotes, useNow } from '../feed/cardHooks';
import { alertsPerSymbolAtom, feedAlertsAtom, shownAlertsAtom } from '../feed/atoms';
import { quotesAtom } from '../market/atoms';
import { ArrowRightIcon } from './icons';
import { homeTabPath } from './tabs';

/** Spec 001 §9 / 002 §9: the dashboard shows the latest 4 ratings under the active filters. */
export const latestRatingsCount = 4;

/** The latest ratings of the live feed, under the user's alert filters, with 'See more' to the feed. */
export function LatestRatings() {
  const all = useAtomValue(feedAlertsAtom);
  const shown = useAtomValue(shownAlertsAtom);
  const quotes = useAtomValue(quotesAtom);
  const counts = useAtomValue(alertsPerSymbolAtom);
  // Ratings only: the feed's other alerts (earnings, targets, underperformance) are not analysts' ratings.
  const latest = useMemo(
    () => shown?.filter((alert) => alert.type === alertTypes.rating).slice(0, latestRatingsCount) ?? null,
    [shown],
  );
  const now = useNow(30_000);
  useLiveQuotes(latest ?? []);

  const { onDismiss, onSeeDetails } = useAlertCardActions();

  return (
    <Box as="section" aria-labelledby="home-ratings-title" minW="0">
      <Flex align="center" justify="space-between" gap="3" mb="3">
        <Heading as="h2" size="md" id="home-ratings-title" letterSpacing="-0.01em">
          Latest analysts&apos; ratings
        </Heading>
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <RouterLink to={homeTabPath(0)}>
            See more <ArrowRightIcon />
          </RouterLink>
        </Button>
      </Flex>
      {latest === null ? (
        <RatingsSkeleton />
      ) : latest.length === 0 ? (
        <Stack
          align="center"
          textAlign="center"
          gap="1"
          py="10"
          px="4"
          bg="bg.panel"
          borderWidth="1px"
          borderStyle="dashed"
          rounded="xl"
        >
          <Text fontWeight="semibold">
            {all !== null && all.length > 0 ? 'No ratings under your filters' : 'No recent ratings'}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {all !== null && all.length > 0
              ? 'Change the filters of the live feed to see more.'
              : 'New analyst ratings appear here the moment they are published.'}
          </Text>
        </Stack>
      ) : (
        <Stack gap="3" role="region" aria-label="Latest ratings">
          {latest.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              quote={quotes[alert.symbol]}
              count={counts.get(alert.symbol) ?? 1}
              now={now}
              onDismiss={onDismiss}
              onSeeDetails={onSeeDetails}
            />
          ))}
        </Stack>
      )}
      <AnalystDetailsDialog />
    </Box>
  );
}

function RatingsSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading the latest ratings">
      {[0, 1, 2, 3].map((index) => (
        <Box key={index} bg="bg.panel" borderWidth="1px" rounded="xl" p="4" shadow="xs">
          <Flex gap="2" align="center">
            <Skeleton h="5" w="20" rounded="full" />
            <Skeleton h="5" w="14" />
            <Skeleton h="4" w="32" />
          </Flex>
          <Skeleton h="4" mt="4" w="90%" />
        </Box>
      ))}
    </Stack>
  );
}
