import { Box, Flex, Link } from '@chakra-ui/react';
import { can, type User } from '@insight/shared';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { currentRolesAtom } from '../auth/atoms';
import { homeScreenFor, homeTabParam, homeTabPath, mainTabs } from '../home/tabs';
import { SubscriptionBannerView } from './SubscriptionBannerView';

interface SubTab {
  label: string;
  to: string;
  active: boolean;
}

/**
 * Spec 000 §2: the five main tabs, or for a profile-type account the one Edit Investment Profile
 * tab, with the subscription banner at the right. On a phone the tabs share the width, all in view.
 */
export function SubBar({ user }: { user: User }) {
  const roles = useAtomValue(currentRolesAtom);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const screen = pathname === '/' ? homeScreenFor(search.get(homeTabParam)) : null;

  const tabs: SubTab[] = can(roles, 'feed.read')
    ? mainTabs.map((tab) => ({ label: tab.label, to: homeTabPath(tab.tab), active: screen === tab.screen }))
    : [
        {
          label: 'Edit Investment Profile',
          to: '/investment-profile',
          active: pathname === '/investment-profile',
        },
      ];

  return (
    <Box bg="bg.panel" borderBottomWidth="1px" borderColor="border" shadow="xs">
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: '0', md: '6' }}
        direction={{ base: 'column', lg: 'row' }}
        align="stretch"
        gap={{ base: '0', lg: '4' }}
      >
        <Box as="nav" aria-label="Main sections" minW="0" flexShrink={0} display="flex">
          <Flex
            as="ul"
            listStyleType="none"
            flex="1"
            overflowX="auto"
            px={{ base: '1', md: '0' }}
            css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
          >
            {tabs.map((tab) => (
              // On a phone the five tabs share the width (each one always visible); wider, they sit left.
              <Box as="li" key={tab.to} flex={{ base: '1 1 auto', md: '0 0 auto' }} display="flex">
                <Link
                  asChild
                  display="flex"
                  flex="1"
                  alignItems="center"
                  justifyContent="center"
                  px={{ base: '1.5', sm: '3', md: '4' }}
                  py="3"
                  fontSize="sm"
                  fontWeight="semibold"
                  whiteSpace="nowrap"
                  color={tab.active ? 'fg' : 'fg.muted'}
                  borderBottomWidth="3px"
                  borderColor={tab.active ? 'insight.green' : 'transparent'}
                  _hover={{
                    color: 'fg',
                    textDecoration: 'none',
                    borderColor: tab.active ? 'insight.green' : 'border.emphasized',
                  }}
                  focusVisibleRing="inside"
                  aria-current={tab.active ? 'page' : undefined}
                >
                  <RouterLink to={tab.to}>{tab.label}</RouterLink>
                </Link>
              </Box>
            ))}
          </Flex>
        </Box>
        <Box flex="1" display={{ base: 'none', lg: 'block' }} />
        <Box
          px={{ base: '3', md: '0' }}
          pb={{ base: '2', lg: '0' }}
          py={{ lg: '2' }}
          alignSelf={{ lg: 'center' }}
        >
          <SubscriptionBannerView user={user} />
        </Box>
      </Flex>
    </Box>
  );
}
