import { Box, Button, Flex, Grid, Heading, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { can, sectors as systemSectors, type ProfileRef } from '@insight/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/request';
import { useAtom, useAtomValue, useSetAtom } from '../../app/store';
import { StatusPanel } from '../../components/StatusPanel';
import { LockIcon, PlusIcon } from '../../components/ui/icons';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { profileDisplayName } from '../feed/FilterPanel';
import { profileCalls } from './api';
import {
  chosenProfileIdAtom,
  editorAtom,
  loaded,
  profileRefreshedAtom,
  sectorStoredAtom,
  selectedSectorIdAtom,
  type LoadedProfile,
} from './atoms';
import { ChoiceDialog } from './components/ChoiceDialog';
import { PreviewPanel } from './components/PreviewPanel';
import { ProfileIntro } from './components/ProfileIntro';
import { SectorEditor } from './components/SectorEditor';
import { SectorMenu } from './components/SectorMenu';
import { UpdatingOverlay } from './components/UpdatingOverlay';
import { draftProblem, draftValues, isDirty } from './draft';
import { useRebuild } from './useRebuild';

const loadFailed = 'Could not load the investment profile. Please try again.';
const isDefault = (profile: ProfileRef) => profile.name.toLowerCase() === 'default';

/**
 * Spec 000 §2 (/investment-profile): the sectors in a side menu, a filter card per screener with
 * live counts, add-sector and add-filter dialogs, the three-step intro when no sector is chosen,
 * Save, Rebuild Team with the "Updating profile..." overlay, and the preview of what the profile
 * would have sent. A profile-type account edits its own profile; an admin picks one.
 */
export function InvestmentProfilePage() {
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const isAdmin = can(roles, 'profile.switch');
  const editable = useMemo(
    () => (isAdmin ? (user?.available_profiles ?? []).filter((p) => !isDefault(p)) : []),
    [isAdmin, user],
  );
  const [chosen, setChosen] = useAtom(chosenProfileIdAtom);
  const target = isAdmin ? (editable.find((p) => p.id === chosen)?.id ?? editable[0]?.id ?? null) : null;

  const [state, setState] = useAtom(editorAtom);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    if (isAdmin && target === null) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    profileCalls.data(target, controller.signal).then(
      (data) => setState(loaded(target, data)),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: errorMessage(error, loadFailed) });
      },
    );
    return () => controller.abort();
  }, [isAdmin, target, generation, setState]);

  if (isAdmin && target === null) {
    return (
      <StatusPanel
        icon={<PlusIcon />}
        title="No investment profile to edit"
        tone="gray"
        action={
          <Button asChild size="sm">
            <RouterLink to="/newProfile">Create profile</RouterLink>
          </Button>
        }
      >
        The Default profile follows every rating and cannot be edited. Create a profile to define one.
      </StatusPanel>
    );
  }

  const picker = isAdmin ? (
    <NativeSelect.Root size="sm" w={{ base: 'full', sm: '56' }}>
      <NativeSelect.Field
        aria-label="Profile to edit"
        value={target ?? ''}
        onChange={(event) => setChosen(Number(event.currentTarget.value))}
      >
        {editable.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profileDisplayName(profile.name)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  ) : null;

  return (
    <Stack gap="5" minW="0">
      {state.kind !== 'ready' && (
        <PageHeader subtitle="The sectors and filters your alerts come from." picker={picker} />
      )}
      {state.kind === 'loading' && (
        <Grid
          templateColumns={{ base: '1fr', lg: '240px 1fr' }}
          gap="5"
          aria-busy="true"
          aria-label="Loading the profile"
        >
          <Skeleton h="48" rounded="xl" />
          <Skeleton h="72" rounded="xl" />
        </Grid>
      )}
      {state.kind === 'failed' && (
        <StatusPanel
          icon={<LockIcon />}
          title="Profile not available"
          tone="danger"
          action={
            <Button size="sm" variant="outline" onClick={reload}>
              Try again
            </Button>
          }
        >
          {state.message}
        </StatusPanel>
      )}
      {state.kind === 'ready' && <Editor data={state.data} reload={reload} picker={picker} />}
    </Stack>
  );
}

function PageHeader({
  subtitle,
  picker,
  actions,
}: {
  subtitle: string;
  picker: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex align={{ base: 'stretch', md: 'end' }} justify="space-between" gap="3" wrap="wrap">
      <Box minW="0" flex="1">
        <Heading as="h1" size="2xl" letterSpacing="tight">
          Edit Investment Profile
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {subtitle}
        </Text>
      </Box>
      <Flex gap="2" wrap="wrap" align="center" w={{ base: 'full', md: 'auto' }}>
        {picker}
        {actions}
      </Flex>
    </Flex>
  );
}

