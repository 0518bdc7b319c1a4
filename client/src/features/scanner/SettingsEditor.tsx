import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Grid,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  scanFiltersSchema,
  scannerSettingBodySchema,
  type ScannerSetting,
  type ScannerSettingBody,
  type ScreenerCondition,
} from '@insight/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { scannerCalls } from './api';

type RangeKey = 'beta' | 'marketCap' | 'volume';
interface RangeDraft {
  condition: ScreenerCondition;
  min: string;
  max: string;
}
interface Draft {
  name: string;
  description: string;
  ranges: Record<RangeKey, RangeDraft>;
  daysToEarning: string;
  minUpside: string;
  minEps: string;
  minRoe: string;
  filterAdr: boolean;
  removeIfAnyShort: boolean;
  excludeNoRatings: boolean;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const num = (value: string) => (value.trim() === '' ? null : Number(value));

function draftOf(setting: ScannerSetting | null): Draft {
  const filters = setting ?? { ...scanFiltersSchema.parse({}), name: '', description: '' };
  const range = (key: RangeKey): RangeDraft => ({
    condition: filters.screeners[key].condition,
    min: text(filters.screeners[key].min),
    max: text(filters.screeners[key].max),
  });
  return {
    name: filters.name,
    description: filters.description,
    ranges: { beta: range('beta'), marketCap: range('marketCap'), volume: range('volume') },
    daysToEarning: text(filters.daysToEarning),
    minUpside: text(filters.minUpside),
    minEps: text(filters.minEps),
    minRoe: text(filters.minRoe),
    filterAdr: filters.filterAdr,
    removeIfAnyShort: filters.removeIfAnyShort,
    excludeNoRatings: filters.excludeNoRatings,
  };
}

function bodyOf(draft: Draft): ScannerSettingBody {
  const range = (key: RangeKey) => ({
    condition: draft.ranges[key].condition,
    min: num(draft.ranges[key].min),
    max: num(draft.ranges[key].max),
  });
  return {
    name: draft.name,
    description: draft.description,
    screeners: { beta: range('beta'), marketCap: range('marketCap'), volume: range('volume') },
    daysToEarning: num(draft.daysToEarning),
    minUpside: num(draft.minUpside),
    minEps: num(draft.minEps),
    minRoe: num(draft.minRoe),
    filterAdr: draft.filterAdr,
    removeIfAnyShort: draft.removeIfAnyShort,
    excludeNoRatings: draft.excludeNoRatings,
  };
}

const ranges: { key: RangeKey; label: string; unit: string }[] = [
  { key: 'beta', label: 'Beta', unit: 'against SPY, one year' },
  { key: 'marketCap', label: 'Market cap', unit: '$ millions' },
  { key: 'volume', label: 'Volume', unit: 'shares, 20-day average' },
];
const conditions: [ScreenerCondition, string][] = [
  [0, 'None'],
  [1, 'Max only'],
  [2, 'Min only'],
  [3, 'Min and max'],
];

/** The edit stage (spec 002 §2.3): name, description and the screener filters. Save needs a name. */
export function SettingsEditor({
  setting,
  onSaved,
  onCancel,
}: {
  setting: ScannerSetting | null;
  onSaved(id: number): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(setting));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setProblem(null);
  };
  const setRange = (key: RangeKey, patch: Partial<RangeDraft>) =>
    set({ ranges: { ...draft.ranges, [key]: { ...draft.ranges[key], ...patch } } });

  const save = async () => {
    const body = bodyOf(draft);
    const checked = scannerSettingBodySchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(`${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await scannerCalls.save(setting?.id ?? null, body);
      onSaved(saved.id);
    } catch (error) {
      setProblem(errorMessage(error, 'The settings could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const numberField = (
    label: string,
    key: 'daysToEarning' | 'minUpside' | 'minEps' | 'minRoe',
    help: string,
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        inputMode="decimal"
        value={draft[key]}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
      />
      <Field.HelperText>{help}</Field.HelperText>
    </Field.Root>
  );
  const check = (label: string, key: 'filterAdr' | 'removeIfAnyShort' | 'excludeNoRatings') => (
    <Checkbox.Root checked={draft[key]} onCheckedChange={(d) => set({ [key]: d.checked === true })}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <Stack gap="5" as="form" onSubmit={(event) => event.preventDefault()} aria-label="Scanner settings">
      <Text fontSize="lg" fontWeight="semibold">
        {setting ? `Edit settings: ${setting.name}` : 'New settings'}
      </Text>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <Field.Root required>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            size="sm"
            maxLength={100}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea
            size="sm"
            rows={1}
            autoresize
            maxLength={1000}
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
        </Field.Root>
      </Grid>

      <Box borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }}>
        <Text fontWeight="semibold" mb="3">
          Screeners
        </Text>
        <Stack gap="3">
          {ranges.map(({ key, label, unit }) => (
            <Flex key={key} gap="3" wrap="wrap" align="flex-end">
              <Field.Root flex="1 1 10rem" minW="0">
                <Field.Label>
                  {label}{' '}
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    ({unit})
                  </Text>
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label={`${label} condition`}
                    value={draft.ranges[key].condition}
                    onChange={(e) =>
                      setRange(key, { condition: Number(e.currentTarget.value) as ScreenerCondition })
                    }
                  >
                    {conditions.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root
                w="8rem"
                disabled={draft.ranges[key].condition === 0 || draft.ranges[key].condition === 1}
              >
                <Field.Label>Min</Field.Label>
                <Input
                  size="sm"
                  inputMode="decimal"
                  aria-label={`${label} min`}
                  value={draft.ranges[key].min}
                  onChange={(e) => setRange(key, { min: e.currentTarget.value })}
                />
              </Field.Root>
              <Field.Root
                w="8rem"
                disabled={draft.ranges[key].condition < 1 || draft.ranges[key].condition === 2}
              >
                <Field.Label>Max</Field.Label>
                <Input
                  size="sm"
                  inputMode="decimal"
                  aria-label={`${label} max`}
                  value={draft.ranges[key].max}
                  onChange={(e) => setRange(key, { max: e.currentTarget.value })}
                />
              </Field.Root>
            </Flex>
          ))}
        </Stack>
      </Box>

      <Grid
        templateColumns={{
          base: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        }}
        gap="4"
      >
        {numberField('Days to earnings', 'daysToEarning', 'At least this many days before the next earnings')}
        {numberField('Minimum upside %', 'minUpside', "The analysts' mean target over the price")}
        {numberField('Minimum EPS', 'minEps', '$ per share')}
        {numberField('Minimum ROE %', 'minRoe', 'Empty: no minimum')}
      </Grid>
      <Flex gap="5" wrap="wrap">
        {check('Filter ADRs', 'filterAdr')}
        {check('Remove if any short', 'removeIfAnyShort')}
        {check('Exclude no ratings', 'excludeNoRatings')}
      </Flex>

      <FormProblem message={problem} />
      <Flex justify="flex-end" gap="3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          colorPalette="brand"
          disabled={draft.name.trim() === '' || saving}
          loading={saving}
          onClick={() => void save()}
        >
          Save
        </Button>
      </Flex>
    </Stack>
  );
}
