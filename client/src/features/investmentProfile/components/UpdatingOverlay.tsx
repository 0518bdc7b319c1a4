import { Box, Button, Flex, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { profileMessages, type ProfileRebuildEvent } from '@insight/shared';
import { useEffect, useRef } from 'react';

/** Spec 000 §2: the saving overlay reads 'Updating profile...', here with the pushed progress. */
export function UpdatingOverlay({
  open,
  progress,
  onHide,
}: {
  open: boolean;
  progress: ProfileRebuildEvent | null;
  onHide: () => void;
}) {
  const hideRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) hideRef.current?.focus();
  }, [open]);
  if (!open) return null;
  const total = progress?.total ?? 0;
  const done = progress === null ? 0 : progress.state === 'done' ? total : Math.min(progress.done, total);
  return (
    <Portal>
      <Flex
        position="fixed"
        inset="0"
        zIndex="overlay"
        bg="blackAlpha.500"
        backdropFilter="blur(2px)"
        align="center"
        justify="center"
        px="4"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="updating-profile-title"
        data-testid="updating-overlay"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onHide();
        }}
      >
        <Stack
          bg="bg.panel"
          rounded="xl"
          shadow="lg"
          p="6"
          gap="4"
          w="full"
          maxW="sm"
          align="center"
          textAlign="center"
        >
          <Spinner size="lg" color="brand.solid" />
          <Text id="updating-profile-title" fontWeight="semibold" fontSize="lg">
            {profileMessages.updating}
          </Text>
          <Box w="full" aria-live="polite">
            {total > 0 ? (
              <>
                <Progress.Root
                  value={(done / total) * 100}
                  colorPalette="brand"
                  size="sm"
                  aria-label="Sectors rebuilt"
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="sm" color="fg.muted" mt="2" data-testid="rebuild-progress">
                  {done} of {total} {total === 1 ? 'sector' : 'sectors'} rebuilt
                </Text>
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted" data-testid="rebuild-progress">
                {progress === null ? 'Sending the profile…' : 'Waiting for its turn…'}
              </Text>
            )}
          </Box>
          <Button ref={hideRef} size="sm" variant="ghost" onClick={onHide}>
            Continue in the background
          </Button>
        </Stack>
      </Flex>
    </Portal>
  );
}
