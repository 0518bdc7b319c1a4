import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { can, defaultProfileName, emptyFilterSet, type FilterSet } from '@insight/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from '../../app/store';
import { AnalystDetailsDialog } from '../analysts/AnalystDetailsDialog';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { marketStatusAtom, quotesAtom } from '../market/atoms';
import { nextOpenText } from '../market/MarketStatus';
import {
  alertFiltersAtom,
  alertsPerSymbolAtom,
  chooseProfileAtom,
  feedAlertsAtom,
  feedMoreAtom,
  feedProfileIdAtom,
  loadAllAlertsAtom,
  loadOlderAlertsAtom,
  shownAlertsAtom,
} from './atoms';
import { useAlertCardActions } from './cardHooks';
import { FeedList } from './FeedList';
import { FilterBar } from './FilterBar';
import { FilterDrawer } from './FilterDrawer';
import { filterChips, marketCapScale, type FilterChip } from './filterLabels';
import { profileDisplayName } from './FilterPanel';
import { readStoredProfile, resendUnsyncedFilters } from './filterStorage';

/** Tab 0 of / (spec 000 §2 "Live feed", 001 §2 "Live feed page"). */
export function FeedPage() {
  const [filters, setFilters] = useAtom(alertFiltersAtom);
  const alerts = useAtomValue(feedAlertsAtom);
  const shown = useAtomValue(shownAlertsAtom);
  const quotes = useAtomValue(quotesAtom);
  const counts = useAtomValue(alertsPerSymbolAtom);
  const profileId = useAtomValue(feedProfileIdAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const restoring = useRestoredProfile();
  const user = useAtomValue(currentUserAtom);
  const more = useAtomValue(feedMoreAtom);
  const marketOpen = useAtomValue(marketStatusAtom);
  const loadOlder = useSetAtom(loadOlderAlertsAtom);
  const loadAll = useSetAtom(loadAllAlertsAtom);

  useEffect(() => {
    if (user) resendUnsyncedFilters(user.user_id);
  }, [user]);

  // A filter applies to every alert the user can reach: with one set, the older pages are loaded too.
  const filtering = JSON.stringify(filters) !== JSON.stringify(emptyFilterSet);
  useEffect(() => {
    if (filtering && more.hasMore) void loadAll().catch(() => {});
  }, [filtering, more.hasMore, loadAll]);

  const scale = useMemo(() => marketCapScale(alerts ?? []), [alerts]);
  const chips = useMemo(() => filterChips(filters, scale), [filters, scale]);
  const resetFilters = useCallback(() => setFilters(emptyFilterSet), [setFilters]);
  const removeFilter = useCallback(
    (key: FilterChip['key']) =>
      setFilters((current) => ({ ...current, [key]: emptyFilterSet[key] }) as FilterSet),
    [setFilters],
  );
  const { onDismiss, onSeeDetails } = useAlertCardActions();

  const loading = restoring || alerts === null;
  const profileName = user?.available_profiles.find((profile) => profile.id === profileId)?.name;

  return (
    <Stack gap={{ base: '4', md: '5' }} maxW="4xl" mx="auto" w="full">
      <Flex align="baseline" justify="space-between" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h1" size={{ base: 'lg', md: 'xl' }} letterSpacing="tight">
            Live Feed
          </Heading>
          <Text color="fg.muted" fontSize="sm" mt="0.5">
            Analysts&apos; buy and sell alerts as they are published
            {profileName && user?.is_admin ? ` · ${profileDisplayName(profileName)} profile` : ''}
          </Text>
        </Box>
        {marketOpen === false && (
          <Text
            fontSize="sm"
            color="fg.muted"
            bg="bg.muted"
            px="2.5"
            py="1"
            rounded="full"
            data-testid="feed-market-closed"
            title="Prices stand still until the open; analysts still publish before the open and after the close."
          >
            Market closed · {nextOpenText(new Date())}
          </Text>
        )}
      </Flex>
      <FilterBar
        shownCount={loading ? null : filtering || !more.hasMore ? (shown?.length ?? null) : more.total}
        totalCount={loading ? null : more.hasMore ? more.total : (alerts?.length ?? null)}
        chips={chips}
        onOpen={() => setDrawerOpen(true)}
        onReset={resetFilters}
        onRemove={removeFilter}
      />
      <FeedList
        alerts={loading ? null : alerts}
        shown={loading ? null : shown}
        profileId={profileId}
        quotes={quotes}
        counts={counts}
        onResetFilters={resetFilters}
        onDismiss={onDismiss}
        onSeeDetails={onSeeDetails}
        hasOlder={more.hasMore}
        onLoadOlder={loadOlder}
        ownSectors={profileName !== undefined && profileName !== defaultProfileName}
      />
      <FilterDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <AnalystDetailsDialog />
    </Stack>
  );
}

/**
 * Spec 000 §4 "Profile selection": an admin's chosen profile is remembered per user; the socket
 * starts on the server's current profile, so the remembered one (if still available) is opened
 * again once, keeping the filters. True while that is under way.
 */
function useRestoredProfile(): boolean {
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const profileId = useAtomValue(feedProfileIdAtom);
  const chooseProfile = useSetAtom(chooseProfileAtom);
  const [restoring, setRestoring] = useState(false);
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (user === null || profileId === null || !can(roles, 'profile.switch')) return;
    const key = `${user.user_id}:${user.session_token}`;
    if (tried.current === key) return;
    tried.current = key;
    const stored = readStoredProfile(user.user_id);
    const available = user.available_profiles.some((profile) => profile.id === stored);
    if (stored === null || stored === profileId || !available) return;
    setRestoring(true);
    void chooseProfile(stored, false).finally(() => setRestoring(false));
  }, [user, roles, profileId, chooseProfile]);

  return restoring;
}
