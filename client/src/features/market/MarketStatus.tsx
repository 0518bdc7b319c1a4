import { Box, HStack, Text, type StackProps } from '@chakra-ui/react';
import { useAtomValue } from '../../app/store';
import { marketStatusAtom } from './atoms';

export function marketStatusText(open: boolean | null): string {
  if (open === null) return 'Checking market status...';
  return open ? 'US markets are OPEN' : 'US markets are CLOSED';
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
    </HStack>
  );
}
