import { Badge, Box, Button, HStack, Link, SegmentGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import { StatusPanel } from '../../components/StatusPanel';
import { notify } from '../../components/ui/toaster';
import { adminCalls } from './api';
import { formatMoment } from './format';
import { AlertIcon } from './icons';
import { useLoaded } from './usePaged';

type Show = 'open' | 'handled' | 'all';
const pageSize = 20;

/** /manage/support: the "How can we help?" requests, newest first; an admin marks each handled. */
export function SupportRequestsPage() {
  const [show, setShow] = useState<Show>('open');
  const [page, setPage] = useState(1);
  const query = { page, page_size: pageSize, ...(show === 'all' ? {} : { handled: show === 'handled' }) };
  const [state, reload] = useLoaded(
    query,
    adminCalls.supportRequests,
    'Could not load the support requests.',
  );
  const [busy, setBusy] = useState<number | null>(null);
  const shown = state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.last : null;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / pageSize)) : 1;

  async function mark(id: number, handled: boolean) {
    setBusy(id);
    try {
      await adminCalls.markHandled(id, handled);
      notify.success(handled ? 'Marked as handled' : 'Reopened');
      reload();
    } catch (error) {
      notify.error(errorMessage(error, 'Could not update the request.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="4">
      <SegmentGroup.Root
        size="sm"
        value={show}
        onValueChange={(details) => {
          setShow(details.value as Show);
          setPage(1);
        }}
        alignSelf="flex-start"
        aria-label="Which requests"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'open', label: 'Open' },
            { value: 'handled', label: 'Handled' },
            { value: 'all', label: 'All' },
          ]}
        />
      </SegmentGroup.Root>

      {state.kind === 'failed' && (
        <StatusPanel
          icon={<AlertIcon />}
          title="Support requests not available"
          tone="danger"
          action={
            <Button size="sm" variant="outline" onClick={reload}>
              Try again
            </Button>
          }
        >
          {state.message}
        </StatusPanel>
      )}
      {shown === null && state.kind === 'loading' && (
        <Skeleton h="64" rounded="lg" aria-busy="true" aria-label="Loading the support requests" />
      )}
      {shown !== null && shown.data.length === 0 && (
        <Text color="fg.muted" py="8" textAlign="center">
          {show === 'open' ? 'No open requests. All caught up.' : 'No requests here.'}
        </Text>
      )}
      {shown?.data.map((request) => (
        <Box
          key={request.id}
          as="article"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="lg"
          p="4"
          aria-label={`Request ${request.id} from ${request.email}`}
        >
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
            <Stack gap="0.5" minW="0">
              <HStack wrap="wrap" gap="2">
                <Text fontWeight="semibold">{request.name === 'empty' ? request.email : request.name}</Text>
                <Badge size="sm" colorPalette="blue" variant="subtle">
                  {request.topic}
                </Badge>
                {request.handled_at ? (
                  <Badge size="sm" colorPalette="brand" variant="subtle">
                    Handled
                  </Badge>
                ) : (
                  <Badge size="sm" colorPalette="orange" variant="subtle">
                    Open
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                <Link href={`mailto:${request.email}`} color="brand.fg">
                  {request.email}
                </Link>
                {request.phone !== 'empty' && ` · ${request.phone}`}
                {request.company !== 'empty' && ` · ${request.company}`} · {formatMoment(request.created_at)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="outline"
              loading={busy === request.id}
              onClick={() => void mark(request.id, request.handled_at === null)}
            >
              {request.handled_at ? 'Reopen' : 'Mark handled'}
            </Button>
          </HStack>
          <Text mt="3" whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm" maxH="48" overflowY="auto">
            {request.message}
          </Text>
          {request.handled_at && (
            <Text mt="2" fontSize="xs" color="fg.muted">
              Handled {formatMoment(request.handled_at)}
              {request.handled_by ? ` by ${request.handled_by}` : ''}
            </Text>
          )}
        </Box>
      ))}
      {pages > 1 && (
        <HStack justify="flex-end">
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
