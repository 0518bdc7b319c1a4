import { AnimatePresence, motion, useReducedMotion } from 'motion/react';
import { Box, Button, EmptyState, Flex, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Quotes } from '../../realtime/streams';
import { AlertCard } from './AlertCard';
import { useLiveQuotes, useNow } from './cardHooks';
import type { FeedAlert } from './atoms';
import { ArrowUpIcon, FilterIcon, InboxIcon } from './icons';
import { useHeldArrivals } from './useHeldArrivals';

/** Cards drawn at first, and added by each 'Show more'. */
export const feedPageSize = 20;

export interface FeedListProps {
  /** Every current alert (null until the snapshot arrives) and those passing the filters. */
  alerts: readonly FeedAlert[] | null;
  shown: readonly FeedAlert[] | null;
  profileId: number | null;
  quotes: Quotes;
  counts: ReadonlyMap<string, number>;
  onResetFilters: () => void;
  onDismiss: (alert: FeedAlert) => void;
  onSeeDetails: (alert: FeedAlert) => void;
  /** Older alerts remain on the server (infinite scroll loads them). */
  hasOlder?: boolean;
  onLoadOlder?: () => Promise<void>;
  /** Whether the profile's alerts follow its own sectors' teams (any profile but Default). */
  ownSectors?: boolean;
}

