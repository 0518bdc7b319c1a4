import { Box, Button, Flex, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Portfolio } from '@insight/shared';
import { Link as RouterLink } from 'react-router';
import { useAtomValue } from '../../app/store';
import { currentUserAtom } from '../auth/atoms';
import { AllocationBars } from '../portfolio/AllocationBars';
import { PortfolioChart } from '../portfolio/chart/PortfolioChart';
import { useMyPortfolio } from '../portfolio/data';
import { Panel } from '../stock/Panel';
import { HomeCards } from './HomeCards';
import { BriefcaseIcon } from './icons';
import { LatestRatings } from './LatestRatings';
import { homeTabPath } from './tabs';

/**
 * Tab 6, the home dashboard (spec 001 §2, spec 002 §4 "Home"): a welcome, the three section cards,
 * then the file (its chart and allocation, or a start prompt when there is none) and the latest
 * ratings under the active filters.
 */
export function HomeDashboard() {
  const user = useAtomValue(currentUserAtom);
  const name = user?.nickname || user?.first_name;
  return (
    <Stack gap={{ base: '5', md: '8' }}>
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.02em">
          Welcome{name ? `, ${name}` : ''}
        </Heading>
        <Text color="fg.muted" mt="1">
          Your portfolio and the newest analyst opportunities at a glance.
        </Text>
      </Box>
      <HomeCards />
      <MyFile />
      <LatestRatings />
    </Stack>
  );
}

function MyFile() {
  const remote = useMyPortfolio();
  const portfolio = remote.data;
  if (portfolio === null) {
    if (remote.status === 'loading') return <FileSkeleton />;
    if (remote.status === 'error')
      return (
        <Panel id="home-file-title" title="Portfolio">
          <Text color="fg.muted">Your portfolio could not be loaded. Please try again later.</Text>
        </Panel>
      );
    return <StartPrompt />;
  }
  return <FileOverview portfolio={portfolio} />;
}

function FileOverview({ portfolio }: { portfolio: Portfolio }) {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(0, 1fr)' }}
      gap={{ base: '4', md: '6' }}
      alignItems="start"
    >
      <Panel
        id="home-chart-title"
        title="Portfolio performance"
        actions={
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to={homeTabPath(3)}>Open portfolio</RouterLink>
          </Button>
        }
      >
        <PortfolioChart portfolio={portfolio} compact />
      </Panel>
      <Panel id="home-allocation-title" title="Allocation">
        <AllocationBars portfolioId={portfolio.id} />
      </Panel>
    </Grid>
  );
}

/** Spec 002 §4: a user with no file sees a start prompt that leads to the new-file state (tab 3). */
function StartPrompt() {
  return (
    <Flex
      as="section"
      aria-labelledby="home-start-title"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'flex-start', md: 'center' }}
      gap={{ base: '4', md: '6' }}
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="xl"
      p={{ base: '5', md: '7' }}
    >
      <Flex
        align="center"
        justify="center"
        boxSize="12"
        rounded="full"
        bg="bg.panel"
        color="brand.fg"
        fontSize="2xl"
        flexShrink={0}
      >
        <BriefcaseIcon />
      </Flex>
      <Box flex="1" minW="0">
        <Heading as="h2" size="md" id="home-start-title">
          Start your portfolio
        </Heading>
        <Text color="fg.muted" mt="1">
          Set your funds to open your file, then add positions from the live feed, your watchlist or any stock
          page, and follow them against the benchmarks.
        </Text>
      </Box>
      <Button asChild colorPalette="brand" flexShrink={0}>
        <RouterLink to={homeTabPath(3)}>Start now</RouterLink>
      </Button>
    </Flex>
  );
}

function FileSkeleton() {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(0, 1fr)' }}
      gap={{ base: '4', md: '6' }}
      aria-busy="true"
      aria-label="Loading your portfolio"
    >
      <Skeleton h="80" rounded="xl" />
      <Skeleton h="80" rounded="xl" />
    </Grid>
  );
}
