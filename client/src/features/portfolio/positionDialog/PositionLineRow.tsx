import {
  Box,
  Field,
  Flex,
  Grid,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { portfolioLimits, positionTypes } from '@insight/shared';
import { memo } from 'react';
import { EntryDateField } from './EntryDateField';
import { CheckIcon, TrashIcon } from './icons';
import { dateProblem, valueDisabled, type DateBounds, type LineField, type PositionLine } from './lines';

interface PositionLineRowProps {
  line: PositionLine;
  /** 1-based, for the labels when there are several lines. */
  number: number;
  /** Several lines: each says which one it is. */
  numbered: boolean;
  /** One line in a narrow dialog: a form of fields, never a row. */
  compact: boolean;
  bounds: DateBounds;
  /** The symbol of an existing position is not changed. */
  symbolLocked: boolean;
  removable: boolean;
  onEdit: (key: number, field: LineField, text: string) => void;
  onRemove: (key: number) => void;
}

/**
 * One line of the position dialog (spec 002 §2.11): Type, Symbol, Entry Date, Entry Price, Quantity,
 * Value and Notes, and its remove button. A row on a wide screen; a card of fields on a phone.
 */
export const PositionLineRow = memo(function PositionLineRow(props: PositionLineRowProps) {
  const { line, number, numbered, compact, bounds, symbolLocked, removable, onEdit, onRemove } = props;
  const of = numbered ? ` (line ${number})` : '';
  const edit = (field: LineField) => (event: { currentTarget: { value: string } }) =>
    onEdit(line.key, field, event.currentTarget.value);
  const red = line.mark === 'invalid';
  // On a wide screen the lines are rows under the first one's labels.
  const labelHidden = !compact && number > 1 ? ({ hideFrom: 'lg' } as const) : {};
  const dateIssue = line.date === '' ? null : dateProblem(line.date, bounds);
  const remove = (
    <IconButton
      aria-label={`Remove ${line.symbol || 'this position'}${of}`}
      variant="ghost"
      size="sm"
      color="fg.muted"
      _hover={{ color: 'danger.fg', bg: 'danger.subtle' }}
      disabled={!removable}
      onClick={() => onRemove(line.key)}
    >
      <TrashIcon />
    </IconButton>
  );

  return (
    <Box
      role="group"
      aria-label={numbered ? `Position ${number}` : 'Position'}
      data-line={number}
      borderWidth={compact ? '0' : { base: '1px', lg: '0' }}
      borderColor="border"
      rounded="lg"
      p={compact ? '0' : { base: '3', lg: '0' }}
    >
      {numbered && (
        <Flex hideFrom="lg" align="center" justify="space-between" mb="2">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
            Position {number}
          </Text>
          {remove}
        </Flex>
      )}
      <Grid
        templateColumns={
          compact
            ? { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }
            : {
                base: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, minmax(0, 1fr))',
                lg: '5.5rem 7rem 8.5rem 6.5rem 6.5rem 7.5rem minmax(6rem, 1fr) auto',
              }
        }
        gap="2.5"
        alignItems="start"
      >
        <Field.Root>
          <Field.Label fontSize="xs" {...labelHidden}>
            Type
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field aria-label={`Type${of}`} value={line.type} onChange={edit('type')}>
              {positionTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <Field.Root invalid={red}>
          <Field.Label fontSize="xs" {...labelHidden}>
            Symbol
          </Field.Label>
          <InputGroup
            endElement={
              line.mark === 'checking' ? (
                <Spinner size="xs" color="fg.muted" aria-label="Looking up the last price" />
              ) : line.mark === 'valid' ? (
                <Box color="insight.green" aria-hidden>
                  <CheckIcon />
                </Box>
              ) : undefined
            }
          >
            <Input
              size="sm"
              aria-label={`Symbol${of}`}
              value={line.symbol}
              onChange={edit('symbol')}
              readOnly={symbolLocked}
              autoComplete="off"
              spellCheck={false}
              textTransform="uppercase"
              fontWeight="semibold"
              borderColor={red ? 'insight.red' : line.mark === 'valid' ? 'insight.green' : undefined}
              data-mark={line.mark ?? undefined}
            />
          </InputGroup>
          {red && <Field.ErrorText fontSize="xs">No price for {line.symbol}</Field.ErrorText>}
        </Field.Root>

        <Field.Root invalid={dateIssue !== null}>
          <Field.Label fontSize="xs" {...labelHidden}>
            Entry Date
          </Field.Label>
          <EntryDateField
            label={`Entry date${of}`}
            value={line.date}
            bounds={bounds}
            invalid={dateIssue !== null}
            onChange={(date) => onEdit(line.key, 'date', date)}
          />
          {dateIssue && <Field.ErrorText fontSize="xs">{dateIssue}</Field.ErrorText>}
        </Field.Root>

        <Field.Root>
          <Field.Label fontSize="xs" {...labelHidden}>
            Entry Price
          </Field.Label>
          <Input
            size="sm"
            aria-label={`Entry price${of}`}
            inputMode="decimal"
            value={line.price}
            onChange={edit('price')}
            placeholder="0.00"
            textAlign="end"
            fontVariantNumeric="tabular-nums"
          />
        </Field.Root>

        <Field.Root>
          <Field.Label fontSize="xs" {...labelHidden}>
            Quantity
          </Field.Label>
          <Input
            size="sm"
            aria-label={`Quantity${of}`}
            inputMode="numeric"
            maxLength={portfolioLimits.quantityMaxLength + 3}
            value={line.quantity}
            onChange={edit('quantity')}
            placeholder="0"
            textAlign="end"
            fontVariantNumeric="tabular-nums"
          />
        </Field.Root>

        <Field.Root disabled={valueDisabled(line)}>
          <Field.Label fontSize="xs" {...labelHidden}>
            Value
          </Field.Label>
          <Input
            size="sm"
            aria-label={`Value${of}`}
            inputMode="decimal"
            value={line.value}
            onChange={edit('value')}
            placeholder="0.00"
            textAlign="end"
            fontVariantNumeric="tabular-nums"
          />
        </Field.Root>

        <Field.Root
          gridColumn={
            compact ? { base: 'span 2', sm: 'span 3' } : { base: 'span 2', sm: 'span 3', lg: 'auto' }
          }
        >
          <Field.Label fontSize="xs" {...labelHidden}>
            Notes
          </Field.Label>
          <Input
            size="sm"
            aria-label={`Notes${of}`}
            value={line.notes}
            onChange={edit('notes')}
            maxLength={portfolioLimits.notesMax}
          />
        </Field.Root>

        {!compact && (
          <Box hideBelow="lg" pt={number > 1 ? '0' : '6'}>
            {numbered ? remove : null}
          </Box>
        )}
      </Grid>
    </Box>
  );
});
