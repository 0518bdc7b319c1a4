import { Badge, Box, Button, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { Position } from '@insight/shared';
import { useMemo, useState } from 'react';
import { useSubmit } from './useSubmit';
import { errorMessage } from '../../../api/request';
import { useSetAtom } from '../../../app/store';
import { notify } from '../../../components/ui/toaster';
import { portfolioCalls } from '../api';
import { portfolioChangedAtom } from '../atoms';
import { formatUsd, formatWhole } from '../format';
import {
  checkCloseLine,
  closeSaveEnabled,
  dayOf,
  defaultCloseLine,
  marketToday,
  openQuantity,
  typingPrice,
  typingWhole,
  type CloseLine,
  type CloseLineCheck,
} from '../rules';
import { DialogShell } from './DialogShell';
import { ServerProblem } from './ServerProblem';

/**
 * Spec 001 §2 "Close Position" and "Close Positions" (bulk): per position a close date, price and
 * quantity (up to the open quantity; 0 leaves that one open) and notes, under the rules of §5. Save
 * is enabled only when every row is valid; the server's msg shows when it refuses.
 */
export function ClosePositionsDialog({
  positions,
  portfolioId,
  onClose,
  onClosed,
}: {
  /** null keeps the dialog closed. */
  positions: readonly Position[] | null;
  portfolioId: number;
  onClose: () => void;
  /** After a successful close (to clear the selection). */
  onClosed?: () => void;
}) {
  const bulk = positions !== null && positions.length > 1;
  return (
    <DialogShell
      open={positions !== null && positions.length > 0}
      onClose={onClose}
      title={bulk ? 'Close Positions' : 'Close Position'}
      subtitle={bulk ? `${positions.length} positions` : undefined}
      size={bulk ? 'xl' : 'md'}
    >
      {positions !== null && positions.length > 0 && (
        <CloseForm
          key={positions.map((position) => position.id).join(',')}
          positions={positions}
          portfolioId={portfolioId}
          onClose={onClose}
          onClosed={onClosed}
        />
      )}
    </DialogShell>
  );
}

function CloseForm({
  positions,
  portfolioId,
  onClose,
  onClosed,
}: {
  positions: readonly Position[];
  portfolioId: number;
  onClose: () => void;
  onClosed?: () => void;
}) {
  const changed = useSetAtom(portfolioChangedAtom);
  const today = useMemo(() => marketToday(), []);
  const [lines, setLines] = useState<CloseLine[]>(() =>
    positions.map((position) => defaultCloseLine(position, today)),
  );
  const [touched, setTouched] = useState(false);
  const checks = positions.map((position, index) => checkCloseLine(lines[index]!, position, today));
  const enabled = closeSaveEnabled(checks);

  const edit = (index: number, patch: Partial<CloseLine>) => {
    setTouched(true);
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  };

  const { busy, problem, onSubmit } = useSubmit(
    enabled,
    async () => {
      const items = positions
        .map((position, index) => ({ position, line: lines[index]!, check: checks[index]! }))
        .filter(({ check }) => !check.skipped)
        .map(({ position, line }) => ({
          id: position.id,
          quantity: Number(line.quantity.replaceAll(',', '')),
          price: line.price.trim(),
          date: line.date,
          notes: line.notes.trim(),
        }));
      const answer = await portfolioCalls.close({ portfolio_id: portfolioId, items });
      if (!answer.status) return answer.msg;
      changed('closed');
      notify.success(answer.msg);
      onClosed?.();
      onClose();
    },
    (error) => errorMessage(error, 'The position could not be closed. Please try again.'),
  );

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        {positions.map((position, index) => (
          <CloseRow
            key={position.id}
            position={position}
            line={lines[index]!}
            check={checks[index]!}
            today={today}
            showAll={touched}
            onChange={(patch) => edit(index, patch)}
            separated={index > 0}
          />
        ))}
        <ServerProblem message={problem} />
        <HStack justify="end" gap="3" pt="1">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!enabled} loading={busy}>
            Save
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function CloseRow({
  position,
  line,
  check,
  today,
  showAll,
  onChange,
  separated,
}: {
  position: Position;
  line: CloseLine;
  check: CloseLineCheck;
  today: string;
  showAll: boolean;
  onChange: (patch: Partial<CloseLine>) => void;
  separated: boolean;
}) {
  const open = openQuantity(position);
  const label = (field: string) => `${field} for ${position.symbol}`;
  return (
    <Box
      as="fieldset"
      data-close-row={position.symbol}
      borderTopWidth={separated ? '1px' : '0'}
      borderColor="border"
      pt={separated ? '4' : '0'}
    >
      <HStack as="legend" gap="2" mb="3" wrap="wrap">
        <Text fontWeight="bold" letterSpacing="wide">
          {position.symbol}
        </Text>
        <Badge size="sm" colorPalette={position.pos_type === 'Long' ? 'brand' : 'danger'} variant="subtle">
          {position.pos_type}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {formatWhole(open)} open · entry {formatUsd(position.entry)}
        </Text>
      </HStack>
      <Grid templateColumns={{ base: '1fr 1fr', md: '1.2fr 1fr 1fr 1.5fr' }} gap="3">
        <Field.Root invalid={showAll && check.date !== null} required>
          <Field.Label>Close Date</Field.Label>
          <Input
            type="date"
            aria-label={label('Close Date')}
            value={line.date}
            min={dayOf(position.entry_date.date)}
            max={today}
            onChange={(event) => onChange({ date: event.currentTarget.value })}
          />
          <Field.ErrorText>{check.date}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={check.price !== null && (showAll || line.price !== '')} required>
          <Field.Label>Close Price</Field.Label>
          <Input
            inputMode="decimal"
            aria-label={label('Close Price')}
            value={line.price}
            onChange={(event) => {
              const value = event.currentTarget.value.trim();
              if (typingPrice(value)) onChange({ price: value });
            }}
          />
          <Field.ErrorText>{check.price}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={check.quantity !== null} required>
          <Field.Label>Quantity</Field.Label>
          <Input
            inputMode="numeric"
            aria-label={label('Quantity')}
            value={line.quantity}
            maxLength={8}
            onChange={(event) => onChange({ quantity: typingWhole(event.currentTarget.value) })}
          />
          {check.quantity !== null ? (
            <Field.ErrorText>{check.quantity}</Field.ErrorText>
          ) : (
            check.skipped && <Field.HelperText>Stays open</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root gridColumn={{ base: '1 / -1', md: 'auto' }}>
          <Field.Label>Notes</Field.Label>
          <Input
            aria-label={label('Notes')}
            value={line.notes}
            maxLength={500}
            onChange={(event) => onChange({ notes: event.currentTarget.value })}
          />
        </Field.Root>
      </Grid>
    </Box>
  );
}
