import { Stack, Text } from '@chakra-ui/react';
import { JobProgressBar, useLiveJob } from '../jobs/JobProgressBar';

/** A just-requested report's live progress (from the socket). */
export function JobProgress({ jobId, label }: { jobId: string; label: string }) {
  const live = useLiveJob({ id: jobId, state: 'queued', progress: null, url: null });
  return (
    <Stack gap="1" mt="2" w="full">
      <JobProgressBar live={live} label={label} />
      <Text fontSize="xs" color="fg.muted">
        {live.state === 'done'
          ? 'Done: the file was sent and is in My reports.'
          : live.state === 'failed'
            ? 'The report failed; see My reports.'
            : (live.phase ?? 'Waiting for a free worker')}
      </Text>
    </Stack>
  );
}
