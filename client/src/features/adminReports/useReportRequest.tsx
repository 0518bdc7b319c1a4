import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { currentUserAtom } from '../auth/atoms';
import { JobProgressBar, useLiveJob } from '../jobs/JobProgressBar';

/**
 * The request of a mailed admin report: the form's values checked by the call's shared schema
 * (its first problem shown), the call made once at a time, and its acknowledgement and job kept to
 * show the job's progress and refresh the report list below the form.
 */
export function useReportRequest<Body>(
  schema: z.ZodType<Body>,
  call: (body: Body) => Promise<{ msg: string; jobId: string }>,
  fallbackProblem = 'Please check the form',
) {
  const me = useAtomValue(currentUserAtom);
  const [email, setEmail] = useState(me?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  /** The form's submit handler for these values (the e-mail is added). */
  const submitWith = (values: Record<string, unknown>) => async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const parsed = schema.safeParse({ ...values, email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? fallbackProblem);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call(parsed.data);
      setSuccess(answer.msg);
      setJobId(answer.jobId);
      setRefreshKey((key) => key + 1);
    } catch (error) {
      setProblem(errorMessage(error, 'Could not request the report. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return { email, setEmail, busy, problem, success, jobId, refreshKey, submitWith };
}

/** "Send to": the report's recipient, 100 characters at most (spec 001 §5). */
export function ReportEmailField({ email, onChange }: { email: string; onChange: (email: string) => void }) {
  return (
    <Field.Root required>
      <Field.Label>Send to</Field.Label>
      <Input
        type="email"
        name="email"
        size="sm"
        maxLength={100}
        value={email}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="email"
      />
    </Field.Root>
  );
}

/** A report's From and To dates (its `from_date` and `to_date`), side by side from `sm` up. */
export function ReportRangeFields({
  range,
  onChange,
}: {
  range: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
      <Field.Root required>
        <Field.Label>From</Field.Label>
        <Input
          type="date"
          name="from_date"
          size="sm"
          value={range.from}
          onChange={(event) => onChange({ ...range, from: event.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>To</Field.Label>
        <Input
          type="date"
          name="to_date"
          size="sm"
          value={range.to}
          onChange={(event) => onChange({ ...range, to: event.currentTarget.value })}
        />
      </Field.Root>
    </Stack>
  );
}

/** The requested report's job, live under the acknowledgement: its progress bar and what it does now. */
export function RequestedReportProgress({ jobId, label }: { jobId: string; label: string }) {
  const live = useLiveJob({ id: jobId, state: 'queued', progress: null, url: null });
  return (
    <Stack gap="1" mt="2" w="full">
      <JobProgressBar live={live} label={label} />
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
