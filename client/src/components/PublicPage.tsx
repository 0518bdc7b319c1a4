import { Box, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CopyrightFooter } from './CopyrightFooter';
import { Logo } from './Logo';

/** The frame of the pages seen without the app shell: login, terms, reset password, 404. */
export function PublicPage({ children, maxW = 'md' }: { children: ReactNode; maxW?: string }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box h="1" bg="insight.green" />
      <Flex as="header" justify="center" pt={{ base: '8', md: '12' }} pb={{ base: '6', md: '8' }}>
        <Link asChild aria-label="Insight home" _hover={{ textDecoration: 'none' }} rounded="md">
          <RouterLink to="/">
            <Logo size={36} />
          </RouterLink>
        </Link>
      </Flex>
      <Box as="main" flex="1" w="full" maxW={maxW} mx="auto" px={{ base: '4', md: '6' }}>
        {children}
      </Box>
      <CopyrightFooter />
    </Flex>
  );
}

/** A white card on the public pages. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="sm"
      p={{ base: '5', md: '8' }}
    >
      {children}
    </Box>
  );
}
