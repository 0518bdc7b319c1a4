import { motion, useReducedMotion } from 'motion/react';
import {
  Badge,
  Box,
  Button,
  Flex,
  IconButton,
  Popover,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { notificationsMessages, type PortfolioNotification } from '@insight/shared/notifications/schemas';
import { monitorLabels } from '@insight/shared/portfolio/monitor';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAtomValue, useSetAtom } from '../../app/store';
import {
  loadNotificationsAtom,
  markShownSeenAtom,
  notificationsAtom,
  receiveNotificationAtom,
  showMoreAtom,
} from './atoms';
import { askPermissionOnce, notifyIfHidden } from './browserNotify';
import { BellIcon } from './icons';
import { notification$, notificationsResync$ } from './stream';

/** Colour of each rule's tag: warnings red, notices amber, good news green. */
const tone: Record<PortfolioNotification['rating'], string> = {
  sl: 'red',
  etf: 'red',
  sell: 'red',
  universeRank: 'orange',
  ma50: 'orange',
  earning: 'yellow',
  split: 'yellow',
  refresh: 'gray',
  buy: 'green',
  profit: 'green',
};
const tagOf: Record<PortfolioNotification['rating'], string> = {
  sl: 'Stop-loss',
  etf: 'Benchmark',
  sell: 'Sell',
  buy: 'Buy',
  universeRank: 'Rank',
  ma50: 'MA50',
  earning: 'Earnings',
  split: 'Split',
  refresh: 'Refresh',
  profit: 'Take profit',
};

/** Spec 001 §9: dates MM/DD/YY (with the time for today's). */
function when(iso: string) {
  const at = DateTime.fromISO(iso);
  if (!at.isValid) return '';
  return at.hasSame(DateTime.now(), 'day') ? at.toFormat('h:mm a') : at.toFormat('MM/dd/yy');
}

/**
 * Spec 001 §2, §4: the notifications bell with a red dot while any of the last month's notifications
 * is unseen; its popover lists them 5 at a time (Show More adds 5) and opening it marks what it shows
 * seen. New notifications arrive pushed; a hidden tab also raises a browser notification.
 */
