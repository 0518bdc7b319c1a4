import { Box, Button, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { allocationBars } from './allocation';
import { usePieChart } from './data';
import { formatUsd } from './format';

/**
 * Spec 001 §2 "Sector allocation bars": the file by sector, cash included, as a share of assets
 * under management. Reads the pie-chart call itself, so the home dashboard can show it too.
 */
export function AllocationBars({ portfolioId }: { portfolioId: number }) {
  const [attempt, retry] = useState(0);
  const remote = usePieChart(portfolioId, attempt);
  if (remote.data === null) {
    if (remote.status === 'error')
      return (
        <Stack align="start" gap="2" color="fg.muted" fontSize="sm">
          <Text>The allocation could not be loaded.</Text>
          <Button size="xs" variant="outline" onClick={() => retry((n) => n + 1)}>
            Try again
          </Button>
        </Stack>
      );
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading the allocation">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h="5" rounded="sm" />
        ))}
      </Stack>
    );
  }
  const bars = allocationBars(remote.data);
  if (bars.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        Nothing allocated yet.
      </Text>
    );
  const widest = Math.max(...bars.map((bar) => bar.percent), 1);
  return (
    <Stack as="ul" gap="2.5" listStyleType="none" aria-label="Sector allocation">
      {bars.map((bar) => (
        <Grid
          as="li"
          key={bar.name}
          templateColumns={{ base: '6.5rem 1fr 3.5rem', md: '8rem 1fr 4rem' }}
          alignItems="center"
          gap="3"
          title={`${bar.name}: ${bar.percent.toFixed(2)}% · ${formatUsd(bar.value)}`}
          data-sector={bar.name}
        >
          <Text fontSize="sm" truncate>
            {bar.label}
          </Text>
          <Box h="2.5" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden>
            <Box
              h="full"
              rounded="full"
              bg={bar.cash ? 'gray.400' : 'insight.green'}
              w={`${Math.max(0, (bar.percent / widest) * 100)}%`}
              transition="width 0.3s"
            />
          </Box>
          <Text fontSize="sm" textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="medium">
            {bar.percent.toFixed(1)}%
          </Text>
        </Grid>
      ))}
    </Stack>
  );
}
