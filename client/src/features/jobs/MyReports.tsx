import { Badge, Box, Button, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { jobKindLabels, type JobRow, type JobState } from '@insight/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { jobCalls } from './api';
import { jobUpdatesAtom } from './atoms';
import { JobProgressBar, useLiveJob } from './JobProgressBar';

const stateLabels: Record<JobState, { text: string; palette: string }> = {
  queued: { text: 'Queued', palette: 'gray' },
  running: { text: 'Running', palette: 'blue' },
  done: { text: 'Done', palette: 'green' },
  failed: { text: 'Failed', palette: 'red' },
  cancelled: { text: 'Cancelled', palette: 'gray' },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const kindLabel = (kind: string) => jobKindLabels[kind] ?? kind;

/**
 * "My reports" (issue 18 item 2): the user's jobs, newest first, each with its state, a live progress
 * bar (from the socket, no reload), its file's download, cancel while it runs, and re-run with the
 * same parameters. `kinds` narrows the list (a tool shows its own jobs); `refreshKey` refetches
 * (a screen that just enqueued a job bumps it).
 */
export function MyReports({
  kinds,
  refreshKey = 0,
  title = 'My reports',
}: {
  kinds?: readonly string[];
  refreshKey?: number;
  title?: string;
}) {
  const [jobs, setJobs] = useState<JobRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const updates = useAtomValue(jobUpdatesAtom);
  // A job that ended, or one this list has not seen yet, is read again over REST.
  const ended = Object.values(updates).filter((update) => update.done).length;
  const known = useMemo(() => new Set(jobs?.map((job) => job.id) ?? []), [jobs]);
  const anyUnseen = Object.keys(updates).some((id) => !known.has(id));
  const refresh = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    jobCalls.list(controller.signal).then(
      (answer) => {
        setJobs(answer.jobs);
        setProblem(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setProblem(errorMessage(error, 'Could not read your reports. Please try again.'));
      },
    );
    return () => controller.abort();
  }, [version, refreshKey, ended, anyUnseen]);

  const shown = jobs?.filter((job) => !kinds || kinds.includes(job.kind)) ?? null;

  return (
    <Box
      as="section"
      aria-labelledby="my-reports-title"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <HStack justify="space-between" mb="4" gap="3" flexWrap="wrap">
        <Heading as="h2" id="my-reports-title" size="md">
          {title}
        </Heading>
        <Button size="xs" variant="ghost" onClick={refresh} aria-label="Refresh the list">
          Refresh
        </Button>
      </HStack>
      {problem !== null && jobs === null ? (
        <Stack gap="3">
          <FormProblem message={problem} />
          <Button size="sm" alignSelf="start" onClick={refresh}>
            Try again
          </Button>
        </Stack>
      ) : shown === null ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading your reports">
          <Skeleton h="16" rounded="md" />
          <Skeleton h="16" rounded="md" />
        </Stack>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">No reports yet. Reports you request appear here while they are prepared.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label={title}>
          {shown.map((job) => (
            <JobItem key={job.id} job={job} onChanged={refresh} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function JobItem({ job, onChanged }: { job: JobRow; onChanged: () => void }) {
  const live = useLiveJob(job);
  const [busy, setBusy] = useState(false);
  const label = kindLabel(job.kind);
  const act = async (action: 'cancel' | 'rerun') => {
    setBusy(true);
    try {
      if (action === 'cancel') {
        await jobCalls.cancel(job.id);
        notify.success('Report cancelled');
      } else {
        await jobCalls.rerun(job.id);
        notify.success('The report request was successfully sent.');
      }
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const state = stateLabels[live.state];
  const active = live.state === 'queued' || live.state === 'running';
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="3" minW="0" data-testid="job-item" data-state={live.state}>
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Stack gap="0.5" minW="0" flex="1">
          <Text fontWeight="semibold" truncate>
            {label}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Requested {when(job.createdAt)}
            {job.finishedAt && !active ? ` · finished ${when(job.finishedAt)}` : ''}
          </Text>
        </Stack>
        <Badge colorPalette={state.palette} variant="subtle">
          {state.text}
        </Badge>
      </HStack>
      {active && (
        <Stack gap="1" mt="3">
          <JobProgressBar live={live} label={`${label} progress`} />
          {live.phase && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {live.phase}
            </Text>
          )}
        </Stack>
      )}
      {live.state === 'failed' && job.error && (
        <Text fontSize="sm" color="fg.error" mt="2">
          {job.error}
        </Text>
      )}
      <HStack gap="2" mt="3" flexWrap="wrap">
        {live.state === 'done' && live.url && (
          <Button asChild size="xs" colorPalette="brand">
            <Link href={live.url} download>
              Download
            </Link>
          </Button>
        )}
        {active && (
          <Button size="xs" variant="outline" disabled={busy} onClick={() => void act('cancel')}>
            Cancel
          </Button>
        )}
        {!active && (
          <Button size="xs" variant="outline" disabled={busy} onClick={() => void act('rerun')}>
            Re-run
          </Button>
        )}
      </HStack>
    </Box>
  );
}
