import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  RadioGroup,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { portfolioMessages, type Position } from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/request';
import { useAtomValue } from '../../../app/store';
import { FormProblem } from '../../../components/FormProblem';
import { notify } from '../../../components/ui/toaster';
import { currentUserAtom } from '../../auth/atoms';
import { portfolioCalls } from '../api';
import { positionDialogCalls } from './api';
import { FromListForm, type FromListDraft, type Lookup } from './FromListForm';
import { fromListProblem, parseSymbols, parseTotal, splitTotal, type PricedSymbol } from './fromList';
import { PlusIcon } from './icons';
import {
  canSave,
  defaultEntryDate,
  editLine,
  itemOf,
  lineOfPosition,
  newLine,
  withLastPrice,
  type DateBounds,
  type LineField,
  type PositionLine,
  type PositionType,
} from './lines';
import { PositionLineRow } from './PositionLineRow';

export interface PositionDialogPreset {
  symbol?: string;
  type?: PositionType;
  /** An open position to edit. */
  position?: Position;
  /** Several symbols to add, a line each ("Add Positions", e.g. the scanner's selection). */
  symbols?: readonly string[];
}

export interface PositionDialogProps {
  open: boolean;
  onClose(): void;
  portfolioId: number;
  preset?: PositionDialogPreset;
  /** Spec 002 §8: "Position added to Portfolio" is toasted only when asked; it is by default. */
  successToast?: boolean;
  /** After a save the server accepted (the dialog then closes after 0.5 s). */
  onSaved?: (ids: readonly number[]) => void;
}

/** Spec 002 §9: the dialog closes 0.5 s after a successful save. */
export const closeAfterSaveMs = 500;
const saveFailed = 'The position could not be saved. Please try again.';

/**
 * The position dialog (spec 002 §2.11, §4, §5): "Edit Position" for an open position, "Add
 * Position" for a preselected symbol, otherwise "Add Positions" with a Manual / From List choice.
 * Its state lives while it is open: every opening starts afresh.
 */
