import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { StatusPanel } from '../../components/StatusPanel';
import { AlertIcon } from './icons';
import type { Loaded } from './usePaged';

interface PagedFrameProps<T extends { total: number }> {
  state: Loaded<T>;
  reload: () => void;
  /** What the list is, for the loading and failure texts: "accounts", "audit log". */
  noun: string;
  /** What the total counts: "accounts", "changes". */
  countNoun: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The table of the rows shown. */
  children: (shown: T) => ReactNode;
}

/**
 * The frame of every paged admin list: the failure panel with its retry, the skeleton of a first
 * load, the table dimmed while the next page comes (the last one stays on screen), and the pager.
 */
export function PagedFrame<T extends { total: number }>({
  state,
  reload,
  noun,
  countNoun,
  page,
  pageSize,
  onPage,
  children,
}: PagedFrameProps<T>) {
  const shown = state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.last : null;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / pageSize)) : 1;
  return (
    <Stack gap="4">
      {state.kind === 'failed' && (
        <StatusPanel
          icon={<AlertIcon />}
          title={`The ${noun} could not be loaded`}
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
        <Skeleton h="64" rounded="lg" aria-busy="true" aria-label={`Loading the ${noun}`} />
      )}
      {shown !== null && (
        <Box
          overflowX="auto"
          borderWidth="1px"
          borderColor="border"
          rounded="lg"
          bg="bg.panel"
          opacity={state.kind === 'loading' ? 0.6 : 1}
          aria-busy={state.kind === 'loading'}
        >
          {children(shown)}
        </Box>
      )}
      {shown !== null && (
        <HStack justify="space-between" fontSize="sm" color="fg.muted" wrap="wrap">
          <Text>
            {shown.total} {countNoun}
            {pages > 1 ? ` · page ${page} of ${pages}` : ''}
          </Text>
          {pages > 1 && (
            <HStack>
              <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous
              </Button>
              <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Next
              </Button>
            </HStack>
          )}
        </HStack>
      )}
    </Stack>
  );
}
