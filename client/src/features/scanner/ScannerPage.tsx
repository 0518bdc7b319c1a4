import { Box, Heading, Stack } from '@chakra-ui/react';
import { can, type OpportunityRow, type ScannerSetting } from '@insight/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { portfolioCalls } from '../portfolio/api';
import { PositionDialog } from '../portfolio/positionDialog/PositionDialog';
import { excelUrl, scannerCalls, type ScanRequest } from './api';
import { PreStage, type PreState } from './PreStage';
import { ResultsStage } from './ResultsStage';
import { RunStage, type RunState } from './RunStage';
import { SettingsEditor } from './SettingsEditor';

type Stage =
  { name: 'pre' } | { name: 'edit'; setting: ScannerSetting | null } | { name: 'run' } | { name: 'results' };

/**
 * The Opportunities Scanner (spec 002 §2.3, §4): pre → edit (Edit or Create new Settings) → back to pre
 * with the list reloaded; pre → run on Next; run → results once every sector is in (or, responsive, at
 * the first sector); results → pre on Back. Leaving run or results clears the results.
 */
export function ScannerPage() {
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const [stage, setStage] = useState<Stage>({ name: 'pre' });
  const [pre, setPre] = useState<PreState>({
    settingId: null,
    universeId: null,
    responsive: true,
    sectors: [],
  });
  const [settings, setSettings] = useState<ScannerSetting[] | null>(null);
  const [universes, setUniverses] = useState<{ id: number; name: string; tickers_count: number }[] | null>(
    null,
  );
  const [run, setRun] = useState<RunState | null>(null);
  const [results, setResults] = useState<Record<string, OpportunityRow[]>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState<{ portfolioId: number; symbols: string[] } | null>(null);
  const scanAbort = useRef<AbortController | null>(null);

  const loadSettings = useCallback((signal?: AbortSignal) => {
    scannerCalls.settings(signal).then(setSettings, () => !signal?.aborted && setSettings([]));
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    loadSettings(controller.signal);
    scannerCalls.universes(controller.signal).then(
      (list) => {
        setUniverses(list);
        // Spec 002 §9: the default universe is the one with S&P500 in its label.
        const preferred = list.find((u) => u.name.replace(/\s/g, '').includes('S&P500')) ?? list[0];
        setPre((state) =>
          state.universeId === null && preferred ? { ...state, universeId: preferred.id } : state,
        );
      },
      () => !controller.signal.aborted && setUniverses([]),
    );
    return () => {
      controller.abort();
      scanAbort.current?.abort();
    };
  }, [loadSettings]);

  const clear = () => {
    scanAbort.current?.abort();
    setResults({});
    setSelected(new Set());
    setRun(null);
  };

  const start = () => {
    if (pre.universeId === null) return;
    clear();
    const request: ScanRequest = {
      universe: pre.universeId,
      settings: pre.settingId,
      sectors: pre.sectors.map(({ id, count }) => ({ id, count })),
    };
    const controller = new AbortController();
    scanAbort.current = controller;
    setRun({ phase: 'Fetching symbol data', sector: null, done: [], total: pre.sectors.length });
    setStage({ name: 'run' });
    scannerCalls
      .scan(
        request,
        (event) => {
          if (controller.signal.aborted) return;
          if (event.type === 'progress') {
            setRun(
              (state) => state && { ...state, phase: event.payload.phase, sector: event.payload.sector },
            );
          } else {
            const { sector, rows } = event.payload;
            setResults((previous) => ({ ...previous, [sector]: rows }));
            setRun((state) => state && { ...state, done: [...new Set([...state.done, sector])] });
            if (pre.responsive)
              setStage((current) => (current.name === 'run' ? { name: 'results' } : current));
          }
        },
        controller.signal,
      )
      .then(
        (all) => {
          if (controller.signal.aborted) return;
          setResults(all);
          setStage((current) => (current.name === 'run' ? { name: 'results' } : current));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          notify.error(errorMessage(error, 'The scan could not be run. Please try again.'));
          setStage({ name: 'pre' });
          clear();
        },
      );
  };

  const addSelected = () => {
    if (user === null) return;
    portfolioCalls.list(user.user_id).then(
      (files) => {
        const file = files[0];
        if (!file) {
          notify.error('Open a portfolio first (the Portfolio tab) to add positions to it.');
          return;
        }
        setAdding({ portfolioId: file.id, symbols: [...selected].sort() });
      },
      (error: unknown) =>
        notify.error(errorMessage(error, 'Your portfolio could not be opened. Please try again.')),
    );
  };

  const request: ScanRequest | null =
    pre.universeId === null
      ? null
      : { universe: pre.universeId, settings: pre.settingId, sectors: pre.sectors };

  return (
    <Box
      as="section"
      aria-labelledby="scanner-title"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
      maxW="7xl"
      mx="auto"
      w="full"
    >
      <Stack gap="5">
        <Heading as="h1" id="scanner-title" size="xl">
          Opportunities Scanner
        </Heading>
        {stage.name === 'pre' && (
          <PreStage
            state={pre}
            onChange={setPre}
            settings={settings}
            universes={universes}
            onEdit={(id) => {
              const setting = settings?.find((s) => s.id === id) ?? null;
              setStage({ name: 'edit', setting });
            }}
            onCreate={() => setStage({ name: 'edit', setting: null })}
            onNext={start}
          />
        )}
        {stage.name === 'edit' && (
          <SettingsEditor
            setting={stage.setting}
            onCancel={() => setStage({ name: 'pre' })}
            onSaved={(id) => {
              loadSettings();
              setPre((state) => ({ ...state, settingId: id }));
              setStage({ name: 'pre' });
              notify.success('Settings saved');
            }}
          />
        )}
        {stage.name === 'run' && run && (
          <RunStage
            run={run}
            onCancel={() => {
              clear();
              setStage({ name: 'pre' });
            }}
          />
        )}
        {stage.name === 'results' && (
          <ResultsStage
            sectors={pre.sectors.map((sector) => ({ name: sector.name, rows: results[sector.name] }))}
            selected={selected}
            onSelect={(tickers, on) =>
              setSelected((previous) => {
                const next = new Set(previous);
                for (const ticker of tickers) {
                  if (on) next.add(ticker);
                  else next.delete(ticker);
                }
                return next;
              })
            }
            onBack={() => {
              clear();
              setStage({ name: 'pre' });
            }}
            onAdd={addSelected}
            excelHref={request && can(roles, 'tools.systemAdmin') ? excelUrl(request) : null}
          />
        )}
      </Stack>
      {adding && (
        <PositionDialog
          open
          onClose={() => setAdding(null)}
          portfolioId={adding.portfolioId}
          preset={{ symbols: adding.symbols }}
        />
      )}
    </Box>
  );
}