export function PositionDialog(props: PositionDialogProps) {
  const { open, onClose, preset } = props;
  const single = preset?.position !== undefined || preset?.symbol !== undefined;
  // Full screen on a phone; a responsive `size` prop would keep the full-screen height on a desktop.
  const size = useBreakpointValue({ base: 'full', sm: single ? 'lg' : 'xl' } as const) ?? 'full';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
      placement="center"
      scrollBehavior="inside"
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={single ? undefined : { lg: '5xl' }}>
            {open && <PositionDialogContent {...props} single={single} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Mode = 'manual' | 'list';

function initialLines(preset: PositionDialogPreset | undefined, date: string): PositionLine[] {
  if (preset?.position) return [lineOfPosition(preset.position)];
  if (preset?.symbol) {
    return [editLine(newLine({ date, type: preset.type ?? 'Buy' }), 'symbol', preset.symbol)];
  }
  if (preset?.symbols && preset.symbols.length > 0) {
    return preset.symbols.map((symbol) =>
      editLine(newLine({ date, type: preset.type ?? 'Buy' }), 'symbol', symbol),
    );
  }
  return [newLine({ date })];
}

function PositionDialogContent({
  onClose,
  portfolioId,
  preset,
  successToast = true,
  onSaved,
  single,
}: PositionDialogProps & { single: boolean }) {
  const user = useAtomValue(currentUserAtom);
  const editing = preset?.position !== undefined;
  const [bounds, setBounds] = useState<DateBounds>(() => ({ min: null, max: newYorkDate(new Date()) }));
  const [lines, setLines] = useState(() => initialLines(preset, defaultEntryDate(bounds)));
  const [mode, setMode] = useState<Mode>('manual');
  const [draft, setDraft] = useState<FromListDraft>({ symbols: '', total: '' });
  const [listProblem, setListProblem] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [dropped, setDropped] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const alive = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    return () => controller.abort();
  }, []);

  useLastDeposit(user?.user_id ?? null, portfolioId, editing, setBounds, setLines);
  useLastPrices(lines, setLines);

  const onEdit = useCallback((key: number, field: LineField, text: string) => {
    setProblem(null);
    setLines((current) => current.map((line) => (line.key === key ? editLine(line, field, text) : line)));
  }, []);
  const onRemove = useCallback((key: number) => {
    setLines((current) => (current.length > 1 ? current.filter((line) => line.key !== key) : current));
  }, []);
  const addLine = () => setLines((current) => [...current, newLine({ date: defaultEntryDate(bounds) })]);

  const next = async () => {
    const symbols = parseSymbols(draft.symbols);
    const total = parseTotal(draft.total);
    const issue = fromListProblem(symbols, total);
    setListProblem(issue);
    if (issue !== null || total === null) return;
    const signal = alive.current.signal;
    setLookup({ done: 0, total: symbols.length });
    const priced = await lookUpAll(symbols, signal, () =>
      setLookup((current) => current && { ...current, done: current.done + 1 }),
    );
    if (signal.aborted) return;
    setLookup(null);
    const made = splitTotal(priced, total, { date: defaultEntryDate(bounds) });
    if (made.length === 0) {
      setListProblem(portfolioMessages.invalidSymbols);
      return;
    }
    setDropped(
      priced.filter((entry) => !made.some((line) => line.symbol === entry.symbol)).map((e) => e.symbol),
    );
    setLines(made);
    setMode('manual');
  };

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const answer = await portfolioCalls.addPositions({
        portfolio_id: portfolioId,
        items: lines.map(itemOf),
      });
      if (alive.current.signal.aborted) return;
      if (!answer.status || answer.type === 1) {
        setProblem(answer.msg || saveFailed);
        return;
      }
      setSaved(true);
      if (successToast) notify.success(answer.msg || portfolioMessages.positionAdded);
      onSaved?.(answer.ids);
      const timer = setTimeout(onClose, closeAfterSaveMs);
      alive.current.signal.addEventListener('abort', () => clearTimeout(timer));
    } catch (error) {
      if (!alive.current.signal.aborted) setProblem(errorMessage(error, saveFailed));
    } finally {
      if (!alive.current.signal.aborted) setSaving(false);
    }
  };

  const title = editing ? 'Edit Position' : single ? 'Add Position' : 'Add Positions';
  const ready = canSave(lines, bounds);
  const busy = saving || saved;

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="3" pb="3">
        <Dialog.Title>{title}</Dialog.Title>
        {!single && !preset?.symbols?.length && (
          <RadioGroup.Root
            size="sm"
            value={mode}
            onValueChange={(details) => {
              if (details.value === 'manual' || details.value === 'list') setMode(details.value);
            }}
            disabled={lookup !== null || busy}
            aria-label="How to add positions"
          >
            <HStack gap="5">
              {(
                [
                  ['manual', 'Manual'],
                  ['list', 'From List'],
                ] as const
              ).map(([value, label]) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )}
      </Dialog.Header>

      <Dialog.Body pb="4">
        {mode === 'list' ? (
          <FromListForm
            draft={draft}
            onChange={(value) => {
              setDraft(value);
              setListProblem(null);
            }}
            problem={listProblem}
            lookup={lookup}
          />
        ) : (
          <Stack gap={{ base: '3', lg: '4' }}>
            {dropped.length > 0 && (
              <Alert.Root status="info" size="sm" variant="subtle">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">
                  No price for {dropped.join(', ')}: left out of the list.
                </Alert.Title>
              </Alert.Root>
            )}
            {lines.map((line, index) => (
              <PositionLineRow
                key={line.key}
                line={line}
                number={index + 1}
                numbered={!single}
                compact={single}
                bounds={bounds}
                symbolLocked={editing || busy}
                removable={lines.length > 1 && !busy}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            ))}
            <FormProblem message={problem} />
          </Stack>
        )}
      </Dialog.Body>

      <Dialog.Footer justifyContent="space-between" gap="3" borderTopWidth="1px" borderColor="border" pt="3">
        <Box>
          {mode === 'manual' && !single && (
            <Button size="sm" variant="outline" onClick={addLine} disabled={busy}>
              <PlusIcon /> Add line
            </Button>
          )}
          {mode === 'manual' && !single && lines.length > 1 && (
            <Text as="span" ms="3" fontSize="sm" color="fg.muted" hideBelow="sm">
              {lines.length} positions
            </Text>
          )}
        </Box>
        <HStack gap="2">
          <Dialog.ActionTrigger asChild>
            <Button size="sm" variant="ghost">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          {mode === 'list' ? (
            <Button size="sm" colorPalette="brand" onClick={() => void next()} loading={lookup !== null}>
              Next
            </Button>
          ) : (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => void save()}
              disabled={!ready || saved}
              loading={saving}
            >
              Save
            </Button>
          )}
        </HStack>
      </Dialog.Footer>
    </>
  );
}

