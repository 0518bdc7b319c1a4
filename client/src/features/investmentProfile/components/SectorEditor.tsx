import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  profileMessages,
  screenerFieldInfo,
  screenerFields,
  sectorDisplayName,
  type ProfileSector,
  type ScreenerField,
} from '@insight/shared';
import { useState } from 'react';
import { errorMessage } from '../../../api/request';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { notify } from '../../../components/ui/toaster';
import { useSetAtom } from '../../../app/store';
import { ConfirmAction } from '../../universes/ConfirmAction';
import { profileCalls } from '../api';
import { addDraftAtom, dropDraftAtom, editDraftAtom, sectorRemovedAtom, sectorStoredAtom } from '../atoms';
import { draftProblem, draftValues, newDraft, type DraftScreener } from '../draft';
import { addableFields } from '../rangeType';
import { useScreenedCounts } from '../useScreenedCounts';
import { ChoiceDialog } from './ChoiceDialog';
import { FilterCard } from './FilterCard';

interface SectorEditorProps {
  target: number | null;
  sector: ProfileSector;
  drafts: readonly DraftScreener[];
  onRemoved: () => void;
}

type Confirm = { kind: 'filter'; draft: DraftScreener } | { kind: 'sector' };

/** One sector of the profile: its filter cards with their live counts, add filter, delete sector. */
export function SectorEditor({ target, sector, drafts, onRemoved }: SectorEditorProps) {
  const editDraft = useSetAtom(editDraftAtom);
  const addDraft = useSetAtom(addDraftAtom);
  const dropDraft = useSetAtom(dropDraftAtom);
  const stored = useSetAtom(sectorStoredAtom);
  const removed = useSetAtom(sectorRemovedAtom);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const { counts, loading, failed } = useScreenedCounts(target, sector.id, drafts);

  async function save(draft: DraftScreener) {
    setSaving(draft.key);
    try {
      const answer = await profileCalls.saveScreener(target, sector.id, draftValues(draft), draft.id);
      stored(answer, draft.key);
      notify.success(`${screenerFieldInfo[draft.field].label} filter saved`);
    } catch (error) {
      const detail = errorMessage(error, '');
      notify.error(detail ? `${profileMessages.screenerFailed}: ${detail}` : profileMessages.screenerFailed);
    } finally {
      setSaving(null);
    }
  }

  async function confirmed(what: Confirm) {
    setBusy(true);
    try {
      if (what.kind === 'filter') {
        const answer = await profileCalls.deleteScreener(target, sector.id, what.draft.field, what.draft.id);
        if (answer) stored(answer, null);
        notify.success(`${screenerFieldInfo[what.draft.field].label} filter deleted`);
      } else {
        await profileCalls.deleteScreener(target, sector.id, '', null);
        removed(sector.id);
        notify.success(`${sectorDisplayName(sector.name)} removed from the profile`);
        onRemoved();
      }
    } catch (error) {
      notify.error(errorMessage(error, 'Could not delete. Please try again.'));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }

  const saved = new Map(sector.screeners.map((s) => [s.id, s]));
  const fieldChoices = addableFields(
    screenerFields,
    drafts.map((d) => d.field),
  ).map((field: ScreenerField) => ({
    value: field,
    label: screenerFieldInfo[field].label,
    detail: screenerFieldInfo[field].hint,
  }));

  const countOf = (draft: DraftScreener): number | null | undefined => {
    if (draftProblem(draft) !== null) return undefined;
    if (loading || counts === null) return failed ? undefined : null;
    return counts[draft.field];
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="sector-title">
      <Flex
        align={{ base: 'start', md: 'center' }}
        justify="space-between"
        gap="3"
        wrap="wrap"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        p={{ base: '4', md: '5' }}
      >
        <Box minW="0">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="xl" id="sector-title">
              {sector.name}
            </Heading>
            <Badge variant="outline" colorPalette="gray">
              {sector.symbol}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="total-passed">
            {counts === null
              ? failed
                ? 'Could not count the stocks that pass.'
                : 'Counting the stocks that pass…'
              : `${counts.total_passed.toLocaleString('en-US')} of ${counts.total.toLocaleString('en-US')} stocks pass every filter${loading ? ' (updating…)' : ''}`}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <PlusIcon /> Add filter
          </Button>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="danger"
            onClick={() => setConfirm({ kind: 'sector' })}
          >
            <TrashIcon /> Delete sector
          </Button>
        </Flex>
      </Flex>

      {drafts.length === 0 ? (
        <Box
          bg="bg.panel"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border"
          rounded="xl"
          p="6"
          textAlign="center"
        >
          <Text color="fg.muted">
            No filters: every stock of the sector passes. Add a filter to narrow it down.
          </Text>
        </Box>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, '2xl': 3 }} gap="4">
          {drafts.map((draft) => (
            <FilterCard
              key={draft.key}
              draft={draft}
              saved={draft.id === null ? undefined : saved.get(draft.id)}
              count={countOf(draft)}
              saving={saving === draft.key}
              onChange={(change) => editDraft(sector.id, draft.key, change)}
              onSave={() => void save(draft)}
              onDelete={() =>
                draft.id === null ? dropDraft(sector.id, draft.key) : setConfirm({ kind: 'filter', draft })
              }
            />
          ))}
        </SimpleGrid>
      )}

      <ChoiceDialog
        open={adding}
        title="Add filter"
        subtitle={`A filter for ${sectorDisplayName(sector.name)}; it is stored once you save it.`}
        choices={fieldChoices}
        empty="Every filter is already in use."
        addLabel="Add filter"
        busy={false}
        onClose={() => setAdding(false)}
        onAdd={(field) => {
          addDraft(sector.id, newDraft(field as ScreenerField));
          setAdding(false);
        }}
      />
      <ConfirmAction
        open={confirm !== null}
        title={confirm?.kind === 'sector' ? 'Delete sector' : 'Delete filter'}
        text={
          confirm?.kind === 'sector'
            ? `Remove ${sector.name} and its filters from the profile?`
            : confirm?.kind === 'filter'
              ? `Remove the ${screenerFieldInfo[confirm.draft.field].label} filter from ${sector.name}?`
              : ''
        }
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void confirmed(confirm)}
      />
    </Stack>
  );
}
