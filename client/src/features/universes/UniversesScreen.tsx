import { Badge, Box, Button, Flex, Heading, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { UniverseSummary } from '@insight/shared/market/schemas';
import { universeMessages } from '@insight/shared/universes/schemas';
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from '../../app/store';
import { errorMessage } from '../../api/request';
import { StatusPanel } from '../../components/StatusPanel';
import { LockIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom } from '../auth/atoms';
import { universeCalls } from './api';
import { ConfirmAction } from './ConfirmAction';
import { formatUniverseDate, universeRights } from './rights';
import { UniverseDialog } from './UniverseDialog';

type ListState =
  { kind: 'loading' } | { kind: 'ready'; universes: UniverseSummary[] } | { kind: 'failed'; message: string };

const listFailed = 'Could not load the universes. Please try again.';

/**
 * The Universes screen (spec 002 §2.5, §6): the system universes and the account's, with their
 * updated dates; client admins create, edit and delete the account's, system admins edit system ones;
 * everyone else views.
 */
export default function UniversesScreen() {
  const roles = useAtomValue(currentRolesAtom);
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const [open, setOpen] = useState<{ universe: UniverseSummary | null } | null>(null);
  const [deleting, setDeleting] = useState<UniverseSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    universeCalls.list(controller.signal).then(
      (universes) => setState({ kind: 'ready', universes }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: errorMessage(error, listFailed) });
      },
    );
    return () => controller.abort();
  }, [generation]);

  async function remove(universe: UniverseSummary) {
    setBusy(true);
    try {
      const answer = await universeCalls.remove(universe.id);
      notify.success(answer.msg);
      reload();
    } catch (error) {
      notify.error(
        `${universeMessages.deleteFailed}${errorMessage(error, '') ? `: ${errorMessage(error, '')}` : ''}`,
      );
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const canCreate = universeRights.create(roles);

  return (
    <Stack gap="5" as="section" aria-labelledby="universes-title">
      <Flex align="end" justify="space-between" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h1" id="universes-title" size="2xl" letterSpacing="tight">
            Universes
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Lists of symbols the scanner, the reports and the backtests choose from.
            {!canCreate && ' Your account administrator creates and edits your account’s universes.'}
          </Text>
        </Box>
        {canCreate && (
          <Button onClick={() => setOpen({ universe: null })}>
            <PlusIcon /> New universe
          </Button>
        )}
      </Flex>

      {state.kind === 'loading' && (
        <Skeleton h="64" rounded="xl" aria-busy="true" aria-label="Loading the universes" />
      )}
      {state.kind === 'failed' && (
        <StatusPanel
          icon={<LockIcon />}
          title="Universes not available"
          tone="danger"
          action={
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setState({ kind: 'loading' });
                reload();
              }}
            >
              Try again
            </Button>
          }
        >
          {state.message}
        </StatusPanel>
      )}
      {state.kind === 'ready' && state.universes.length === 0 && (
        <StatusPanel icon={<PlusIcon />} title="No universes yet" tone="gray">
          The system universes appear once the market data is in.
        </StatusPanel>
      )}
      {state.kind === 'ready' && state.universes.length > 0 && (
        <Box
          as="ul"
          listStyleType="none"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          shadow="xs"
          aria-label="Universes"
        >
          {state.universes.map((universe, index) => {
            const canEdit = universeRights.edit(roles, universe);
            return (
              <Flex
                as="li"
                key={universe.id}
                align="center"
                gap="3"
                px={{ base: '3', md: '5' }}
                py="3"
                borderTopWidth={index === 0 ? '0' : '1px'}
                borderColor="border"
                data-testid="universe-row"
              >
                <Box flex="1" minW="0">
                  <Flex align="center" gap="2" wrap="wrap">
                    <Text fontWeight="semibold" truncate maxW="full">
                      {universe.name}
                    </Text>
                    {universe.system && (
                      <Badge size="sm" variant="subtle" colorPalette="gray">
                        System
                      </Badge>
                    )}
                  </Flex>
                  {universe.description && <Text fontSize="sm">{universe.description}</Text>}
                  <Text fontSize="sm" color="fg.muted">
                    {universe.tickers_count} {universe.tickers_count === 1 ? 'symbol' : 'symbols'} · updated{' '}
                    {formatUniverseDate(universe.updated)}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setOpen({ universe })}
                  aria-label={`${canEdit ? 'Edit' : 'View'} ${universe.name}`}
                >
                  {canEdit ? 'Edit' : 'View'}
                </Button>
                {universeRights.remove(roles, universe) && (
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="danger"
                    aria-label={`Delete ${universe.name}`}
                    onClick={() => setDeleting(universe)}
                  >
                    <TrashIcon />
                  </IconButton>
                )}
              </Flex>
            );
          })}
        </Box>
      )}

      {open !== null && (
        <UniverseDialog
          key={open.universe?.id ?? 'new'}
          universe={open.universe}
          canEdit={open.universe === null ? canCreate : universeRights.edit(roles, open.universe)}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
      <ConfirmAction
        open={deleting !== null}
        title="Delete universe"
        text={universeMessages.confirmDelete}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => deleting !== null && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