/**
 * The earliest entry date: the file's last deposit (spec 002 §5). New lines dated before it move up
 * to it once it is known.
 */
function useLastDeposit(
  userId: number | null,
  portfolioId: number,
  editing: boolean,
  setBounds: (update: (bounds: DateBounds) => DateBounds) => void,
  setLines: (update: (lines: PositionLine[]) => PositionLine[]) => void,
) {
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    portfolioCalls.lastFundDate(userId, portfolioId, controller.signal).then(
      (answer) => {
        const min = answer.last_deposite?.slice(0, 10) ?? null;
        setBounds((bounds) => ({ ...bounds, min }));
        if (min === null || editing) return;
        setLines((lines) =>
          lines.map((line) =>
            line.posId === undefined && line.date < min
              ? { ...line, date: defaultEntryDate({ min, max: newYorkDate(new Date()) }) }
              : line,
          ),
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          console.warn('[portfolio] could not read the last deposit date', error);
      },
    );
    return () => controller.abort();
  }, [userId, portfolioId, editing, setBounds, setLines]);
}

/** Looks up the last price of each line being checked, a moment after the typing stops. */
function useLastPrices(
  lines: readonly PositionLine[],
  setLines: (update: (lines: PositionLine[]) => PositionLine[]) => void,
) {
  const checking = useMemo(
    () =>
      lines
        .filter((line) => line.mark === 'checking')
        .map((line) => ({ key: line.key, symbol: line.symbol })),
    [lines],
  );
  const signature = checking.map((line) => `${line.key}:${line.symbol}`).join(',');
  useEffect(() => {
    if (checking.length === 0) return;
    const controller = new AbortController();
    const settle = (key: number, symbol: string, price: number | null) =>
      setLines((current) =>
        current.map((line) => (line.key === key ? withLastPrice(line, symbol, price) : line)),
      );
    const timer = setTimeout(() => {
      for (const { key, symbol } of checking) {
        positionDialogCalls.lastPrice(symbol, controller.signal).then(
          (price) => settle(key, symbol, price),
          () => {
            if (!controller.signal.aborted) settle(key, symbol, null);
          },
        );
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `signature` names exactly the lookups wanted; `checking` follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, setLines]);
}

/** The last price of every symbol, four at a time; a failed lookup counts as no price. */
async function lookUpAll(
  symbols: readonly string[],
  signal: AbortSignal,
  onEach: () => void,
): Promise<PricedSymbol[]> {
  const priced: PricedSymbol[] = symbols.map((symbol) => ({ symbol, price: null }));
  let next = 0;
  const worker = async () => {
    while (next < symbols.length && !signal.aborted) {
      const index = next++;
      const entry = priced[index]!;
      try {
        entry.price = await positionDialogCalls.lastPrice(entry.symbol, signal);
      } catch {
        entry.price = null;
      }
      if (!signal.aborted) onEach();
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, symbols.length) }, worker));
  return priced;
}
