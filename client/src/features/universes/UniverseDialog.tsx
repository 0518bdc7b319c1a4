import {
  Badge,
  Box,
  Button,
  CloseButton,
  Field,
  Flex,
  Input,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { Universe, UniverseSummary } from '@insight/shared/market/schemas';
import {
  normaliseSymbolFilter,
  parseTickers,
  universeLimits,
  universeMessages,
  universeNameField,
  type UniverseSaveBody,
} from '@insight/shared/universes/schemas';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { DialogShell } from '../portfolio/dialogs/DialogShell';
import { universeCalls } from './api';
import { ConfirmAction } from './ConfirmAction';
import { formatUniverseDate } from './rights';

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; universe: Universe } | { kind: 'failed'; message: string };

interface UniverseDialogProps {
  /** null: a new universe; else the universe to view (and edit when `canEdit`). */
  universe: UniverseSummary | null;
  canEdit: boolean;
  onClose: () => void;
  /** After a save: the dialogs close and the list is read again (spec 002 §4). */
  onSaved: () => void;
}

/** How many symbol chips the dialog draws at once; the filter narrows the rest. */
const chipsShown = 400;

/**
 * The create dialog and the view/edit dialog of spec 002 §2.5: a name, the symbols (filtered by the
 * symbol filter, removable when editing) and symbols to add, saved after a confirmation.
 */
