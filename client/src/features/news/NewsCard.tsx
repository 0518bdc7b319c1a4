import { Box, Flex, Image, LinkBox, LinkOverlay, Stack, Text, chakra } from '@chakra-ui/react';
import type { NewsItem } from '@insight/shared';
import { DateTime } from 'luxon';
import { useState } from 'react';

/** A moment (ISO 8601) as MM/DD/YY in the reader's time zone (spec 002 §9). */
export function formatNewsDate(updated: string): string {
  const date = DateTime.fromISO(updated);
  return date.isValid ? date.toFormat('MM/dd/yy') : '';
}

/** Where the story is published: news.example.com → example.com. */
function sourceOf(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^(www|news)\./, '');
    // A fictional outlet of the simulator ("meridian-wire.example"): its name, "Meridian Wire".
    if (host.endsWith('.example'))
      return host
        .slice(0, -'.example'.length)
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ');
    return host;
  } catch {
    return '';
  }
}

/**
 * A News item (spec 000 §3, 002 §2.6): its image if it has one, title, author and date; the whole
 * card is one link that opens the story in a new tab. Stories without a picture (or whose picture
 * does not load) are text cards rather than a grid of empty frames.
 */
export function NewsCard({ item }: { item: NewsItem }) {
  const [imageFailed, setImageFailed] = useState(false);
  const date = formatNewsDate(item.updated);
  const source = sourceOf(item.url);
  const hasImage = item.image !== null && !imageFailed;
  return (
    <LinkBox
      as="article"
      h="full"
      display="flex"
      flexDirection="column"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      overflow="hidden"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ shadow: 'md', borderColor: 'brand.200' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      css={{ '&:hover .news-title': { color: 'brand.fg' } }}
    >
      {hasImage && (
        <Box aspectRatio={{ base: 2, sm: 16 / 9 }} bg="bg.muted" overflow="hidden">
          <Image
            src={item.image ?? undefined}
            alt=""
            w="full"
            h="full"
            objectFit="cover"
            loading="lazy"
            onError={() => setImageFailed(true)}
          />
        </Box>
      )}
      <Stack gap="3" p="4" flex="1" justify="space-between">
        <Stack gap="1.5">
          {source !== '' && (
            <Text
              fontSize="2xs"
              fontWeight="semibold"
              letterSpacing="wider"
              textTransform="uppercase"
              color="brand.fg"
            >
              {source}
            </Text>
          )}
          <LinkOverlay
            className="news-title"
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            fontWeight="semibold"
            lineHeight="short"
            lineClamp={4}
            transition="color 0.15s"
          >
            {item.title}
            <Text as="span" srOnly>
              {' '}
              (opens in a new tab)
            </Text>
          </LinkOverlay>
        </Stack>
        <Flex fontSize="xs" color="fg.muted" gap="1.5" align="center" minW="0">
          <Text truncate title={item.author}>
            {item.author || 'Staff'}
          </Text>
          {date !== '' && (
            <>
              <Box as="span" aria-hidden>
                ·
              </Box>
              <chakra.time dateTime={item.updated} flexShrink={0}>
                {date}
              </chakra.time>
            </>
          )}
        </Flex>
      </Stack>
    </LinkBox>
  );
}
