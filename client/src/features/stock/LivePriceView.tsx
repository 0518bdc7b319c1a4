import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { formatSignedFixed2, formatSignedPercent, formatUsd, toneColor, toneOf } from './format';
import type { LivePrice } from './live';

const pulseColors = { up: 'rgba(0, 186, 108, 0.28)', down: 'rgba(219, 68, 55, 0.26)' } as const;

/**
 * The header's price: last price, the day's change in USD and percent (green up, red down). When a
 * pushed price differs from the one shown, the figure pulses in the colour of the move, so a reader
 * glancing back sees that it just changed.
 */
export function LivePriceView({ price, live }: { price: LivePrice; live: boolean }) {
  const tone = toneOf(price.changePercent ?? price.change);
  const figure = useRef<HTMLParagraphElement>(null);
  const shown = useRef(price.lastPrice);

  useEffect(() => {
    const before = shown.current;
    shown.current = price.lastPrice;
    const element = figure.current;
    if (before === null || price.lastPrice === null || before === price.lastPrice) return;
    // jsdom has no Web Animations; the pulse is decoration, the new figure is already shown.
    if (!element || typeof element.animate !== 'function') return;
    element.animate(
      [
        { backgroundColor: pulseColors[price.lastPrice > before ? 'up' : 'down'], transform: 'scale(1.03)' },
        { backgroundColor: 'transparent', transform: 'scale(1)' },
      ],
      { duration: 1200, easing: 'ease-out' },
    );
  }, [price.lastPrice]);

  return (
    <Stack gap="1" align={{ base: 'flex-start', md: 'flex-end' }}>
      <Text
        ref={figure}
        data-testid="stock-price"
        fontSize={{ base: '3xl', md: '4xl' }}
        fontWeight="bold"
        lineHeight="1.1"
        letterSpacing="-0.02em"
        fontVariantNumeric="tabular-nums"
        rounded="md"
        px="1.5"
        mx="-1.5"
      >
        {formatUsd(price.lastPrice)}
      </Text>
      <HStack gap="2" fontSize="sm" flexWrap="wrap">
        <Text
          as="span"
          data-testid="stock-change"
          data-tone={tone}
          color={toneColor[tone]}
          fontWeight="semibold"
          fontVariantNumeric="tabular-nums"
        >
          {formatSignedFixed2(price.change)} ({formatSignedPercent(price.changePercent)})
        </Text>
        <Text as="span" color="fg.muted">
          today
        </Text>
        {live && (
          <HStack as="span" gap="1" color="fg.muted" fontSize="xs" title="Prices are pushed as they change">
            <Box as="span" w="1.5" h="1.5" rounded="full" bg="insight.green" aria-hidden />
            Live
          </HStack>
        )}
      </HStack>
    </Stack>
  );
}
