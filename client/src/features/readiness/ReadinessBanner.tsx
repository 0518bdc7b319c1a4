import { Box, Flex, Progress, Text } from '@chakra-ui/react';
import type { Readiness } from '@insight/shared';
import { useEffect, useState } from 'react';
import { readReadiness } from './api';

/** How often the progress is read again while the gateway prepares its data. */
const everyMs = 1500;

/** "Preparing five years of market data: 40%" from the gateway's readiness. */
export function readinessText(readiness: Readiness): string {
  const percent = readiness.total > 0 ? Math.round((100 * readiness.done) / readiness.total) : 0;
  return `Preparing five years of market data: ${percent}%`;
}

/**
 * While the gateway runs its first backfill (GET /api/health/ready answers 503), a banner with its
 * progress instead of empty screens; once it is ready, the page is loaded again so every screen
 * shows the data. Nothing at all when the gateway is ready from the start.
 */
export function ReadinessBanner() {
  const [readiness, setReadiness] = useState<Readiness | null>(null);

  useEffect(() => {
    const aborted = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waited = false;
    const check = async () => {
      const answer = await readReadiness(aborted.signal);
      if (aborted.signal.aborted) return;
      if (answer?.ready) {
        // What was shown while preparing is read again, whole.
        if (waited) window.location.reload();
        setReadiness(null);
        return;
      }
      // No answer (an older gateway, the network): nothing to show, nothing to wait for.
      if (answer === null) return setReadiness(null);
      waited = true;
      setReadiness(answer);
      timer = setTimeout(() => void check(), everyMs);
    };
    void check();
    return () => {
      aborted.abort();
      clearTimeout(timer);
    };
  }, []);

  if (readiness === null) return null;
  const percent = readiness.total > 0 ? Math.round((100 * readiness.done) / readiness.total) : 0;
  return (
    <Box
      bg="blue.subtle"
      borderBottomWidth="1px"
      borderColor="blue.muted"
      px={{ base: '3', md: '6' }}
      py="2.5"
    >
      <Flex
        maxW="7xl"
        mx="auto"
        gap={{ base: '2', md: '4' }}
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        role="status"
        aria-live="polite"
        data-testid="readiness-banner"
      >
        <Text fontSize="sm" fontWeight="medium" color="blue.fg">
          {readinessText(readiness)}
        </Text>
        <Text fontSize="xs" color="fg.muted" flex="1">
          Quotes, news and alerts appear when it is done; this page refreshes by itself.
        </Text>
        <Progress.Root
          value={percent}
          size="sm"
          colorPalette="blue"
          w={{ base: 'full', md: '48' }}
          aria-label="Market data prepared"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Flex>
    </Box>
  );
}
