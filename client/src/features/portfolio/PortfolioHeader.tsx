import { Box, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { Portfolio } from '@insight/shared';
import { formatSignedPercent, formatSignedUsd, notAvailable, toneColor, toneOf } from './format';
import type { LiveFigures } from './live';

/** Spec 001 §2 "Header": the file's name, its daily P&L (money and percent) and its Sharpe ratio. */
export function PortfolioHeader({ portfolio, figures }: { portfolio: Portfolio; figures: LiveFigures }) {
  const tone = toneColor[toneOf(figures.dayPl)];
  return (
    <Flex align={{ base: 'start', md: 'end' }} justify="space-between" gap="4" wrap="wrap">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="tight">
          Portfolio
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {portfolio.name} · since {portfolio.created.slice(5, 7)}/{portfolio.created.slice(8, 10)}/
          {portfolio.created.slice(2, 4)}
        </Text>
      </Box>
      <HStack gap={{ base: '5', md: '8' }} as="dl">
        <Box>
          <Text as="dt" fontSize="xs" color="fg.muted">
            Daily P&amp;L
          </Text>
          <HStack as="dd" gap="2" align="baseline" data-testid="daily-pl">
            <Text fontSize="xl" fontWeight="semibold" color={tone} fontVariantNumeric="tabular-nums">
              {formatSignedUsd(figures.dayPl)}
            </Text>
            <Text fontSize="sm" fontWeight="semibold" color={tone} fontVariantNumeric="tabular-nums">
              {formatSignedPercent(figures.dayPlPercent)}
            </Text>
          </HStack>
        </Box>
        <Box>
          <Text as="dt" fontSize="xs" color="fg.muted" title="Annualised, from the daily unit-price returns">
            Sharpe ratio
          </Text>
          <Text
            as="dd"
            fontSize="xl"
            fontWeight="semibold"
            fontVariantNumeric="tabular-nums"
            data-testid="sharpe"
          >
            {portfolio.sharp === null ? notAvailable : portfolio.sharp.toFixed(2)}
          </Text>
        </Box>
      </HStack>
    </Flex>
  );
}
