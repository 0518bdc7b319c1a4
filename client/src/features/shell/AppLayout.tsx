import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { User } from '@insight/shared';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAtomValue } from '../../app/store';
import { CopyrightFooter } from '../../components/CopyrightFooter';
import { currentUserAtom } from '../auth/atoms';
import { AddToPortfolioHost } from '../portfolio/positionDialog/AddToPortfolioHost';
import { ReadinessBanner } from '../readiness/ReadinessBanner';
import { SubBar } from './SubBar';
import { TopBar } from './TopBar';

/** The frame of every signed-in page: top bar, sub bar, the page, footer. */
export function AppLayout() {
  const user = useAtomValue(currentUserAtom);
  // RequireAuth renders this only with a user; the guard keeps the types honest.
  if (user === null) return null;
  return (
    <AppLayoutFrame user={user}>
      <Outlet />
    </AppLayoutFrame>
  );
}

/** The same frame around any page (/contact shows it when signed in, the public frame otherwise). */
export function AppLayoutFrame({ user, children }: { user: User; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      <TopBar user={user} />
      <ReadinessBanner />
      <SubBar user={user} />
      <SkipNavContent />
      <Box
        as="main"
        flex="1"
        w="full"
        maxW="7xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        py={{ base: '6', md: '10' }}
      >
        {children}
      </Box>
      <CopyrightFooter />
      <AddToPortfolioHost />
    </Flex>
  );
}
