import { Button, Field, Grid, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { futureActionReasons, portfolioLimits, portfolioMessages, type Position } from '@insight/shared';
import { isTradingDay, nextTradingDay } from '@insight/shared/market/calendar';
import { useMemo, useState } from 'react';
import { useSubmit } from './useSubmit';
import { errorMessage } from '../../../api/request';
import { useSetAtom } from '../../../app/store';
import { notify } from '../../../components/ui/toaster';
import { portfolioCalls } from '../api';
import { portfolioChangedAtom } from '../atoms';
import { formatWhole } from '../format';
import {
  actionOfKind,
  futureActionCap,
  futureDateProblem,
  futureQuantityProblem,
  kindOfAction,
  marketToday,
  typingWhole,
} from '../rules';
import { DialogShell } from './DialogShell';
import { ServerProblem } from './ServerProblem';

type Reason = (typeof futureActionReasons)[number];

/**
 * Spec 001 §2 "Future Action": a planned Buy or Sell of a held symbol on a day from today on, with a
 * reason. The quantity is capped at the open quantity of the symbol and type; Save only above 0.
 */
export function FutureActionDialog({
  position,
  openPositions,
  portfolioId,
  onClose,
}: {
  /** The row it was opened from; null keeps the dialog closed. */
  position: Position | null;
  openPositions: readonly Position[];
  portfolioId: number;
  onClose: () => void;
}) {
  return (
    <DialogShell
      open={position !== null}
      onClose={onClose}
      title="Future Action"
      subtitle={position !== null ? `${position.symbol} · ${position.company}` : undefined}
    >
      {position !== null && (
        <FutureActionForm
          key={position.id}
          position={position}
          openPositions={openPositions}
          portfolioId={portfolioId}
          onClose={onClose}
        />
      )}
    </DialogShell>
  );
}

function FutureActionForm({
  position,
  openPositions,
  portfolioId,
  onClose,
}: {
  position: Position;
  openPositions: readonly Position[];
  portfolioId: number;
  onClose: () => void;
}) {
  const changed = useSetAtom(portfolioChangedAtom);
  const today = useMemo(() => marketToday(), []);
  const [action, setAction] = useState<'Buy' | 'Sell'>(actionOfKind(position.pos_type));
  const [date, setDate] = useState(() => (isTradingDay(today) ? today : nextTradingDay(today)));
  const [reason, setReason] = useState<Reason>(futureActionReasons[0]);
  const cap = futureActionCap(openPositions, position.symbol, kindOfAction(action));
  const [quantity, setQuantity] = useState(() => String(cap));
  const [comment, setComment] = useState('');

  const dateProblem = futureDateProblem(date, today);
  const quantityProblem =
    cap === 0
      ? portfolioMessages.futureActionNoPosition(position.symbol)
      : futureQuantityProblem(quantity, cap);
  const enabled = dateProblem === null && quantityProblem === null;

  const { busy, problem, onSubmit } = useSubmit(
    enabled,
    async () => {
      await portfolioCalls.addFutureAction({
        portfolio_id: portfolioId,
        date,
        action,
        ticker: position.symbol,
        reason,
        quantity: Number(quantity),
        comment: comment.trim(),
      });
      changed('actions');
      notify.success(portfolioMessages.futureActionSaved);
      onClose();
    },
    (error) => errorMessage(error, 'The future action could not be saved. Please try again.'),
  );

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
          <Field.Root>
            <Field.Label>Action</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={action}
                onChange={(event) => setAction(event.currentTarget.value === 'Sell' ? 'Sell' : 'Buy')}
              >
                <option value="Buy">Buy</option>
                <option value="Sell">Sell</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={dateProblem !== null} required>
            <Field.Label>Date</Field.Label>
            <Input
              type="date"
              value={date}
              min={today}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
            <Field.ErrorText>{dateProblem}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Reason</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value as Reason)}
              >
                {futureActionReasons.map((each) => (
                  <option key={each} value={each}>
                    {each}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={quantityProblem !== null} required>
            <Field.Label>Quantity</Field.Label>
            <Input
              inputMode="numeric"
              value={quantity}
              maxLength={portfolioLimits.quantityMaxLength}
              onChange={(event) => {
                // Spec 001 §5: capped at the open quantity as it is typed.
                const typed = typingWhole(event.currentTarget.value);
                setQuantity(typed !== '' && Number(typed) > cap ? String(cap) : typed);
              }}
            />
            {quantityProblem !== null ? (
              <Field.ErrorText>{quantityProblem}</Field.ErrorText>
            ) : (
              <Field.HelperText>Up to {formatWhole(cap)} open</Field.HelperText>
            )}
          </Field.Root>
        </Grid>
        <Field.Root>
          <Field.Label>Comment</Field.Label>
          <Textarea
            value={comment}
            maxLength={portfolioLimits.commentMax}
            rows={2}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
        </Field.Root>
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