/** The alert cards, newest first, with the loading and empty states of spec 000 §2. */
export function FeedList(props: FeedListProps) {
  const { alerts, shown, profileId, quotes, counts, onResetFilters, onDismiss, onSeeDetails } = props;
  const { hasOlder = false, onLoadOlder } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const { visible, heldCount, freshIds, reveal, containerProps } = useHeldArrivals(
    alerts,
    shown,
    profileId,
    listRef,
  );
  // Another profile's list starts again from its first cards.
  const [drawn, setDrawn] = useState({ profileId, limit: feedPageSize });
  const limit = drawn.profileId === profileId ? drawn.limit : feedPageSize;
  const rendered = useMemo(() => visible.slice(0, limit), [visible, limit]);
  const now = useNow(30_000);
  useLiveQuotes(rendered);
  const reduceMotion = useReducedMotion();
  const more = visible.length > rendered.length;
  const {
    sentinelRef,
    loading: loadingOlder,
    failed,
    loadMore,
  } = useInfiniteScroll({
    more,
    hasOlder,
    showMore: () => setDrawn({ profileId, limit: limit + feedPageSize }),
    onLoadOlder,
  });

  if (alerts === null || shown === null) return <FeedSkeleton />;
  if (alerts.length === 0)
    return (
      <FeedEmpty
        icon={<InboxIcon />}
        title="No recent ratings"
        description={
          props.ownSectors
            ? 'This profile’s alerts come from the analyst teams of its sectors: they start once its owner has built it, the moment those analysts publish.'
            : 'New analyst ratings for this profile appear here the moment they are published.'
        }
      />
    );
  if (shown.length === 0)
    return (
      <FeedEmpty
        icon={<FilterIcon />}
        title="No opportunities under the current filters"
        description={`${alerts.length} recent ${alerts.length === 1 ? 'alert is' : 'alerts are'} hidden by your filters.`}
        action={
          <Button size="sm" onClick={onResetFilters}>
            Reset filters
          </Button>
        }
      />
    );

  const showHeld = () => {
    reveal();
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0)
      list.scrollIntoView({ behavior: 'smooth', block: 'start' });
    list?.focus({ preventScroll: true });
  };

  return (
    <Box
      ref={listRef}
      tabIndex={-1}
      aria-label="Alerts"
      role="region"
      position="relative"
      outline="none"
      scrollMarginTop="4"
      {...containerProps}
    >
      <Flex position="sticky" top="3" zIndex="sticky" justify="center" h="0" overflow="visible">
        {heldCount > 0 && (
          <Button
            size="sm"
            rounded="full"
            shadow="lg"
            mt="-5"
            onClick={showHeld}
            animationName="slide-from-top, fade-in"
            animationDuration="0.25s"
            _motionReduce={{ animation: 'none' }}
          >
            <ArrowUpIcon />
            {heldCount} new {heldCount === 1 ? 'alert' : 'alerts'}
          </Button>
        )}
      </Flex>
      <VisuallyHidden aria-live="polite">
        {heldCount > 0 ? `${heldCount} new ${heldCount === 1 ? 'alert' : 'alerts'} above` : ''}
      </VisuallyHidden>
      {/* Keyed by profile: a switch replaces the cards at once, while a dismissed card (the same
          profile) collapses away; the old profile's cards never linger beside the new one's. */}
      <Stack as="ol" key={profileId ?? 'none'} listStyleType="none" gap="3" p="0" m="0">
        <AnimatePresence initial={false}>
          {rendered.map((alert) => (
            <motion.li
              key={alert.id}
              // A dismissed card collapses away (none of it under prefers-reduced-motion).
              exit={reduceMotion ? undefined : { opacity: 0, height: 0, transition: { duration: 0.25 } }}
              style={{ overflow: reduceMotion ? undefined : 'clip' }}
            >
              <AlertCard
                alert={alert}
                quote={quotes[alert.symbol.toUpperCase()]}
                count={counts.get(alert.symbol) ?? 1}
                now={now}
                fresh={freshIds.has(alert.id)}
                onDismiss={onDismiss}
                onSeeDetails={onSeeDetails}
              />
            </motion.li>
          ))}
        </AnimatePresence>
      </Stack>
      {(more || hasOlder) && (
        <Flex ref={sentinelRef} justify="center" mt="5" minH="10" data-testid="feed-more">
          <Button
            variant="outline"
            size="sm"
            loading={loadingOlder}
            loadingText="Loading older alerts"
            onClick={loadMore}
          >
            {failed
              ? 'Older alerts could not be loaded. Try again'
              : more
                ? `Show more (${visible.length - rendered.length} more)`
                : 'Show older alerts'}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

/**
 * Infinite scroll: when the end of the list comes into view, the next cards are drawn, and once every
 * loaded card is drawn the next older page is asked for. The button does the same by click or key.
 */
function useInfiniteScroll(options: {
  more: boolean;
  hasOlder: boolean;
  showMore: () => void;
  onLoadOlder?: (() => Promise<void>) | undefined;
}) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const loadMore = useCallback(() => {
    const { more, hasOlder, showMore, onLoadOlder } = latest.current;
    if (more) return showMore();
    if (!hasOlder || !onLoadOlder) return;
    setLoading(true);
    setFailed(false);
    onLoadOlder().then(
      () => setLoading(false),
      () => {
        setLoading(false);
        setFailed(true);
      },
    );
  }, []);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !failed) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, loadMore, failed, options.more, options.hasOlder]);
  return { sentinelRef: setSentinel, loading, failed, loadMore };
}

function FeedSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading alerts" role="status">
      {[0, 1, 2].map((index) => (
        <Box key={index} bg="bg.panel" borderWidth="1px" rounded="xl" p="4" shadow="xs">
          <Flex gap="2" align="center">
            <Skeleton h="5" w="20" rounded="full" />
            <Skeleton h="5" w="14" />
            <Skeleton h="4" w="32" />
          </Flex>
          <Skeleton h="4" mt="4" w="90%" />
          <Skeleton h="4" mt="2" w="60%" />
        </Box>
      ))}
    </Stack>
  );
}

function FeedEmpty({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root bg="bg.panel" borderWidth="1px" rounded="xl" shadow="xs" py={{ base: '10', md: '14' }}>
      <EmptyState.Content>
        <EmptyState.Indicator color="fg.subtle" fontSize="3xl">
          {icon}
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1" maxW="md">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
