import { Box, Button, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusPanel } from '../../components/StatusPanel';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { AlertIcon } from './icons';
import type { Loaded } from './usePaged';

/** The card of an edit page: title, a back link to the list, the fields, the save button. */
export function EditFrame({
  title,
  back,
  onSubmit,
  children,
  saveLabel = 'Save Changes',
  saving,
  canSave = true,
}: {
  title: string;
  back: { to: string; label: string };
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  saveLabel?: string;
  saving: boolean;
  canSave?: boolean;
}) {
  return (
    <Box
      asChild
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '8' }}
      maxW="3xl"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="edit-title">
        <Stack gap="6">
          <Heading as="h2" size="xl" id="edit-title">
            {title}
          </Heading>
          {children}
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Button asChild variant="ghost" size="sm">
              <RouterLink to={back.to}>
                <ArrowLeftIcon /> {back.label}
              </RouterLink>
            </Button>
            <Button type="submit" loading={saving} loadingText="Saving..." disabled={!canSave}>
              {saveLabel}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** Loading and failure of an edit page's record; `children` once it is there. */
export function WhenLoaded<T>({
  state,
  what,
  children,
}: {
  state: Loaded<T>;
  what: string;
  children: (value: T) => ReactNode;
}) {
  if (state.kind === 'failed')
    return (
      <StatusPanel icon={<AlertIcon />} title={`${what} not available`} tone="danger">
        {state.message}
      </StatusPanel>
    );
  if (state.kind === 'loading')
    return (
      <Skeleton
        h="96"
        maxW="3xl"
        rounded="xl"
        aria-busy="true"
        aria-label={`Loading the ${what.toLowerCase()}`}
      />
    );
  return children(state.value);
}
