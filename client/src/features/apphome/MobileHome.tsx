import { Badge, Box, Button, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { gradeLabel, type NewsItem, type User } from '@insight/shared';
import type { AppMessage, TopRatingAlert } from '@insight/shared/apps/schemas';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from '../../app/store';
import { formatPrice } from '../feed/format';
import { displayName } from '../shell/displayName';
import { appHomeCalls } from './api';
import { appMessagesAtom } from './atoms';
import { postToNative } from './native';

type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed' };

function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setState({ kind: 'ready', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[apphome] load failed', error);
        setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [load]);
  return state;
}

/**
 * The mobile home (spec 000 §1): the app's messages as they arrive, top ratings (the first 5 non-gold),
 * top news, and 'Get Premium' / 'Go Premium' for users without a subscription.
 */
export function MobileHome({ user }: { user: User }) {
  const premium = user.subscription_status !== null;
  const ratings = useLoad(appHomeCalls.topRatings);
  const news = useLoad(appHomeCalls.topNews);
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        Welcome, {displayName(user)}
      </Heading>
      <Messages />
      {!premium && (
        <Stack
          colorPalette="brand"
          bg="colorPalette.subtle"
          borderWidth="1px"
          borderColor="colorPalette.muted"
          rounded="xl"
          p="4"
          gap="3"
        >
          <Text fontWeight="semibold">Every rating, as it is published</Text>
          <Text fontSize="sm" color="fg.muted">
            Premium brings the live feed, the A+ analysts&apos; picks and alerts on your stocks.
          </Text>
          <Button
            alignSelf="flex-start"
            onClick={() => postToNative({ type: 'go_premium', source: 'get_premium' })}
          >
            Get Premium
          </Button>
        </Stack>
      )}
      <Section title="Top ratings">
        {ratings.kind === 'loading' && <Rows />}
        {ratings.kind === 'failed' && <Quiet>Top ratings are not available right now.</Quiet>}
        {ratings.kind === 'ready' && ratings.value.length === 0 && <Quiet>No ratings right now.</Quiet>}
        {ratings.kind === 'ready' && ratings.value.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Top ratings">
            {ratings.value.map((alert) => (
              <RatingRow key={alert.id} alert={alert} />
            ))}
          </Stack>
        )}
        {!premium && (
          <Button
            variant="outline"
            colorPalette="brand"
            w="full"
            mt="3"
            onClick={() => postToNative({ type: 'go_premium', source: 'go_premium' })}
          >
            Go Premium
          </Button>
        )}
      </Section>
      <Section title="Top news">
        {news.kind === 'loading' && <Rows />}
        {news.kind === 'failed' && <Quiet>News is not available right now.</Quiet>}
        {news.kind === 'ready' && news.value.length === 0 && <Quiet>No news right now.</Quiet>}
        {news.kind === 'ready' && news.value.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Top news">
            {news.value.map((item) => (
              <NewsRow key={item.url} item={item} />
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

/** The app's broadcasts, newest first, each also handed to the native app once. */
function Messages() {
  const messages = useAtomValue(appMessagesAtom);
  const posted = useRef(new Set<number>());
  useEffect(() => {
    for (const message of [...messages].reverse()) {
      if (posted.current.has(message.id)) continue;
      posted.current.add(message.id);
      postToNative({ type: 'notification', id: message.id, msg: message.msg, at: message.at });
    }
  }, [messages]);
  if (messages.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="app-messages-title" gap="2">
      <Heading as="h2" size="sm" id="app-messages-title" color="fg.muted" textTransform="uppercase">
        Messages
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" role="log" aria-live="polite">
        {messages.map((message) => (
          <MessageRow key={message.id} message={message} />
        ))}
      </Stack>
    </Stack>
  );
}

function MessageRow({ message }: { message: AppMessage }) {
  const at = DateTime.fromISO(message.at);
  return (
    <Box
      as="li"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderInlineStartWidth="4px"
      borderInlineStartColor="insight.green"
      rounded="lg"
      px="4"
      py="3"
      data-message-id={message.id}
    >
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {message.msg}
      </Text>
      {at.isValid && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {at.toFormat('MM/dd/yy HH:mm')}
        </Text>
      )}
    </Box>
  );
}

function RatingRow({ alert }: { alert: TopRatingAlert }) {
  const bullish = alert.rating !== 'sell';
  return (
    <Box as="li">
      <Box
        as="button"
        w="full"
        textAlign="start"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="lg"
        px="4"
        py="3"
        onClick={() => postToNative({ type: 'open_stock', symbol: alert.symbol })}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <Flex justify="space-between" align="center" gap="3">
          <Box minW="0">
            <Text fontWeight="bold">{alert.ticker}</Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {alert.company_name_2 ?? ''}
            </Text>
          </Box>
          <Badge colorPalette={bullish ? 'green' : 'red'} variant="subtle" flexShrink={0}>
            {bullish ? 'BULLISH' : 'BEARISH'}
          </Badge>
        </Flex>
        <Text fontSize="sm" mt="2" color="fg.muted">
          {alert.analyst_name ?? 'An analyst'}
          {alert.rate !== null && ` (${gradeLabel(alert.rate)})`}
          {alert.price_target !== null && <> · target {formatPrice(alert.price_target)}</>}
          {alert.max_upside !== null &&
            ` (${alert.max_upside > 0 ? '+' : ''}${alert.max_upside.toFixed(2)}%)`}
        </Text>
      </Box>
    </Box>
  );
}

function NewsRow({ item }: { item: NewsItem }) {
  const date = DateTime.fromISO(item.updated);
  return (
    <Box as="li" bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" px="4" py="3">
      <Link
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        fontWeight="semibold"
        onClick={() => postToNative({ type: 'open_url', url: item.url })}
      >
        {item.title}
      </Link>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {item.author}
        {date.isValid && ` · ${date.toFormat('MM/dd/yy')}`}
      </Text>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `apphome-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Rows() {
  return (
    <Stack gap="2" aria-busy="true">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h="16" rounded="lg" />
      ))}
    </Stack>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" fontSize="sm" bg="bg.panel" rounded="lg" px="4" py="3">
      {children}
    </Text>
  );
}
