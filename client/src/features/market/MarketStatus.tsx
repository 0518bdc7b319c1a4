import { Box, HStack, Text, type BoxProps, type StackProps } from '@chakra-ui/react';
import { marketStatusAt, newYorkDate } from '@insight/shared/market/calendar';
import { useAtomValue } from '../../app/store';
import { marketStatusAtom } from './atoms';

export function marketStatusText(open: boolean | null): string {
  if (open === null) return 'Checking market status...';
  return open ? 'US markets are OPEN' : 'US markets are CLOSED';
}

const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' });
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Opens Mon 9:30 ET" (or "Opens today 9:30 ET"): the next session's open, by the NYSE calendar. */
export function nextOpenText(now: Date): string {
  const { nextOpen } = marketStatusAt(now);
  const day = newYorkDate(nextOpen) === newYorkDate(now) ? 'today' : weekday.format(nextOpen);
  return `Opens ${day} ${clock.format(nextOpen).replace(/\s?[AP]M$/, '')} ET`;
}

/** The top bar's market status slot, live from the gateway. */
export function MarketStatus(props: StackProps) {
  const open = useAtomValue(marketStatusAtom);
  return <MarketStatusView open={open} {...props} />;
}

/** A coloured dot and the spec's text for a given status. */
export function MarketStatusView({ open, ...props }: StackProps & { open: boolean | null }) {
  return (
    <HStack gap="1.5" role="status" aria-live="polite" {...props}>
      <StatusDot bg={open === null ? 'gray.400' : open ? 'insight.green' : 'insight.red'} />
      <Text as="span" whiteSpace="nowrap">
        {marketStatusText(open)}
      </Text>
      {open === false && (
        <Text as="span" whiteSpace="nowrap" color="fg.muted" hideBelow="sm" data-part="next-open">
          · {nextOpenText(new Date())}
        </Text>
      )}
    </HStack>
  );
}

/**
 * How fresh a screen's prices are, after what it counts ("4 symbols"): "live prices" with a green
 * dot while the market is open; closed, the prices stand at the last close until the next open.
 */
export function PricesFreshness({ count }: { count: string }) {
  const open = useAtomValue(marketStatusAtom);
  return <PricesFreshnessView open={open} count={count} />;
}

export function PricesFreshnessView({
  open,
  count,
  ...props
}: StackProps & { open: boolean | null; count: string }) {
  // Unknown (signed in but not yet told), it claims neither: only the count, by a neutral dot.
  const freshness = open === null ? '' : open ? ' · live prices' : ' · prices at the last close';
  return (
    <HStack gap="2" align="start" fontSize="sm" color="fg.muted" {...props}>
      {/* On the first line's middle (a 20px line), also when the next open takes a second line. */}
      <StatusDot bg={open ? 'insight.green' : 'gray.400'} mt="1.5" />
      <Text as="span">
        {count}
        {freshness}
        {open === false && (
          // A phone gives the next open its own line, without the separator that would start it.
          <Text as="span" display={{ base: 'block', sm: 'inline' }} whiteSpace="nowrap">
            <Box as="span" hideBelow="sm">
              {' · '}
            </Box>
            {nextOpenText(new Date())}
          </Text>
        )}
      </Text>
    </HStack>
  );
}

function StatusDot(props: BoxProps) {
  return <Box w="2" h="2" rounded="full" flexShrink={0} aria-hidden {...props} />;
}