export function NotificationsBell({ portfolioId }: { portfolioId: number }) {
  const state = useAtomValue(notificationsAtom);
  const load = useSetAtom(loadNotificationsAtom);
  const receive = useSetAtom(receiveNotificationAtom);
  const markSeen = useSetAtom(markShownSeenAtom);
  const showMore = useSetAtom(showMoreAtom);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void load(portfolioId);
    const resync = notificationsResync$.subscribe(() => void load(portfolioId));
    const pushes = notification$.subscribe((notification) => {
      if (notification.portfolio_id !== portfolioId) return;
      receive(notification);
      notifyIfHidden(notification);
    });
    return () => {
      resync.unsubscribe();
      pushes.unsubscribe();
    };
  }, [portfolioId, load, receive]);

  const mine = state?.portfolioId === portfolioId ? state : null;
  const list = mine?.list ?? [];
  const unseen = mine?.unseen ?? 0;

  // While open, whatever it shows (a push, a Show More) is seen.
  const listKey = list.map((n) => `${n.id}:${n.pop ? 1 : 0}`).join(',');
  useEffect(() => {
    if (open) void markSeen(portfolioId);
  }, [open, listKey, portfolioId, markSeen]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) askPermissionOnce();
      }}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <IconButton
          aria-label={unseen > 0 ? `Notifications, ${unseen} unseen` : 'Notifications'}
          size="sm"
          variant="ghost"
          position="relative"
          data-testid="notifications-bell"
        >
          <BellNudge when={list[0]?.id ?? null}>
            <BellIcon />
          </BellNudge>
          {unseen > 0 && (
            <Box
              as="span"
              data-testid="notifications-dot"
              position="absolute"
              top="1.5"
              right="1.5"
              boxSize="2.5"
              rounded="full"
              bg="#db4437"
              borderWidth="2px"
              borderColor="bg.panel"
            />
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 1rem)', sm: '96' }} maxW="96">
            <Popover.Arrow />
            <Popover.Header pb="2">
              <Flex justify="space-between" align="center" gap="2">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                {mine !== null && mine.total > 0 && (
                  <Text fontSize="xs" color="fg.muted">
                    {list.length} of {mine.total}
                  </Text>
                )}
              </Flex>
            </Popover.Header>
            <Popover.Body pt="0" px="0" maxH="min(28rem, 70vh)" overflowY="auto">
              {mine === null || mine.status === 'loading' ? (
                <Stack px="4" gap="3" aria-busy="true">
                  <Skeleton h="12" />
                  <Skeleton h="12" />
                </Stack>
              ) : mine.status === 'failed' && list.length === 0 ? (
                <Stack px="4" py="2" gap="2" align="start">
                  <Text fontSize="sm" color="fg.muted">
                    {notificationsMessages.loadFailed}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => void load(portfolioId)}>
                    Try again
                  </Button>
                </Stack>
              ) : list.length === 0 ? (
                <Stack px="4" py="3" gap="1">
                  <Text fontWeight="medium">{notificationsMessages.empty}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {notificationsMessages.emptyHint}
                  </Text>
                </Stack>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none" aria-label="Portfolio notifications">
                  {list.map((notification) => (
                    <NotificationItem key={notification.id} notification={notification} />
                  ))}
                </Stack>
              )}
              {mine !== null && list.length < mine.total && (
                <Flex justify="center" pt="2" px="4">
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={mine.more}
                    onClick={() => void showMore(portfolioId)}
                  >
                    {notificationsMessages.showMore}
                  </Button>
                </Flex>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function NotificationItem({ notification }: { notification: PortfolioNotification }) {
  return (
    <Box
      as="li"
      px="4"
      py="2.5"
      borderTopWidth="1px"
      borderColor="border.muted"
      bg={notification.pop ? undefined : 'bg.subtle'}
      data-testid="notification-item"
    >
      <Flex justify="space-between" align="center" gap="2" mb="0.5">
        <Flex align="center" gap="2" minW="0">
          <Badge
            size="sm"
            colorPalette={tone[notification.rating]}
            title={monitorLabels[notification.rating].label}
          >
            {tagOf[notification.rating]}
          </Badge>
          <RouterLink to={`/stock/${notification.symbol}`} style={{ fontWeight: 600, fontSize: '0.875rem' }}>
            {notification.symbol}
          </RouterLink>
          {!notification.pop && (
            <Text as="span" fontSize="xs" color="fg.muted">
              New
            </Text>
          )}
        </Flex>
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {when(notification.entry_date.date)}
        </Text>
      </Flex>
      <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
        {notification.title}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {notification.text}
      </Text>
    </Box>
  );
}

/**
 * The bell nudges when a rule fires (a newer notification arrives), not on the first load; nothing
 * under prefers-reduced-motion.
 */
function BellNudge({ when, children }: { when: number | null; children: ReactNode }) {
  const reduce = useReducedMotion();
  const first = useRef<number | null | undefined>(undefined);
  const [nudges, setNudges] = useState(0);
  useEffect(() => {
    if (first.current === undefined) {
      first.current = when;
      return;
    }
    if (when !== null && when !== first.current) {
      first.current = when;
      setNudges((n) => n + 1);
    }
  }, [when]);
  if (reduce || nudges === 0) return <span style={{ display: 'inline-flex' }}>{children}</span>;
  return (
    <motion.span
      key={nudges}
      data-nudge={nudges}
      style={{ display: 'inline-flex', transformOrigin: '50% 10%' }}
      animate={{ rotate: [0, -18, 14, -10, 6, 0] }}
      transition={{ duration: 0.7, ease: 'easeInOut' }}
    >
      {children}
    </motion.span>
  );
}
