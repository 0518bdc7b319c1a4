import { Box, Flex, HStack, Link, Separator } from '@chakra-ui/react';
import type { User } from '@insight/shared';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/Logo';
import { MarketStatus } from '../market/MarketStatus';
import { homeTabPath } from '../home/tabs';
import { SearchBox } from './SearchBox';
import { TodayDate } from './TodayDate';
import { UserMenu } from './UserMenu';

/**
 * Spec 000 §2 "Top bar": logo, stock search, today's date, US market status and the user menu.
 * On a phone the search and the date/status line wrap under the logo and menu.
 */
export function TopBar({ user }: { user: User }) {
  return (
    <Box as="header" bg="bg.panel" borderBottomWidth="1px" borderColor="border">
      <Box h="1" bg="insight.green" />
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        py={{ base: '2', md: '0' }}
        minH={{ md: '16' }}
        align="center"
        wrap={{ base: 'wrap', md: 'nowrap' }}
        columnGap={{ base: '2', md: '6' }}
        rowGap="2"
      >
        <Link
          asChild
          order={1}
          rounded="md"
          _hover={{ textDecoration: 'none' }}
          aria-label="Insight home"
          flexShrink={0}
        >
          <RouterLink to={homeTabPath(6)}>
            <Logo />
          </RouterLink>
        </Link>
        <Box
          order={{ base: 3, md: 2 }}
          flexBasis={{ base: '100%', md: 'auto' }}
          w={{ md: '64', lg: '80' }}
          flexShrink={1}
        >
          <SearchBox />
        </Box>
        <Box order={{ md: 3 }} flex="1" display={{ base: 'none', md: 'block' }} />
        <HStack
          order={4}
          flexBasis={{ base: '100%', md: 'auto' }}
          justify="space-between"
          gap="3"
          fontSize={{ base: 'xs', md: 'sm' }}
          color="fg.muted"
          flexShrink={0}
        >
          <TodayDate display={{ base: 'inline', md: 'none', xl: 'inline' }} />
          <Separator orientation="vertical" h="4" display={{ base: 'none', xl: 'block' }} />
          <MarketStatus />
        </HStack>
        <Box order={{ base: 2, md: 5 }} ml={{ base: 'auto', md: '0' }} minW="0">
          <UserMenu user={user} />
        </Box>
      </Flex>
    </Box>
  );
}
