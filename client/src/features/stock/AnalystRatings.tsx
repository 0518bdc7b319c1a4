import { Flex, HStack, SegmentGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { recommendationMonths, type RecommendationsResponse } from '@insight/shared';
import { useAtom } from '../../app/store';
import { stockCalls } from './api';
import { ratingsMonthsAtom, ratingsTypeAtom } from './atoms';
import { ConsensusSummary } from './ConsensusSummary';
import { Panel } from './Panel';
import { filterRatings, ratingTypeLabels, ratingTypes, type RatingType, type RatingsFilter } from './ratings';
import { RatingsList } from './RatingsList';
import { useRemote } from './useRemote';

/** Analysts' ratings of the symbol (spec 000 §2), read once per page and filtered here. */
export function AnalystRatings({ symbol, lastPrice }: { symbol: string; lastPrice: number | null }) {
  const answer = useRemote(symbol, (signal) => stockCalls.recommendations(symbol, signal));
  const [months, setMonths] = useAtom(ratingsMonthsAtom);
  const [type, setType] = useAtom(ratingsTypeAtom);
  return (
    <Panel id="analyst-ratings-title" title="Analysts' ratings">
      {answer.status === 'loading' && <RatingsSkeleton />}
      {answer.status === 'error' && <Text color="fg.muted">The analysts' ratings could not be loaded.</Text>}
      {answer.status === 'ok' && (
        <RatingsView
          answer={answer.data}
          lastPrice={lastPrice}
          filter={{ months, type }}
          onFilterChange={(next) => {
            setMonths(next.months);
            setType(next.type);
          }}
        />
      )}
    </Panel>
  );
}

interface RatingsViewProps {
  answer: RecommendationsResponse;
  lastPrice: number | null;
  filter: RatingsFilter;
  onFilterChange: (filter: RatingsFilter) => void;
  /** The moment the time filter counts back from; now by default. */
  now?: Date;
}

/** The consensus, the two filters and the ratings they leave. */
export function RatingsView({
  answer,
  lastPrice,
  filter,
  onFilterChange,
  now = new Date(),
}: RatingsViewProps) {
  const shown = filterRatings(answer.recommendations, filter, now);
  const kind = filter.type === 'all' ? '' : `${ratingTypeLabels[filter.type]} `;
  const period = filter.months === 1 ? 'month' : `${filter.months} months`;
  return (
    <Stack gap="5">
      <ConsensusSummary answer={answer} lastPrice={lastPrice} />
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3" wrap="wrap">
          <SegmentGroup.Root
            size="sm"
            aria-label="Time"
            value={String(filter.months)}
            onValueChange={(details) => {
              if (details.value) onFilterChange({ ...filter, months: Number(details.value) });
            }}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={recommendationMonths.map((months) => ({ value: String(months), label: `${months}M` }))}
            />
          </SegmentGroup.Root>
          <SegmentGroup.Root
            size="sm"
            aria-label="Type"
            value={filter.type}
            onValueChange={(details) => {
              if (details.value) onFilterChange({ ...filter, type: details.value as RatingType });
            }}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={ratingTypes.map((type) => ({ value: type, label: ratingTypeLabels[type] }))}
            />
          </SegmentGroup.Root>
        </HStack>
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="ratings-count">
          {shown.length} {shown.length === 1 ? 'rating' : 'ratings'}
        </Text>
      </Flex>
      {shown.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="6" bg="bg.subtle" rounded="lg">
          No {kind}ratings in the last {period}.
        </Text>
      ) : (
        <RatingsList ratings={shown} />
      )}
    </Stack>
  );
}

function RatingsSkeleton() {
  return (
    <Stack gap="4" aria-label="Loading the ratings">
      <HStack gap="3">
        <Skeleton h="20" flex="1" rounded="lg" />
        <Skeleton h="20" flex="1" rounded="lg" />
      </HStack>
      <Skeleton h="8" w="72" />
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} h="6" />
      ))}
    </Stack>
  );
}
