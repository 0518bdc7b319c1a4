import { Button, CloseButton, Drawer, HStack, Portal } from '@chakra-ui/react';
import { can, emptyFilterSet, type AlertFacets } from '@insight/shared';
import { activeFilterKeys } from '@insight/shared/alerts/filter';
import { useEffect, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from '../../app/store';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { quotesAtom } from '../market/atoms';
import { followedSymbolsAtom } from '../watchlist/atoms';
import {
  alertFiltersAtom,
  chooseProfileAtom,
  feedAlertsAtom,
  feedMoreAtom,
  feedProfileIdAtom,
  shownAlertsAtom,
} from './atoms';
import { feedCalls } from './api';
import { FilterPanel, type ProfileChoice } from './FilterPanel';

interface FilterDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The alert filter panel as a side drawer (spec 000 §2), with the admin's profile choice. */
export function FilterDrawer({ open, onOpenChange }: FilterDrawerProps) {
  const [filters, setFilters] = useAtom(alertFiltersAtom);
  const alerts = useAtomValue(feedAlertsAtom);
  const shown = useAtomValue(shownAlertsAtom);
  const quotes = useAtomValue(quotesAtom);
  const followed = useAtomValue(followedSymbolsAtom);
  const profile = useProfileChoice();
  const active = activeFilterKeys(filters).length > 0;
  const shownCount = shown?.length ?? 0;
  const facets = useReachableFacets(open);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size={{ base: 'full', sm: 'sm' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" py="4">
              <HStack justify="space-between" w="full" pe="8">
                <Drawer.Title fontSize="lg">Filters</Drawer.Title>
                <Button
                  variant="plain"
                  size="sm"
                  px="1"
                  color="brand.fg"
                  fontWeight="semibold"
                  disabled={!active}
                  onClick={() => setFilters(emptyFilterSet)}
                >
                  Reset
                </Button>
              </HStack>
            </Drawer.Header>
            <Drawer.Body py="5">
              <FilterPanel
                alerts={alerts ?? []}
                quotes={quotes}
                followed={followed}
                filters={filters}
                onChange={setFilters}
                profile={profile}
                facets={facets}
              />
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" py="3">
              <Drawer.ActionTrigger asChild>
                <Button w="full">
                  Show {shownCount} {shownCount === 1 ? 'alert' : 'alerts'}
                </Button>
              </Drawer.ActionTrigger>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close filters" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * While the loaded pages hold only some of the alerts the user can reach, the panel's counts come
 * from the server (over all of them); null when the pages hold all, or until they arrive.
 */
function useReachableFacets(open: boolean): AlertFacets | null {
  const more = useAtomValue(feedMoreAtom);
  const profileId = useAtomValue(feedProfileIdAtom);
  const [facets, setFacets] = useState<{ key: string; facets: AlertFacets } | null>(null);
  const key = `${profileId}:${more.total}`;
  useEffect(() => {
    if (!open || !more.hasMore || profileId === null) return;
    let current = true;
    feedCalls.facets(profileId).then(
      (answer) => {
        if (current) setFacets({ key, facets: answer });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [open, more.hasMore, key, profileId]);
  return more.hasMore && facets?.key === key ? facets.facets : null;
}

/** Admins only (spec 000 §6): which profile's alerts the feed shows. */
function useProfileChoice(): ProfileChoice | null {
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const current = useAtomValue(feedProfileIdAtom);
  const chooseProfile = useSetAtom(chooseProfileAtom);
  const [switching, setSwitching] = useState(false);
  if (user === null || !can(roles, 'profile.switch')) return null;
  return {
    profiles: user.available_profiles,
    current,
    switching,
    onChoose: (profileId) => {
      if (profileId === current) return;
      setSwitching(true);
      void chooseProfile(profileId).then((result) => {
        setSwitching(false);
        if (!result.ok) notify.error(result.message);
      });
    },
  };
}
