import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { adminToolsMessages } from '@insight/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/request';
import { FormProblem } from '../../../components/FormProblem';
import { marketToday } from '../../portfolio/rules';
import { adminToolCalls } from './api';
import { ToolCard, ToolSuccess } from './ToolCard';

/**
 * Update Earnings Date (spec 002 §§5, 7.5, 8): a symbol's next earnings date, not before today; it
 * holds until the date passes, then the market data's dates rule again.
 */
export function UpdateEarningsDate() {
  const today = useMemo(() => marketToday(), []);
  const [ticker, setTicker] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const local =
    ticker.trim() === ''
      ? 'please set a symbol'
      : date === ''
        ? 'please set a date'
        : date < today
          ? adminToolsMessages.earningBeforeToday
          : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    if (local !== null) {
      setProblem(local);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setSuccess((await adminToolCalls.setEarningDate({ ticker, earning_date: date })).msg);
    } catch (error) {
      setProblem(
        `${adminToolsMessages.earningUpdateFailed}: ${errorMessage(error, adminToolsMessages.copyUnknown)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard title="Update Earnings Date" intro="Sets a symbol's next earnings date until that date passes.">
      <form noValidate onSubmit={submit} aria-label="Update an earnings date">
        <Stack gap="4" maxW="md">
          <Field.Root required>
            <Field.Label>Symbol</Field.Label>
            <Input
              name="ticker"
              value={ticker}
              onChange={(event) =>
                setTicker(event.currentTarget.value.toUpperCase().replace(/\s/g, '').slice(0, 10))
              }
              placeholder="AAPL"
              autoComplete="off"
              spellCheck={false}
            />
          </Field.Root>
          <Field.Root required invalid={date !== '' && date < today}>
            <Field.Label>Earnings date</Field.Label>
            <Input
              name="earning_date"
              type="date"
              min={today}
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
            {date !== '' && date < today ? (
              <Field.ErrorText>{adminToolsMessages.earningBeforeToday}</Field.ErrorText>
            ) : (
              <Field.HelperText>Today or later.</Field.HelperText>
            )}
          </Field.Root>
          <FormProblem message={problem} />
          <ToolSuccess message={success} />
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              Update Earnings Date
            </Button>
          </HStack>
        </Stack>
      </form>
    </ToolCard>
  );
}
