import { HStack, Progress, Text } from '@chakra-ui/react';
import type { JobRow, JobState } from '@insight/shared';
import { useAtomValue } from '../../app/store';
import { jobUpdatesAtom } from './atoms';

export interface LiveJob {
  state: JobState;
  done: number;
  total: number;
  phase: string | null;
  url: string | null;
}

/** A job as last known: the row read over REST, moved on by what the socket pushed since. */
export function useLiveJob(job: Pick<JobRow, 'id' | 'state' | 'progress' | 'url'>): LiveJob {
  const update = useAtomValue(jobUpdatesAtom)[job.id];
  const progress = update?.progress;
  const pushedDone = update?.done;
  const fromRow = job.progress;
  const newer = progress && (!fromRow || progress.done >= fromRow.done);
  const state: JobState = pushedDone?.state ?? (job.state === 'queued' && progress ? 'running' : job.state);
  return {
    state,
    done: newer ? progress.done : (fromRow?.done ?? 0),
    total: newer ? progress.total : (fromRow?.total ?? 0),
    phase: (newer ? progress.phase : fromRow?.phase) ?? null,
    url: pushedDone ? pushedDone.url : job.url,
  };
}

/** The bar of a queued or running job: indeterminate until the job says how far it is. */
export function JobProgressBar({ live, label }: { live: LiveJob; label: string }) {
  const percent = live.total > 0 ? Math.min(100, Math.round((live.done / live.total) * 100)) : null;
  return (
    <HStack gap="3" w="full" minW="0">
      <Progress.Root
        value={live.state === 'queued' ? null : percent}
        flex="1"
        minW="16"
        size="sm"
        colorPalette="brand"
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" aria-live="polite">
        {live.state === 'queued' ? 'Waiting' : percent === null ? 'Starting' : `${percent}%`}
      </Text>
    </HStack>
  );
}
