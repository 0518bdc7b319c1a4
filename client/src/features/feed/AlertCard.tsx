import {
  Badge,
  Box,
  Button,
  Collapsible,
  Flex,
  HStack,
  IconButton,
  Link,
  Spinner,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { QuoteDelta } from '@insight/shared';
import { lastPriceOf } from '@insight/shared/alerts/filter';
import { memo, type ReactNode } from 'react';
import { useAddToPortfolio } from '../portfolio/positionDialog/useAddToPortfolio';
import { WatchStar } from '../watchlist/WatchStar';
import { AlertFigures, AlertSentence, TickerLink } from './AlertText';
import type { FeedAlert } from './atoms';
import { formatAge, formatDateTime, formatPrice, gradeText } from './format';
import { Hint } from './Hint';
import {
  BriefcasePlusIcon,
  CalendarIcon,
  ChevronDownIcon,
  CloseIcon,
  GaugeDownIcon,
  RetryIcon,
  TargetIcon,
  TrendDownIcon,
  TrendUpIcon,
} from './icons';

interface Kind {
  label: string;
  palette: string;
  accent: string;
  icon: ReactNode;
}

/** How each alert type announces itself: a labelled badge and the card's accent. */
function kindOf(alert: FeedAlert): Kind {
  switch (alert.type) {
    case 1014:
      return alert.rating === 'sell'
        ? { label: 'Bearish', palette: 'danger', accent: 'insight.red', icon: <TrendDownIcon /> }
        : { label: 'Bullish', palette: 'brand', accent: 'insight.green', icon: <TrendUpIcon /> };
    case 1015:
      return { label: 'Earnings', palette: 'blue', accent: 'blue.500', icon: <CalendarIcon /> };
    case 1017:
      return { label: 'Earnings today', palette: 'orange', accent: 'orange.500', icon: <CalendarIcon /> };
    case 1016:
      return { label: 'Underperforming', palette: 'purple', accent: 'purple.500', icon: <GaugeDownIcon /> };
    case 1004:
      return { label: 'Near target', palette: 'teal', accent: 'teal.500', icon: <TargetIcon /> };
  }
}

export interface AlertCardProps {
  alert: FeedAlert;
  quote: QuoteDelta | undefined;
  /** How many of the current alerts are on this symbol (the count badge). */
  count: number;
  /** The clock the ages are read against (ms). */
  now: number;
  /** Freshly arrived: slides in and glows a moment. */
  fresh?: boolean;
  onDismiss: (alert: FeedAlert) => void;
  onSeeDetails: (alert: FeedAlert) => void;
}

/** One alert of the live feed (spec 000 §2 "Live feed", 001 §2). */
export const AlertCard = memo(function AlertCard({
  alert,
  quote,
  count,
  now,
  fresh = false,
  onDismiss,
  onSeeDetails,
}: AlertCardProps) {
  const kind = kindOf(alert);
  const last = quote?.lastPrice ?? lastPriceOf(alert, {});
  const dismissing = alert.local_status === 'dismissing';
  const failed = alert.local_status === 'dismiss_failed';
  const headingId = `alert-${alert.id}-title`;

  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      aria-busy={dismissing || undefined}
      data-alert-id={alert.id}
      position="relative"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={failed ? 'danger.300' : 'border'}
      rounded="xl"
      shadow="xs"
      overflow="hidden"
      opacity={dismissing ? 0.55 : 1}
      transition="opacity 0.2s, box-shadow 0.2s, border-color 0.2s"
      _hover={{ shadow: 'sm', borderColor: failed ? 'danger.400' : 'border.emphasized' }}
      animationName={fresh ? 'slide-from-top, fade-in' : undefined}
      animationDuration="0.35s"
      animationTimingFunction="ease-out"
      _motionReduce={{ animation: 'none' }}
      css={
        fresh
          ? {
              '&::after': {
                content: '""',
                position: 'absolute',
                inset: 0,
                borderRadius: 'inherit',
                pointerEvents: 'none',
                boxShadow: 'inset 0 0 0 2px var(--chakra-colors-brand-400)',
                animation: 'fade-out 2.4s ease-in forwards',
              },
            }
          : undefined
      }
    >
      <Box position="absolute" insetY="0" left="0" w="1" bg={kind.accent} aria-hidden />
      <Box pl={{ base: '4', md: '5' }} pr={{ base: '3', md: '4' }} pt="3" pb="2">
        <Flex align="center" gap="2" minW="0">
          <Badge
            colorPalette={kind.palette}
            variant="subtle"
            size="sm"
            gap="1"
            flexShrink={0}
            textTransform="uppercase"
            letterSpacing="wider"
            fontWeight="semibold"
          >
            {kind.icon}
            {kind.label}
          </Badge>
          <HStack as="h3" id={headingId} gap="2" minW="0" flex="1" fontSize="md" lineHeight="short">
            <TickerLink symbol={alert.symbol} quiet />
            <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm" truncate minW="0">
              {alert.company_name_2}
            </Text>
            <chakra.span srOnly>{kind.label} alert</chakra.span>
          </HStack>
          <Hint label={`${count} ${count === 1 ? 'alert' : 'alerts'} on ${alert.symbol}`}>
            <Badge
              rounded="full"
              minW="6"
              h="6"
              justifyContent="center"
              variant="surface"
              colorPalette="gray"
              fontVariantNumeric="tabular-nums"
              flexShrink={0}
              tabIndex={0}
              aria-label={`${count} ${count === 1 ? 'alert' : 'alerts'} on ${alert.symbol}`}
            >
              {count}
            </Badge>
          </Hint>
          <chakra.time
            dateTime={new Date(alert.time * 1000).toISOString()}
            title={formatDateTime(alert.time)}
            fontSize="xs"
            color="fg.subtle"
            whiteSpace="nowrap"
            flexShrink={0}
          >
            {formatAge(alert.time, now)}
          </chakra.time>
        </Flex>

        <Box mt="2" fontSize={{ base: 'sm', md: 'md' }} lineHeight="tall" color="fg">
          <AlertSentence alert={alert} quote={quote} last={last} />
        </Box>
        <Box mt="0.5">
          <AlertFigures alert={alert} quote={quote} last={last} />
        </Box>
        {alert.type === 1014 && <AnalystLine alert={alert} onSeeDetails={onSeeDetails} />}

        {failed && (
          <Flex
            mt="2"
            align="center"
            gap="2"
            px="3"
            py="1.5"
            rounded="md"
            bg="danger.subtle"
            color="danger.fg"
            fontSize="sm"
            role="alert"
          >
            <Text flex="1">This alert could not be dismissed.</Text>
            <Button size="xs" variant="outline" colorPalette="danger" onClick={() => onDismiss(alert)}>
              <RetryIcon /> Retry
            </Button>
          </Flex>
        )}

        <Collapsible.Root>
          <Flex mt="2" align="center" gap="1" minH="9">
            {alert.rating_id !== null || alert.firm !== null ? (
              <Collapsible.Trigger asChild>
                <Button
                  size="xs"
                  variant="ghost"
                  color="fg.muted"
                  px="2"
                  ml="-2"
                  css={{ '&[data-state=open] svg': { transform: 'rotate(180deg)' } }}
                >
                  Original rating
                  <ChevronDownIcon style={{ transition: 'transform 0.2s' }} />
                </Button>
              </Collapsible.Trigger>
            ) : null}
            <Box flex="1" />
            <CardActions alert={alert} dismissing={dismissing} onDismiss={onDismiss} />
          </Flex>
          <Collapsible.Content>
            <OriginalRating alert={alert} />
          </Collapsible.Content>
        </Collapsible.Root>
      </Box>
    </Box>
  );
});

