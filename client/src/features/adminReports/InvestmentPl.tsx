import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { investmentPlBodySchema, investmentPlJobKind } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { JobProgressBar, useLiveJob } from '../jobs/JobProgressBar';
import { MyReports } from '../jobs/MyReports';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { adminReportCalls } from './api';
import { defaultRange } from './useReportOptions';

/**
 * Admin Investment PL (spec 001 §§1, 6, 7 "admin P&L"; its fields are not shown, see the README):
 * the profit and loss of every portfolio the admin oversees over a date range — a system admin's
 * every account, a client admin's own — one row per client with the totals, as a mailed Excel job.
 */
export function InvestmentPl() {
  const me = useAtomValue(currentUserAtom);
  const [range, setRange] = useState(defaultRange);
  const [email, setEmail] = useState(me?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const parsed = investmentPlBodySchema.safeParse({ from_date: range.from, to_date: range.to, email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await adminReportCalls.investmentPl(parsed.data);
      setSuccess(answer.msg);
      setJobId(answer.jobId);
      setRefreshKey((key) => key + 1);
    } catch (error) {
      setProblem(errorMessage(error, 'Could not request the report. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Admin Investment PL"
        intro="The profit and loss of every client portfolio you oversee over a date range: a row per client with the unit price return, assets, deposits and P&L, and the totals, as an Excel file sent by e-mail."
      >
        <form noValidate onSubmit={submit} aria-label="Investment P&L report">
          <Stack gap="4" maxW="xl">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <Field.Root required>
                <Field.Label>From</Field.Label>
                <Input
                  type="date"
                  name="from_date"
                  size="sm"
                  value={range.from}
                  onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>To</Field.Label>
                <Input
                  type="date"
                  name="to_date"
                  size="sm"
                  value={range.to}
                  onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
                />
              </Field.Root>
            </Stack>
            <Field.Root required>
              <Field.Label>Send to</Field.Label>
              <Input
                type="email"
                name="email"
                size="sm"
                maxLength={100}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                autoComplete="email"
              />
            </Field.Root>
            <FormProblem message={problem} />
            <ToolSuccess message={success}>{jobId && <PlProgress jobId={jobId} />}</ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Requesting">
                Get P&amp;L
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>
      <MyReports kinds={[investmentPlJobKind]} refreshKey={refreshKey} title="Investment P&L reports" />
    </Stack>
  );
}

function PlProgress({ jobId }: { jobId: string }) {
  const live = useLiveJob({ id: jobId, state: 'queued', progress: null, url: null });
  return (
    <Stack gap="1" mt="2" w="full">
      <JobProgressBar live={live} label="Portfolios read" />
      <Text fontSize="xs" color="fg.muted">
        {live.state === 'done'
          ? 'Done: the report was mailed and is in My reports.'
          : live.state === 'failed'
            ? 'The report failed; see the list below.'
            : (live.phase ?? 'Waiting for a free worker')}
      </Text>
    </Stack>
  );
}
