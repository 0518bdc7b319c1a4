import { Box, Button, Heading, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { marketLimits } from '@insight/shared';
import { newsChannels, type NewsChannel } from '@insight/shared/upstream/contract';
import { useEffect, useRef, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { StatusPanel } from '../../components/StatusPanel';
import { ClockIcon } from '../../components/ui/icons';
import { topNewsChannel } from './api';
import { NewsCard } from './NewsCard';
import { useChannelNews, type ChannelNews } from './useChannelNews';

/** The chosen channel lives in the address (?channel=), so a channel can be linked and reloaded. */
const channelParam = 'channel';

function channelOf(value: string | null): NewsChannel {
  return newsChannels.find((channel) => channel === value) ?? topNewsChannel;
}

/** Spec 002 §2.6 "News page" (any tab other than the named ones): a channel selector and 20 cards. */
export function NewsPage() {
  const [search, setSearch] = useSearchParams();
  const channel = channelOf(search.get(channelParam));
  const { state, retry } = useChannelNews(channel);
  const channelsRef = useRef<HTMLDivElement>(null);
  // On a phone the channels scroll sideways: keep the chosen one in sight (a linked ?channel= too).
  useEffect(() => {
    const row = channelsRef.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !chosen) return;
    const left = chosen.offsetLeft - (row.clientWidth - chosen.offsetWidth) / 2;
    row.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [channel]);
  const choose = (next: string) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === topNewsChannel) params.delete(channelParam);
        else params.set(channelParam, next);
        return params;
      },
      { replace: true },
    );
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="tight">
          News
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The latest market stories, by channel.
        </Text>
      </Box>
      <Tabs.Root
        value={channel}
        onValueChange={(details) => choose(details.value)}
        variant="subtle"
        size="sm"
        lazyMount
        unmountOnExit
        activationMode="manual"
      >
        <Box
          ref={channelsRef}
          position="relative"
          overflowX="auto"
          mx={{ base: '-3', md: '0' }}
          px={{ base: '3', md: '0' }}
          pb="1"
          css={{ scrollbarWidth: 'thin' }}
        >
          <Tabs.List
            aria-label="News channel"
            flexWrap={{ base: 'nowrap', lg: 'wrap' }}
            gap="1.5"
            w="max-content"
            maxW={{ lg: 'full' }}
          >
            {newsChannels.map((option) => (
              <Tabs.Trigger
                key={option}
                value={option}
                rounded="full"
                px="3.5"
                whiteSpace="nowrap"
                borderWidth="1px"
                borderColor="border"
                bg="bg.panel"
                _selected={{ bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid' }}
              >
                {option}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value={channel} pt="4">
          <ChannelGrid state={state} channel={channel} retry={retry} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function ChannelGrid({
  state,
  channel,
  retry,
}: {
  state: ChannelNews;
  channel: NewsChannel;
  retry: () => void;
}) {
  switch (state.status) {
    case 'loading':
      return (
        <Grid aria-busy="true" aria-label={`Loading ${channel} news`}>
          {Array.from({ length: 8 }, (_, index) => (
            <Stack
              key={index}
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
              overflow="hidden"
            >
              <Skeleton aspectRatio={16 / 9} rounded="none" />
              <Stack p="4" gap="2">
                <Skeleton h="4" />
                <Skeleton h="4" w="70%" />
                <Skeleton h="3" w="40%" mt="2" />
              </Stack>
            </Stack>
          ))}
        </Grid>
      );
    case 'failed':
      return (
        <StatusPanel
          icon={<ClockIcon />}
          title="The news could not be loaded"
          tone="danger"
          action={
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          }
        >
          Insight could not read the {channel} stories just now.
        </StatusPanel>
      );
    case 'ready':
      if (state.news.length === 0)
        return (
          <StatusPanel icon={<ClockIcon />} title="No stories yet" tone="gray">
            There is no news in {channel} at the moment. Please look again later.
          </StatusPanel>
        );
      return (
        <Grid aria-label={`${channel} news`}>
          {state.news.slice(0, marketLimits.newsPageSize).map((item) => (
            <Box as="li" key={item.url} listStyleType="none">
              <NewsCard item={item} />
            </Box>
          ))}
        </Grid>
      );
  }
}

function Grid(props: ComponentProps<typeof SimpleGrid>) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: '3', md: '4' }} {...props} />
  );
}