/** "Based on {analyst}'s success rate in similar companies", the grade C+ to A+, and 'see details'. */
function AnalystLine({
  alert,
  onSeeDetails,
}: {
  alert: FeedAlert;
  onSeeDetails: (alert: FeedAlert) => void;
}) {
  const analyst = alert.analyst_name ?? 'the analyst';
  return (
    <Flex mt="1.5" align="flex-start" gap="2" fontSize="sm" color="fg.muted">
      {alert.rate !== null && (
        <Hint label={`Analyst grade in the sector: ${gradeText(alert.rate)} (C+ to A+)`}>
          <Badge
            colorPalette={alert.rate >= 5 ? 'brand' : alert.rate >= 3 ? 'yellow' : 'gray'}
            variant="solid"
            size="sm"
            fontWeight="bold"
            minW="7"
            justifyContent="center"
            flexShrink={0}
            mt="0.5"
            tabIndex={0}
            aria-label={`Grade ${gradeText(alert.rate)}`}
          >
            {gradeText(alert.rate)}
          </Badge>
        </Hint>
      )}
      <Text>
        Based on {analyst}&apos;s success rate in similar companies
        {alert.success_rate !== null && (
          <>
            {' · '}
            <Text as="span" fontWeight="semibold" color="fg" fontVariantNumeric="tabular-nums">
              {Math.round(alert.success_rate)}%
            </Text>
          </>
        )}
        {alert.analyst_name !== null && (
          <>
            {' · '}
            <Link asChild fontWeight="semibold" color="brand.fg" focusRing="outside">
              <button type="button" onClick={() => onSeeDetails(alert)}>
                see details
              </button>
            </Link>
          </>
        )}
      </Text>
    </Flex>
  );
}

