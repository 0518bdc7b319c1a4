import { Badge, Link, Text } from '@chakra-ui/react';
import { sectorDisplayName } from '@insight/shared';
import { Link as RouterLink } from 'react-router';
import { daysUntil, earningsSoonDays, formatCalendarDate, notAvailable } from './format';

/** The symbol, leading to its stock page. */
export function SymbolLink({ symbol }: { symbol: string }) {
  return (
    <Link
      asChild
      fontWeight="bold"
      color="fg"
      letterSpacing="wide"
      _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
    >
      <RouterLink to={`/stock/${encodeURIComponent(symbol)}`}>{symbol}</RouterLink>
    </Link>
  );
}

export function SectorText({ sector }: { sector: string | null }) {
  if (sector === null) return <Text as="span">{notAvailable}</Text>;
  return (
    <Text as="span" title={sector} whiteSpace="nowrap">
      {sectorDisplayName(sector)}
    </Text>
  );
}

/** The next earnings date; flagged when it is two weeks away or less (spec 001 §9). */
export function EarningsDate({ date }: { date: string | null }) {
  const days = daysUntil(date);
  const soon = days !== null && days >= 0 && days <= earningsSoonDays;
  return (
    <Text as="span" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {formatCalendarDate(date)}
      {soon && (
        <Badge ms="1.5" size="xs" colorPalette="orange" variant="subtle" title="Earnings announcement soon">
          {days === 0 ? 'today' : `${days}d`}
        </Badge>
      )}
    </Text>
  );
}
