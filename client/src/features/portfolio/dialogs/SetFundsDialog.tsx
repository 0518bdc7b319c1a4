import { Box, Button, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { portfolioDefaults, portfolioMessages, type Portfolio } from '@insight/shared';
import { useEffect, useState } from 'react';
import { useSubmit } from './useSubmit';
import { errorMessage } from '../../../api/request';
import { useSetAtom } from '../../../app/store';
import { notify } from '../../../components/ui/toaster';
import { portfolioCalls } from '../api';
import { portfolioChangedAtom } from '../atoms';
import { formatUnitPrice, formatUsd, formatWhole } from '../format';
import { fundsOf, fundsProblem, typingWhole } from '../rules';
import { DialogShell } from './DialogShell';
import { ServerProblem } from './ServerProblem';

type Direction = 'deposit' | 'withdraw';

/**
 * Spec 001 §2 "Set Portfolio Funds": units to deposit or withdraw at the unit price, the funds they
 * make shown as they are typed (units × unit price). With no file yet (`portfolio` null) it creates
 * one, 'My File', with that first deposit at unit price 1.
 */
export function SetFundsDialog({
  open,
  portfolio,
  onClose,
}: {
  open: boolean;
  portfolio: Portfolio | null;
  onClose: () => void;
}) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title="Set Portfolio Funds"
      subtitle={
        portfolio === null ? 'Your file starts with these funds.' : 'Deposit or withdraw units of your file.'
      }
      size="sm"
    >
      {open && <FundsForm key={portfolio?.id ?? 'new'} portfolio={portfolio} onClose={onClose} />}
    </DialogShell>
  );
}

function FundsForm({ portfolio, onClose }: { portfolio: Portfolio | null; onClose: () => void }) {
  const changed = useSetAtom(portfolioChangedAtom);
  const [direction, setDirection] = useState<Direction>('deposit');
  const [unitsText, setUnitsText] = useState(portfolio === null ? String(portfolioDefaults.units) : '');
  const [unitPrice, setUnitPrice] = useState(portfolio?.unit_price ?? portfolioDefaults.unitPrice);

  // Deal at the price of now: the figures on the page may be a moment old.
  const id = portfolio?.id;
  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    portfolioCalls.unitPrice(id, controller.signal).then(
      (answer) => setUnitPrice(answer.unit_price),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('[portfolio] could not read the unit price', error);
      },
    );
    return () => controller.abort();
  }, [id]);

  const { funds } = fundsOf(unitsText, unitPrice);
  const maxUnits = direction === 'withdraw' && portfolio !== null ? portfolio.units : undefined;
  const invalid = fundsProblem(unitsText, unitPrice, maxUnits);
  const showProblem = unitsText !== '' && invalid !== null;

  const units = fundsOf(unitsText, unitPrice).units;
  const { busy, problem, onSubmit } = useSubmit(
    invalid === null && units !== null,
    async () => {
      if (units === null) return;
      if (portfolio === null) {
        await portfolioCalls.create({ name: portfolioDefaults.name, start_budget: units });
        changed('created');
      } else {
        await portfolioCalls.addBudget({
          portfolio_id: portfolio.id,
          units,
          unit_price: unitPrice,
          deposit: direction === 'deposit',
        });
        changed('funds');
      }
      notify.success(portfolioMessages.fundsUpdated);
      onClose();
    },
    (error) =>
      portfolio === null
        ? portfolioMessages.createFailed
        : errorMessage(error, 'The funds could not be updated. Please try again.'),
  );

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        {portfolio !== null && (
          <RadioGroup.Root
            value={direction}
            onValueChange={(details) => setDirection(details.value === 'withdraw' ? 'withdraw' : 'deposit')}
            aria-label="Deposit or withdraw"
          >
            <HStack gap="6">
              {(['deposit', 'withdraw'] as const).map((value) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{value === 'deposit' ? 'Deposit' : 'Withdraw'}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )}
        <Field.Root invalid={showProblem} required>
          <Field.Label>Units</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={unitsText}
            maxLength={13}
            onChange={(event) => setUnitsText(typingWhole(event.currentTarget.value))}
            autoFocus
          />
          {showProblem ? (
            <Field.ErrorText>{invalid}</Field.ErrorText>
          ) : (
            maxUnits !== undefined && (
              <Field.HelperText>Up to {formatWhole(maxUnits)} units.</Field.HelperText>
            )
          )}
        </Field.Root>
        <Box bg="bg.muted" rounded="lg" px="4" py="3">
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              Unit price
            </Text>
            <Text fontVariantNumeric="tabular-nums" data-testid="unit-price">
              {formatUnitPrice(unitPrice)}
            </Text>
          </HStack>
          <HStack justify="space-between" mt="1">
            <Text fontSize="sm" color="fg.muted">
              Funds
            </Text>
            <Text
              fontWeight="semibold"
              fontSize="lg"
              fontVariantNumeric="tabular-nums"
              aria-live="polite"
              data-testid="funds"
            >
              {formatUsd(funds ?? 0)}
            </Text>
          </HStack>
        </Box>
        <ServerProblem message={problem} />
        <HStack justify="end" gap="3" pt="1">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invalid !== null} loading={busy}>
            Save
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
