import { Box, HStack, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { marketLimits, type NewsItem } from '@insight/shared';
import { stockCalls } from './api';
import { formatMomentDate } from './format';
import { Panel } from './Panel';
import { useRemote } from './useRemote';

/** The symbol's 20 latest news items (spec 000 §2): the title opens the article in a new tab. */
export function StockNews({ symbol }: { symbol: string }) {
  const news = useRemote(symbol, (signal) => stockCalls.news(symbol, signal));
  return (
    <Panel id="stock-news-title" title="News">
      {news.status === 'loading' && <NewsSkeleton />}
      {news.status === 'error' && <Text color="fg.muted">The news could not be loaded.</Text>}
      {news.status === 'ok' && news.data.length === 0 && (
        <Text color="fg.muted">No news about {symbol} yet.</Text>
      )}
      {news.status === 'ok' && news.data.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" aria-labelledby="stock-news-title">
          {news.data.slice(0, marketLimits.stockNewsCount).map((item) => (
            <NewsRow key={item.url} item={item} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function NewsRow({ item }: { item: NewsItem }) {
  return (
    <Box as="li" py="3" borderTopWidth="1px" borderColor="border.muted" _first={{ borderTopWidth: 0, pt: 0 }}>
      <HStack align="flex-start" gap="3">
        {item.image && (
          <Image
            src={item.image}
            alt=""
            w="16"
            h="12"
            objectFit="cover"
            rounded="md"
            flexShrink={0}
            loading="lazy"
          />
        )}
        <Stack gap="1" minW="0">
          <Link
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            fontWeight="semibold"
            fontSize="sm"
            lineHeight="short"
            color="fg"
            _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
          >
            {item.title}
          </Link>
          <Text fontSize="xs" color="fg.muted">
            {item.author}
            <Text as="span" mx="1.5" aria-hidden>
              ·
            </Text>
            <time dateTime={item.updated}>{formatMomentDate(item.updated)}</time>
          </Text>
        </Stack>
      </HStack>
    </Box>
  );
}

function NewsSkeleton() {
  return (
    <Stack gap="4" aria-label="Loading the news">
      {[0, 1, 2, 3, 4].map((row) => (
        <Stack key={row} gap="1.5">
          <Skeleton h="4" w={row % 2 === 0 ? '90%' : '75%'} />
          <Skeleton h="3" w="32" />
        </Stack>
      ))}
    </Stack>
  );
}