export function UniverseDialog({ universe, canEdit, onClose, onSaved }: UniverseDialogProps) {
  const creating = universe === null;
  const [loaded, setLoaded] = useState<Loaded>(
    creating ? { kind: 'ready', universe: blank } : { kind: 'loading' },
  );
  const [name, setName] = useState(universe?.name ?? '');
  const [addText, setAddText] = useState('');
  const [filter, setFilter] = useState('');
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UniverseSaveBody | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (universe === null) return;
    const controller = new AbortController();
    universeCalls.one(universe.id, controller.signal).then(
      (full) => setLoaded({ kind: 'ready', universe: full }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notify.error(universeMessages.symbolsFailed);
        setLoaded({ kind: 'failed', message: errorMessage(error, universeMessages.symbolsFailed) });
      },
    );
    return () => controller.abort();
  }, [universe]);

  const held = useMemo(() => (loaded.kind === 'ready' ? loaded.universe.tickers : []), [loaded]);
  const kept = useMemo(() => held.filter((symbol) => !removed.has(symbol)), [held, removed]);
  const matching = useMemo(
    () => (filter === '' ? kept : kept.filter((symbol) => symbol.includes(filter))),
    [kept, filter],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsedName = universeNameField.safeParse(name);
    if (!parsedName.success) {
      setProblem(parsedName.error.issues[0]?.message ?? universeMessages.nameRequired);
      return;
    }
    const added = parseTickers(addText);
    if (added.invalid.length > 0) {
      setProblem(universeMessages.notSymbols(added.invalid));
      return;
    }
    if (creating && added.tickers.length === 0) {
      setProblem(universeMessages.noTickers);
      return;
    }
    if (!creating && kept.length + added.tickers.length === 0) {
      setProblem(universeMessages.noTickers);
      return;
    }
    setProblem(null);
    setConfirming(
      creating
        ? { name: parsedName.data, id: false, tickers: added.tickers }
        : {
            name: parsedName.data,
            id: universe.id,
            current: held,
            added: added.tickers,
            removed: [...removed],
          },
    );
  }

  async function save(body: UniverseSaveBody) {
    setBusy(true);
    try {
      const answer = creating
        ? await universeCalls.create(body)
        : await universeCalls.update(universe.id, body);
      notify.success(answer.msg);
      setConfirming(null);
      onSaved();
    } catch (error) {
      const message = `${universeMessages.saveFailed} ${errorMessage(error, '')}`.trim();
      notify.error(message);
      setProblem(message);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  const editable = creating || canEdit;
  const title = creating ? 'New universe' : editable ? 'Edit universe' : 'Universe';
  const formId = 'universe-form';

  return (
    <>
      <DialogShell
        open
        onClose={onClose}
        title={title}
        subtitle={
          universe !== null ? (
            <>
              {universe.system ? 'System universe' : 'Your account’s universe'} · updated{' '}
              {formatUniverseDate(universe.updated)}
            </>
          ) : (
            'A list of symbols the scanner, reports and backtests can use.'
          )
        }
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {editable ? 'Cancel' : 'Close'}
            </Button>
            {editable && (
              <Button type="submit" form={formId} disabled={loaded.kind !== 'ready'}>
                {creating ? 'Create universe' : 'Save changes'}
              </Button>
            )}
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} aria-label={title}>
          <Stack gap="4">
            {editable ? (
              <Field.Root
                invalid={
                  problem === universeMessages.nameRequired || problem === universeMessages.nameTooLong
                }
              >
                <Field.Label>Name</Field.Label>
                <Input
                  name="name"
                  value={name}
                  maxLength={universeLimits.nameMax}
                  onChange={(event) => {
                    setName(event.target.value);
                    setProblem(null);
                  }}
                />
                <Field.HelperText>
                  {name.trim().length}/{universeLimits.nameMax}
                </Field.HelperText>
              </Field.Root>
            ) : (
              <Text fontSize="lg" fontWeight="semibold" data-testid="universe-name">
                {name}
              </Text>
            )}

            {!creating && (
              <Stack gap="2">
                <Flex gap="3" align="end" wrap="wrap">
                  <Field.Root flex="1" minW="40">
                    <Field.Label>Filter symbols</Field.Label>
                    <Input
                      name="filter"
                      value={filter}
                      maxLength={universeLimits.filterMax}
                      placeholder="e.g. AA"
                      onChange={(event) => setFilter(normaliseSymbolFilter(event.target.value))}
                    />
                  </Field.Root>
                  <Text fontSize="sm" color="fg.muted" pb="2" aria-live="polite">
                    {loaded.kind === 'ready'
                      ? `${matching.length} of ${kept.length} symbols${removed.size > 0 ? ` · ${removed.size} to remove` : ''}`
                      : ''}
                  </Text>
                </Flex>
                {loaded.kind === 'loading' && (
                  <Skeleton h="32" rounded="md" aria-busy="true" aria-label="Loading the symbols" />
                )}
                {loaded.kind === 'failed' && <FormProblem message={loaded.message} />}
                {loaded.kind === 'ready' && (
                  <Box
                    borderWidth="1px"
                    borderColor="border"
                    rounded="md"
                    p="2"
                    maxH="56"
                    overflowY="auto"
                    data-testid="universe-symbols"
                  >
                    {matching.length === 0 ? (
                      <Text fontSize="sm" color="fg.muted" p="2">
                        {kept.length === 0 ? 'No symbols.' : 'No symbol matches the filter.'}
                      </Text>
                    ) : (
                      <Flex as="ul" listStyleType="none" wrap="wrap" gap="1.5" aria-label="Symbols">
                        {matching.slice(0, chipsShown).map((symbol) => (
                          <Box as="li" key={symbol}>
                            <Badge
                              size="md"
                              variant="subtle"
                              colorPalette="gray"
                              gap="0.5"
                              pe={editable ? '0.5' : undefined}
                            >
                              {symbol}
                              {editable && (
                                <CloseButton
                                  size="2xs"
                                  aria-label={`Remove ${symbol}`}
                                  onClick={() => setRemoved((current) => new Set(current).add(symbol))}
                                />
                              )}
                            </Badge>
                          </Box>
                        ))}
                        {matching.length > chipsShown && (
                          <Text as="li" fontSize="sm" color="fg.muted" px="1">
                            and {matching.length - chipsShown} more: filter to find one
                          </Text>
                        )}
                      </Flex>
                    )}
                  </Box>
                )}
                {removed.size > 0 && (
                  <Button
                    size="xs"
                    variant="ghost"
                    alignSelf="flex-start"
                    onClick={() => setRemoved(new Set())}
                  >
                    Keep the removed symbols
                  </Button>
                )}
              </Stack>
            )}

            {editable && (
              <Field.Root>
                <Field.Label>{creating ? 'Symbols' : 'Add symbols'}</Field.Label>
                <Textarea
                  name="tickers"
                  rows={creating ? 5 : 3}
                  value={addText}
                  maxLength={universeLimits.tickersTextMax}
                  placeholder="AAPL, MSFT NVDA"
                  onChange={(event) => {
                    setAddText(event.target.value);
                    setProblem(null);
                  }}
                />
                <Field.HelperText>Separate symbols with commas, spaces or new lines.</Field.HelperText>
              </Field.Root>
            )}
            <FormProblem message={problem} />
          </Stack>
        </form>
      </DialogShell>
      <ConfirmAction
        open={confirming !== null}
        title={creating ? 'Create universe' : 'Save universe'}
        text={creating ? `Create the universe "${confirming?.name ?? ''}"?` : universeMessages.confirmSave}
        confirmLabel={creating ? 'Create' : 'Save'}
        busy={busy}
        onConfirm={() => confirming !== null && void save(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

const blank: Universe = { id: 0, name: '', system: false, updated: '', tickers: [] };
