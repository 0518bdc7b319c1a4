import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  choiceBuckets,
  screenerFieldInfo,
  screenerIndexes,
  type ChoiceField,
  type Screener,
} from '@insight/shared';
import { useId } from 'react';
import { TrashIcon } from '../../../components/ui/icons';
import { draftProblem, isDirty, type DraftScreener } from '../draft';
import { rangeTypeLabels, rangeTypes, type RangeType } from '../rangeType';

export interface FilterCount {
  /** Stocks of the sector this filter lets through; null while counting, undefined when unknown. */
  passed: number | null | undefined;
}

interface FilterCardProps {
  draft: DraftScreener;
  saved: Screener | undefined;
  count: FilterCount['passed'];
  saving: boolean;
  onChange: (change: Partial<DraftScreener>) => void;
  onSave: () => void;
  onDelete: () => void;
}

/** Spec 000 §2: a filter card with its range type, from and to values, Save Changes and Delete. */
export function FilterCard({ draft, saved, count, saving, onChange, onSave, onDelete }: FilterCardProps) {
  const info = screenerFieldInfo[draft.field];
  const id = useId();
  const problem = draftProblem(draft);
  const dirty = isDirty(draft, saved);
  const titleId = `${id}-title`;
  return (
    <Stack
      as="article"
      aria-labelledby={titleId}
      data-testid="filter-card"
      data-field={draft.field}
      gap="3"
      p="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={dirty ? 'brand.emphasized' : 'border'}
      rounded="lg"
      shadow="xs"
      minW="0"
    >
      <Flex align="start" justify="space-between" gap="2">
        <Box minW="0">
          <Heading as="h3" size="sm" id={titleId}>
            {info.label}
            {info.unit ? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                ({info.unit})
              </Text>
            ) : null}
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            {info.hint}
          </Text>
        </Box>
        <CountBadge count={count} label={info.label} />
      </Flex>

      {draft.mode === 'range' && <RangeFields draft={draft} onChange={onChange} idPrefix={id} />}
      {draft.mode === 'buckets' && <BucketFields draft={draft} onChange={onChange} />}
      {draft.mode === 'selector' && <SelectorField draft={draft} onChange={onChange} />}

      <Flex align="center" justify="space-between" gap="2" wrap="wrap" mt="auto">
        <Text fontSize="xs" color={problem ? 'fg.error' : 'fg.muted'} role={problem ? 'alert' : undefined}>
          {problem ?? (dirty ? (draft.id === null ? 'Not saved yet' : 'Unsaved changes') : 'Saved')}
        </Text>
        <Flex gap="2">
          <Button size="sm" variant="ghost" colorPalette="danger" onClick={onDelete} disabled={saving}>
            <TrashIcon /> Delete
          </Button>
          <Button size="sm" onClick={onSave} loading={saving} disabled={!dirty || problem !== null}>
            Save Changes
          </Button>
        </Flex>
      </Flex>
    </Stack>
  );
}

function CountBadge({ count, label }: { count: FilterCount['passed']; label: string }) {
  if (count === undefined) return null;
  return (
    <Badge
      size="md"
      variant="subtle"
      colorPalette="brand"
      flexShrink={0}
      aria-live="polite"
      aria-label={
        count === null ? `Counting the stocks ${label} lets through` : `${count} stocks pass ${label}`
      }
      data-testid="filter-count"
    >
      {count === null ? <Spinner size="xs" /> : `${count.toLocaleString('en-US')} pass`}
    </Badge>
  );
}

function RangeFields({
  draft,
  onChange,
  idPrefix,
}: {
  draft: DraftScreener;
  onChange: (change: Partial<DraftScreener>) => void;
  idPrefix: string;
}) {
  const step = screenerFieldInfo[draft.field].step;
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
      <Field.Root>
        <Field.Label fontSize="xs" htmlFor={`${idPrefix}-type`}>
          Range type
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            id={`${idPrefix}-type`}
            value={draft.rangeType}
            onChange={(event) => onChange({ rangeType: event.currentTarget.value as RangeType })}
          >
            {rangeTypes.map((type) => (
              <option key={type} value={type}>
                {rangeTypeLabels[type]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root disabled={draft.rangeType === 'less'}>
        <Field.Label fontSize="xs">From</Field.Label>
        <Input
          size="sm"
          type="number"
          inputMode="decimal"
          step={step}
          value={draft.rangeType === 'less' ? '' : draft.from}
          placeholder={draft.rangeType === 'less' ? 'not used' : undefined}
          onChange={(event) => onChange({ from: event.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root disabled={draft.rangeType === 'greater'}>
        <Field.Label fontSize="xs">To</Field.Label>
        <Input
          size="sm"
          type="number"
          inputMode="decimal"
          step={step}
          value={draft.rangeType === 'greater' ? '' : draft.to}
          placeholder={draft.rangeType === 'greater' ? 'not used' : undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value })}
        />
      </Field.Root>
    </SimpleGrid>
  );
}

function BucketFields({
  draft,
  onChange,
}: {
  draft: DraftScreener;
  onChange: (change: Partial<DraftScreener>) => void;
}) {
  const buckets = choiceBuckets[draft.field as ChoiceField];
  return (
    <Flex as="fieldset" gap="3" wrap="wrap" aria-label={`${screenerFieldInfo[draft.field].label} ranges`}>
      {buckets.map((bucket) => (
        <Checkbox.Root
          key={bucket.key}
          size="sm"
          checked={draft.buckets.includes(bucket.key)}
          onCheckedChange={(details) =>
            onChange({
              buckets:
                details.checked === true
                  ? [...draft.buckets, bucket.key]
                  : draft.buckets.filter((key) => key !== bucket.key),
            })
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{bucket.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Flex>
  );
}

function SelectorField({
  draft,
  onChange,
}: {
  draft: DraftScreener;
  onChange: (change: Partial<DraftScreener>) => void;
}) {
  const yesNo = screenerFieldInfo[draft.field].kind === 'yesno';
  const options: readonly string[] = yesNo ? ['yes', 'no'] : screenerIndexes;
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field
        aria-label={screenerFieldInfo[draft.field].label}
        value={draft.selector ?? ''}
        onChange={(event) =>
          onChange({ selector: event.currentTarget.value === '' ? null : event.currentTarget.value })
        }
      >
        {!yesNo && <option value="">Choose an index</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {yesNo ? (option === 'yes' ? 'Yes' : 'No') : option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
