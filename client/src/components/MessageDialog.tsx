import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { ServerMessage } from './ServerMessage';

interface MessageDialogProps {
  title: string;
  /** The message to show (from the server: rendered by ServerMessage); null keeps the dialog closed. */
  message: string | null;
  onClose: () => void;
}

/** A modal for a message the user must read, e.g. why signing in failed (spec 000 §8). */
export function MessageDialog({ title, message, onClose }: MessageDialogProps) {
  return (
    <Dialog.Root
      open={message !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      role="alertdialog"
      placement="center"
      size={{ base: 'xs', md: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body color="fg.muted">
              {message !== null && <ServerMessage message={message} />}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button>OK</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
