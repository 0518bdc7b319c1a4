import { Button, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { AdminReportOptions } from '@insight/shared';
import type { ReactNode } from 'react';
import { FormProblem } from '../../components/FormProblem';
import { useReportOptions } from './useReportOptions';

/**
 * Loads the report choices (useReportOptions) and shows a report's form once they are in: skeleton
 * rows the height of its fields while loading, the problem with "Try again" if the read failed.
 */
export function OptionsGate({
  loadingLabel,
  rows,
  children,
}: {
  /** What is loading, for screen readers ("Loading the users"). */
  loadingLabel: string;
  /** How many field rows the form has, so the skeleton does not jump when it arrives. */
  rows: number;
  children: (options: AdminReportOptions) => ReactNode;
}) {
  const { state, retry } = useReportOptions();
  if (state.kind === 'ready') return children(state.options);
  if (state.kind === 'loading')
    return (
      <Stack gap="4" maxW="xl" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} h="10" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="3" maxW="xl">
      <FormProblem message={state.message} />
      <HStack>
        <Button size="sm" variant="outline" onClick={retry}>
          Try again
        </Button>
      </HStack>
    </Stack>
  );
}
