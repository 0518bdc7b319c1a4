import { Box, Link, Text, chakra } from '@chakra-ui/react';
import type { QuoteDelta } from '@insight/shared';
import { targetDistancePercent } from '@insight/shared/alerts/filter';
import { Link as RouterLink } from 'react-router';
import { Flash } from '../../components/ui/Flash';
import type { FeedAlert } from './atoms';
import { formatCalendarDate, formatPrice, formatSignedPercent, toneColor, toneOf } from './format';

/**
 * The sentences of an alert card, worded as spec 000 §2 "Live feed" words them, with the ticker a
 * link to its stock page and the live figures coloured: green up, red down.
 */

export function TickerLink({ symbol, quiet = false }: { symbol: string; quiet?: boolean }) {
  return (
    <Link
      asChild
      fontWeight="bold"
      color="fg"
      textDecoration={quiet ? 'none' : 'underline'}
      textDecorationColor="border.emphasized"
      textUnderlineOffset="3px"
      _hover={{ color: 'brand.fg', textDecoration: 'underline', textDecorationColor: 'currentColor' }}
    >
      <RouterLink to={`/stock/${encodeURIComponent(symbol)}`}>{symbol}</RouterLink>
    </Link>
  );
}

const Figure = chakra('span', { base: { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' } });

function Change({ value }: { value: number }) {
  return (
    <Figure color={toneColor[toneOf(value)]} fontWeight="medium">
      {formatSignedPercent(value)}
    </Figure>
  );
}

/** "$182.31 +1.20%": the live price and daily change (the alert's own price until a quote arrives). */
export function LivePrice({ last, quote }: { last: number | null; quote: QuoteDelta | undefined }) {
  if (last === null) return <Figure>N/A</Figure>;
  return (
    <>
      <Flash value={last}>
        <Figure>{formatPrice(last)}</Figure>
      </Flash>
      {quote && (
        <>
          {' '}
          <Change value={quote.dailyChange} />
        </>
      )}
    </>
  );
}

interface SentenceProps {
  alert: FeedAlert;
  quote: QuoteDelta | undefined;
  /** The live last price (else the alert's). */
  last: number | null;
}

/** The card's headline: one sentence per alert type. */
export function AlertSentence({ alert, quote, last }: SentenceProps) {
  const ticker = <TickerLink symbol={alert.symbol} />;
  switch (alert.type) {
    case 1014: {
      const bullish = alert.rating !== 'sell';
      const target = alert.price_target;
      const upside = target !== null && last !== null ? targetDistancePercent(target, last) : null;
      return (
        <Text data-part="sentence">
          {alert.analyst_name ?? 'An analyst'} is{' '}
          <chakra.strong color={bullish ? 'insight.green' : 'insight.red'} letterSpacing="wide">
            {bullish ? 'BULLISH' : 'BEARISH'}
          </chakra.strong>{' '}
          on {ticker} (<LivePrice last={last} quote={quote} />) with Target{' '}
          <Figure>{target === null ? 'N/A' : formatPrice(target)}</Figure>
          {upside !== null && (
            <>
              {' '}
              (<Figure color={toneColor[toneOf(upside)]}>{formatSignedPercent(upside)}</Figure>)
            </>
          )}
        </Text>
      );
    }
    case 1015:
      return (
        <Text data-part="sentence">
          {ticker} earning announcement is coming up on{' '}
          <Figure>
            {alert.earning_date ? formatCalendarDate(alert.earning_date) : 'a date to be announced'}
          </Figure>
        </Text>
      );
    case 1017:
      return <Text data-part="sentence">{ticker} earning announcement is today</Text>;
    case 1016:
      return <Text data-part="sentence">{ticker} is underperforming relative to sector</Text>;
    case 1004:
      return <Text data-part="sentence">Last price is 2% from Recommended Target Price</Text>;
  }
}

const ratingDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: '2-digit',
  day: '2-digit',
  year: '2-digit',
});

/** "since Avery Pemberton's Buy of 11/17/26": the rating a derived alert (1004, 1016) derives from. */
export function derivationText(alert: Pick<FeedAlert, 'type' | 'analyst_name' | 'rating' | 'rated_at'>) {
  if ((alert.type !== 1004 && alert.type !== 1016) || !alert.analyst_name || !alert.rating) return null;
  const rating = alert.rating === 'buy' ? 'Buy' : 'Sell';
  const day = alert.rated_at ? ` of ${ratingDay.format(new Date(alert.rated_at * 1000))}` : '';
  return `since ${alert.analyst_name}\u2019s ${rating}${day}`;
}

/** A quieter second line with the figures a sentence does not carry (all types but the rating). */
export function AlertFigures({ alert, quote, last }: SentenceProps) {
  if (alert.type === 1014) return null;
  return (
    <Box as="p" fontSize="sm" color="fg.muted" display="flex" flexWrap="wrap" columnGap="3" rowGap="0.5">
      <span>
        Last <LivePrice last={last} quote={quote} />
      </span>
      {alert.type === 1004 && alert.price_target !== null && (
        <span>
          Target <Figure>{formatPrice(alert.price_target)}</Figure>
        </span>
      )}
      {alert.type === 1016 && alert.sector_name && <span>Sector: {alert.sector_name}</span>}
      {derivationText(alert) && <span data-part="derivation">{derivationText(alert)}</span>}
    </Box>
  );
}