function CardActions({
  alert,
  dismissing,
  onDismiss,
}: {
  alert: FeedAlert;
  dismissing: boolean;
  onDismiss: (alert: FeedAlert) => void;
}) {
  const addToPortfolio = useAddToPortfolio();
  const portfolioLabel = `Add ${alert.symbol} to portfolio`;
  const dismissLabel = `Dismiss the alert on ${alert.symbol}`;
  return (
    <HStack gap="0.5" flexShrink={0}>
      <WatchStar symbol={alert.symbol} />
      <Hint label={portfolioLabel}>
        <IconButton
          aria-label={portfolioLabel}
          variant="ghost"
          size="sm"
          color="fg.muted"
          disabled={dismissing}
          onClick={() => addToPortfolio(alert.symbol, alert.rating === 'sell' ? 'Sell' : 'Buy')}
        >
          <BriefcasePlusIcon />
        </IconButton>
      </Hint>
      <Hint label="Dismiss">
        <IconButton
          aria-label={dismissLabel}
          variant="ghost"
          size="sm"
          color="fg.muted"
          _hover={{ color: 'danger.fg', bg: 'danger.subtle' }}
          disabled={dismissing}
          onClick={() => onDismiss(alert)}
        >
          {dismissing ? <Spinner size="xs" /> : <CloseIcon />}
        </IconButton>
      </Hint>
    </HStack>
  );
}

/** The rating the alert came from, as the analyst's firm published it. */
function OriginalRating({ alert }: { alert: FeedAlert }) {
  const rows: [string, string][] = [
    ['Firm', alert.firm ?? 'N/A'],
    ['Analyst', alert.analyst_name ?? 'N/A'],
    ['Rating', alert.rating === null ? 'N/A' : alert.rating === 'buy' ? 'Buy' : 'Sell'],
    ['Target', alert.price_target === null ? 'N/A' : formatPrice(alert.price_target)],
    ['Price when posted', alert.price_when_posted === null ? 'N/A' : formatPrice(alert.price_when_posted)],
    ['Published', formatDateTime(alert.time)],
  ];
  return (
    <chakra.dl
      display="grid"
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, auto))' }}
      columnGap="6"
      rowGap="2"
      mt="1"
      mb="2"
      px="3"
      py="2.5"
      rounded="lg"
      bg="bg.muted"
      fontSize="sm"
    >
      {rows.map(([term, value]) => (
        <Box key={term} minW="0">
          <chakra.dt fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {term}
          </chakra.dt>
          <chakra.dd fontWeight="medium" truncate>
            {value}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