function Editor({ data, reload, picker }: { data: LoadedProfile; reload: () => void; picker: ReactNode }) {
  const [selected, setSelected] = useAtom(selectedSectorIdAtom);
  const stored = useSetAtom(sectorStoredAtom);
  const setState = useSetAtom(editorAtom);
  const [addingSector, setAddingSector] = useState(false);
  const [busy, setBusy] = useState(false);
  const refreshed = useSetAtom(profileRefreshedAtom);
  const rebuild = useRebuild(data.profile.id, data.rebuild, (finished) => {
    if (finished !== 'done') return;
    profileCalls.data(data.target).then(refreshed, () => reload());
  });

  const sector = data.sectors.find((s) => s.id === selected) ?? null;
  useEffect(() => {
    if (selected !== null && sector === null) setSelected(null);
  }, [selected, sector, setSelected]);

  const unsaved = useMemo(() => {
    const ids = new Set<number>();
    for (const s of data.sectors) {
      const savedById = new Map(s.screeners.map((x) => [x.id, x]));
      const drafts = data.drafts[s.id] ?? [];
      const removed = s.screeners.some((x) => !drafts.some((d) => d.id === x.id));
      if (removed || drafts.some((d) => isDirty(d, d.id === null ? undefined : savedById.get(d.id))))
        ids.add(s.id);
    }
    return ids;
  }, [data]);
  const invalid = data.sectors.some((s) => (data.drafts[s.id] ?? []).some((d) => draftProblem(d) !== null));

  const sectorChoices = systemSectors
    .filter((system) => !data.sectors.some((s) => s.sector_ref_id === system.id))
    .map((system) => ({ value: String(system.id), label: system.name, detail: system.symbol }));

  async function addSector(sectorRefId: number) {
    setBusy(true);
    try {
      const added = await profileCalls.addSector(data.target, sectorRefId);
      stored(added, null);
      setSelected(added.id);
      setAddingSector(false);
      notify.success(`${added.name} added with the default filters`);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not add the sector. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function saveAll() {
    const body = data.sectors.map((s) => ({
      id: s.id,
      sector_ref_id: s.sector_ref_id,
      screeners: (data.drafts[s.id] ?? []).map(draftValues),
    }));
    await rebuild.start(async () => {
      const answer = await profileCalls.save(data.target, body);
      setState(
        loaded(data.target, { profile: data.profile, sectors: answer.sectors, rebuild: data.rebuild }),
      );
      return answer;
    });
  }

  return (
    <>
      <PageHeader
        subtitle={`${profileDisplayName(data.profile.name)}: the sectors and filters the profile’s alerts come from.`}
        picker={picker}
        actions={
          <>
            <Button
              variant="outline"
              flex={{ base: '1', md: 'none' }}
              disabled={unsaved.size === 0 || invalid || rebuild.open}
              onClick={() => void saveAll()}
              title={invalid ? 'Fix the filters marked in red first' : undefined}
            >
              Save
            </Button>
            <Button
              flex={{ base: '1', md: 'none' }}
              disabled={data.sectors.length === 0 || rebuild.open}
              onClick={() => void rebuild.start(() => profileCalls.rebuild(data.target))}
            >
              Rebuild Team
            </Button>
          </>
        }
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '240px minmax(0, 1fr)' }}
        gap="5"
        alignItems="start"
      >
        <SectorMenu
          sectors={data.sectors}
          selected={sector?.id ?? null}
          unsaved={unsaved}
          canAdd={sectorChoices.length > 0}
          onSelect={setSelected}
          onAdd={() => setAddingSector(true)}
        />
        <Stack gap="5" minW="0">
          {sector === null ? (
            <ProfileIntro onAddSector={() => setAddingSector(true)} canAdd={sectorChoices.length > 0} />
          ) : (
            <SectorEditor
              key={sector.id}
              target={data.target}
              sector={sector}
              drafts={data.drafts[sector.id] ?? []}
              onRemoved={() => setSelected(null)}
            />
          )}
          {data.sectors.length > 0 && <PreviewPanel sectors={data.sectors} drafts={data.drafts} />}
        </Stack>
      </Grid>
      <ChoiceDialog
        open={addingSector}
        title="Add sector"
        subtitle="The sector starts with two filters: market cap greater than 2000M and beta between 0.5 and 2.5."
        choices={sectorChoices}
        empty="Every sector is already in the profile."
        addLabel="Add sector"
        busy={busy}
        onClose={() => setAddingSector(false)}
        onAdd={(value) => void addSector(Number(value))}
      />
      <UpdatingOverlay open={rebuild.open} progress={rebuild.progress} onHide={rebuild.hide} />
    </>
  );
}
