import { CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Actions; a form that holds its own buttons leaves it out. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  role?: 'dialog' | 'alertdialog';
}

/** The portfolio's dialogs: title, body, actions in the footer, Escape and the corner button close. */
export function DialogShell({
  open,
  onClose,
  title,
  subtitle,
  children,
  footer,
  size = 'md',
  role = 'dialog',
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={size}
      role={role}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '2', md: '4' }}>
          <Dialog.Content>
            <Dialog.Header pb="2">
              <Stack gap="0.5">
                <Dialog.Title>{title}</Dialog.Title>
                {subtitle !== undefined && (
                  <Text fontSize="sm" color="fg.muted">
                    {subtitle}
                  </Text>
                )}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer !== undefined && footer !== null && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
