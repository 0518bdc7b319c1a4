import { Box, HStack, Text, type StackProps, type TextProps } from '@chakra-ui/react';
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
      <StatusDot color={open === null ? 'gray.400' : open ? 'insight.green' : 'insight.red'} />
      <Text as="span" whiteSpace="nowrap">
        {marketStatusText(open)}
      </Text>
      {open === false && <NextOpen hideBelow="sm" data-part="next-open" />}
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
  // Unknown (signed-in but not yet told), it claims neither: only the count, by a neutral dot.
  const freshness = open === null ? '' : open ? ' · live prices' : ' · prices at the last close';
  return (
    <HStack columnGap="2" rowGap="0.5" wrap="wrap" fontSize="sm" color="fg.muted" {...props}>
      <StatusDot color={open ? 'insight.green' : 'gray.400'} />
      <Text as="span">
        {count}
        {freshness}
      </Text>
      {open === false && <NextOpen />}
    </HStack>
  );
}

function StatusDot({ color }: { color: string }) {
  return <Box w="2" h="2" rounded="full" bg={color} flexShrink={0} aria-hidden />;
}

/** "· Opens Mon 9:30 ET", after a closed market's words. */
function NextOpen(props: TextProps) {
  return (
    <Text as="span" whiteSpace="nowrap" color="fg.muted" {...props}>
      · {nextOpenText(new Date())}
    </Text>
  );
}
