import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { sectors, signalBodySchema, signalJobKind } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { JobProgressBar, useLiveJob } from '../jobs/JobProgressBar';
import { MyReports } from '../jobs/MyReports';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { adminReportCalls } from './api';

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
/** Spec 002 §9: the default report period starts 3 months back and ends 1 month back. */
const defaultMonths = (now = new Date()) => ({
  start: monthOf(new Date(now.getFullYear(), now.getMonth() - 3, 1)),
  end: monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
});

/**
 * Admin signal (spec 001 §§1, 6 "admin_signal"; its fields are not shown, see the README): the
 * signals of a month range — ratings by analysts who were in their sector's team when they published —
 * with how each worked out, as a mailed Excel job.
 */
export function AdminSignal() {
  const me = useAtomValue(currentUserAtom);
  const [months, setMonths] = useState(defaultMonths);
  const [sector, setSector] = useState(0);
  const [email, setEmail] = useState(me?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const parsed = signalBodySchema.safeParse({
      start_month: months.start,
      end_month: months.end,
      sector,
      email,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await adminReportCalls.signal(parsed.data);
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
        title="Admin signal"
        intro="The analyst team signals of a month range: every rating by an analyst who was in the sector's team when publishing, with its entry, target and how it has worked out against the sector ETF, as an Excel file sent by e-mail."
      >
        <form noValidate onSubmit={submit} aria-label="Signal report">
          <Stack gap="4" maxW="xl">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <Field.Root required>
                <Field.Label>From month</Field.Label>
                <Input
                  type="month"
                  name="start_month"
                  size="sm"
                  value={months.start}
                  onChange={(event) => setMonths({ ...months, start: event.currentTarget.value })}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>To month</Field.Label>
                <Input
                  type="month"
                  name="end_month"
                  size="sm"
                  value={months.end}
                  onChange={(event) => setMonths({ ...months, end: event.currentTarget.value })}
                />
              </Field.Root>
            </Stack>
            <Field.Root>
              <Field.Label>Sector</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="sector"
                  value={sector}
                  onChange={(event) => setSector(Number(event.currentTarget.value))}
                >
                  <option value={0}>All sectors</option>
                  {sectors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
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
            <ToolSuccess message={success}>{jobId && <SignalProgress jobId={jobId} />}</ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Requesting">
                Send signal report
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>
      <MyReports kinds={[signalJobKind]} refreshKey={refreshKey} title="Signal reports" />
    </Stack>
  );
}

function SignalProgress({ jobId }: { jobId: string }) {
  const live = useLiveJob({ id: jobId, state: 'queued', progress: null, url: null });
  return (
    <Stack gap="1" mt="2" w="full">
      <JobProgressBar live={live} label="Sectors read" />
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
