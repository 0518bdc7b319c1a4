import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { benchmarkGroups, type MonitorSetting } from '@insight/shared';
import {
  ma50Options,
  monitorFallbacks,
  monitorLabels,
  monitorValueMaxLength,
  positionWeightOptions,
  riskLevels,
  sectorWeightOptions,
  thresholdTypes,
  type PortfolioSettings,
  type Preferences,
  type ThresholdType,
} from '@insight/shared/portfolio/monitor';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import { notify } from '../../components/ui/toaster';
import { notificationCalls } from './api';

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed' };

const isThreshold = (type: MonitorSetting['type']): type is ThresholdType =>
  (thresholdTypes as readonly string[]).includes(type);

/**
 * Spec 001 §2 "Settings, with tabs Portfolio Monitor and Preferences": each monitor rule on or off
 * with its value (2 characters, spec 001 §5), and the file's preferences. Saving answers 'Monitor
 * Settings updated'. `open` false keeps it closed.
 */
export function MonitorSettingsDialog({
  portfolioId,
  open,
  onClose,
}: {
  portfolioId: number;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '2', md: '4' }}>
          <Dialog.Content>
            {open && <SettingsContent portfolioId={portfolioId} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const optionOf = (option: string | null) => ma50Options.find((known) => known === option) ?? null;

/** The value box's text: digits only, at most 2. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, monitorValueMaxLength);

function SettingsContent({ portfolioId, onClose }: { portfolioId: number; onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [settings, setSettings] = useState<MonitorSetting[]>([]);
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [tab, setTab] = useState('monitor');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    notificationCalls.settings(portfolioId, controller.signal).then(
      (answer: PortfolioSettings) => {
        setSettings(answer.notification_settings);
        setPreferences(answer.preferences);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[monitor] could not load the settings', error);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [portfolioId, attempt]);

  const change = (type: MonitorSetting['type'], patch: Partial<MonitorSetting>) =>
    setSettings((list) => list.map((entry) => (entry.type === type ? { ...entry, ...patch } : entry)));

  async function save() {
    if (preferences === null) return;
    setSaving(true);
    setProblem(null);
    try {
      const answer = await notificationCalls.updateSettings({
        portfolio: portfolioId,
        settings: settings.map((entry) => ({ ...entry, selectedOption: optionOf(entry.selectedOption) })),
        preferences,
      });
      notify.success(answer.msg);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Could not save the settings. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Dialog.Header pb="0">
        <Dialog.Title>Settings</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {load.status === 'loading' && (
          <Stack gap="3" pt="4" aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h="9" />
            ))}
          </Stack>
        )}
        {load.status === 'failed' && (
          <Stack gap="3" pt="4" align="start">
            <Text color="fg.muted">Could not load the settings.</Text>
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Stack>
        )}
        {load.status === 'ready' && preferences !== null && (
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line">
            <Tabs.List>
              <Tabs.Trigger value="monitor">Portfolio Monitor</Tabs.Trigger>
              <Tabs.Trigger value="preferences">Preferences</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="monitor" pt="3">
              <Stack gap="0" as="ul" listStyleType="none" aria-label="Monitor rules">
                {settings.map((entry) => (
                  <MonitorRow
                    key={entry.type}
                    entry={entry}
                    onChange={(patch) => change(entry.type, patch)}
                  />
                ))}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="preferences" pt="4">
              <PreferencesForm
                preferences={preferences}
                onChange={(patch) =>
                  setPreferences((current) => (current === null ? current : { ...current, ...patch }))
                }
              />
            </Tabs.Content>
          </Tabs.Root>
        )}
        {problem !== null && (
          <Text role="alert" color="danger.fg" fontSize="sm" mt="3">
            {problem}
          </Text>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={load.status !== 'ready'}>
          Save
        </Button>
      </Dialog.Footer>
    </>
  );
}

function MonitorRow({
  entry,
  onChange,
}: {
  entry: MonitorSetting;
  onChange: (patch: Partial<MonitorSetting>) => void;
}) {
  const { label, unit } = monitorLabels[entry.type];
  const inputId = `monitor-value-${entry.type}`;
  return (
    <Flex
      as="li"
      align="center"
      justify="space-between"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      minH="11"
    >
      <Checkbox.Root
        checked={entry.checked}
        onCheckedChange={(details) => onChange({ checked: details.checked === true })}
        size="sm"
        flex="1"
        minW="0"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{label}</Checkbox.Label>
      </Checkbox.Root>
      {isThreshold(entry.type) && (
        <Flex align="center" gap="1.5" flexShrink={0}>
          <Input
            id={inputId}
            aria-label={`${label} value`}
            size="sm"
            w="14"
            textAlign="right"
            inputMode="numeric"
            maxLength={monitorValueMaxLength}
            placeholder={String(monitorFallbacks[entry.type])}
            value={entry.value === null ? '' : String(entry.value)}
            disabled={!entry.checked}
            onChange={(event) => {
              const text = digits(event.currentTarget.value);
              onChange({ value: text === '' ? null : Number(text) });
            }}
          />
          <Text as="span" fontSize="sm" color="fg.muted" w="12" whiteSpace="nowrap">
            {unit}
          </Text>
        </Flex>
      )}
      {entry.type === 'ma50' && (
        <NativeSelect.Root size="sm" w="32" flexShrink={0} disabled={!entry.checked}>
          <NativeSelect.Field
            aria-label="MA50 cross direction"
            value={entry.selectedOption ?? ''}
            onChange={(event) => onChange({ selectedOption: event.currentTarget.value || null })}
          >
            <option value="">Either way</option>
            {ma50Options.map((option) => (
              <option key={option} value={option}>
                {option === 'below' ? 'Below only' : 'Above only'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Flex>
  );
}

function PreferencesForm({
  preferences,
  onChange,
}: {
  preferences: Preferences;
  onChange: (patch: Partial<Preferences>) => void;
}) {
  const select = <K extends keyof Preferences>(key: K, label: string, options: readonly string[]) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(preferences[key])}
          onChange={(event) => onChange({ [key]: event.currentTarget.value } as Partial<Preferences>)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  const number = (key: 'number_of_positions' | 'cash_position', label: string, hint: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        inputMode="numeric"
        maxLength={2}
        value={String(preferences[key])}
        onChange={(event) => onChange({ [key]: Number(digits(event.currentTarget.value) || '0') })}
      />
      <Field.HelperText>{hint}</Field.HelperText>
    </Field.Root>
  );
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Field.Root>
        <Field.Label>Default ETF</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={preferences.default_etf}
            onChange={(event) => onChange({ default_etf: event.currentTarget.value })}
          >
            {benchmarkGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.etfs.map((etf) => (
                  <option key={etf.symbol} value={etf.symbol}>
                    {etf.symbol} · {etf.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>Benchmark of positions without a sector ETF</Field.HelperText>
      </Field.Root>
      {number('number_of_positions', 'Number of positions', '1 to 99')}
      {number('cash_position', 'Cash position (%)', 'Share of the file kept in cash')}
      {select('risk', 'Risk', riskLevels)}
      {select('sector_weight', 'Sector weight', sectorWeightOptions)}
      {select('position_weight', 'Position weight', positionWeightOptions)}
    </SimpleGrid>
  );
}
