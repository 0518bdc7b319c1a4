import { Box, HStack, Text, type StackProps } from '@chakra-ui/react';
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
  const dot = open === null ? 'gray.400' : open ? 'insight.green' : 'insight.red';
  return (
    <HStack gap="1.5" role="status" aria-live="polite" {...props}>
      <Box w="2" h="2" rounded="full" bg={dot} flexShrink={0} aria-hidden />
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
