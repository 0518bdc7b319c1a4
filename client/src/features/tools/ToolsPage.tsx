import { Box, Flex, Link, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { NoPermissionPanel } from '../../components/NoPermissionPanel';
import { currentRolesAtom } from '../auth/atoms';
import { homeTabParam } from '../home/tabs';
import {
  audienceTitles,
  toolFromSearch,
  toolParam,
  toolsFor,
  type ToolAudience,
  type ToolEntry,
} from './registry';

const toolsTab = 4;
export const toolPath = (id: string) => `/?${homeTabParam}=${toolsTab}&${toolParam}=${id}`;

const audiences: readonly ToolAudience[] = ['everyone', 'admins', 'systemAdmins'];

function groupsOf(entries: readonly ToolEntry[]) {
  return audiences
    .map((audience) => ({ audience, entries: entries.filter((entry) => entry.audience === audience) }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The Tools area (spec 002 §2.2): a side menu of the tools the role may open (a select on a phone)
 * and the chosen tool, which is in the URL (/?tab=4&tool=universes) so that it can be linked and reloaded.
 */
export function ToolsPage() {
  const roles = useAtomValue(currentRolesAtom);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const visible = toolsFor(roles);
  const chosen = toolFromSearch(search, roles);
  const groups = groupsOf(visible);
  const currentId = chosen?.allowed ? chosen.entry.id : '';

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }} align="stretch" minW="0">
      <Box display={{ base: 'block', md: 'none' }}>
        <NativeSelect.Root size="md" bg="bg.panel">
          <NativeSelect.Field
            aria-label="Tool"
            value={currentId}
            onChange={(event) => void navigate(toolPath(event.currentTarget.value))}
          >
            {currentId === '' && <option value="">Choose a tool</option>}
            {groups.map((group) => (
              <optgroup key={group.audience} label={audienceTitles[group.audience]}>
                {group.entries.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>

      <Box
        as="nav"
        aria-label="Tools"
        display={{ base: 'none', md: 'block' }}
        w="64"
        flexShrink={0}
        alignSelf="flex-start"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        py="3"
        position="sticky"
        top="4"
      >
        <Stack gap="3">
          {groups.map((group) => (
            <Box key={group.audience}>
              <Text
                id={`tools-group-${group.audience}`}
                px="4"
                pb="1"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wider"
                color="fg.muted"
              >
                {audienceTitles[group.audience]}
              </Text>
              <Box as="ul" listStyleType="none" aria-labelledby={`tools-group-${group.audience}`}>
                {group.entries.map((entry) => {
                  const active = entry.id === currentId;
                  return (
                    <Box as="li" key={entry.id}>
                      <Link
                        asChild
                        display="block"
                        px="4"
                        py="1.5"
                        fontSize="sm"
                        textDecoration="none"
                        borderLeftWidth="3px"
                        borderColor={active ? 'brand.solid' : 'transparent'}
                        bg={active ? 'brand.subtle' : undefined}
                        color={active ? 'brand.fg' : 'fg'}
                        fontWeight={active ? 'semibold' : 'normal'}
                        _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
                        focusRingOffset="-2px"
                      >
                        <RouterLink to={toolPath(entry.id)} aria-current={active ? 'page' : undefined}>
                          {entry.label}
                        </RouterLink>
                      </Link>
                    </Box>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Stack>
      </Box>

      <Box flex="1" minW="0">
        {chosen === null || !chosen.allowed ? (
          <NoPermissionPanel />
        ) : (
          <Suspense
            fallback={<Skeleton h="64" rounded="xl" aria-busy="true" aria-label="Loading the tool" />}
          >
            <Box key={chosen.entry.id}>{chosen.entry.render()}</Box>
          </Suspense>
        )}
      </Box>
    </Flex>
  );
}
