import { Button, CloseButton, Drawer, HStack, Portal } from '@chakra-ui/react';
import { can, emptyFilterSet } from '@insight/shared';
import { activeFilterKeys } from '@insight/shared/alerts/filter';
import { useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from '../../app/store';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { quotesAtom } from '../market/atoms';
import { followedSymbolsAtom } from '../watchlist/atoms';
import {
  alertFiltersAtom,
  chooseProfileAtom,
  feedAlertsAtom,
  feedProfileIdAtom,
  shownAlertsAtom,
} from './atoms';
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
