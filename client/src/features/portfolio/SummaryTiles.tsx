import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatUnitPrice, formatUsd } from './format';
import type { LiveFigures } from './live';

/** Spec 001 §2 "Summary tiles": assets under management, longs, shorts, cash with the unit price. */
export function SummaryTiles({ figures }: { figures: LiveFigures }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} as="dl">
      <Tile label="Assets Under Management" value={formatUsd(figures.aum)} />
      <Tile label="Total Long" value={formatUsd(figures.longTotal)} />
      <Tile label="Total Short" value={formatUsd(figures.shortTotal)} />
      <Tile
        label="Total Cash"
        value={formatUsd(figures.cash)}
        note={
          <>
            Unit price{' '}
            <Text as="span" fontWeight="semibold" color="fg" data-testid="tile-unit-price">
              {formatUnitPrice(figures.unitPrice)}
            </Text>
          </>
        }
      />
    </SimpleGrid>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      px={{ base: '3', md: '5' }}
      py="4"
      minW="0"
    >
      <Text as="dt" fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted" truncate>
        {label}
      </Text>
      <Text
        as="dd"
        fontSize={{ base: 'lg', md: '2xl' }}
        fontWeight="semibold"
        letterSpacing="tight"
        fontVariantNumeric="tabular-nums"
        truncate
      >
        {value}
      </Text>
      {note !== undefined && (
        <Text as="dd" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {note}
        </Text>
      )}
    </Box>
  );
}
