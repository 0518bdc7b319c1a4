import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Spec 000 §9 and 002 §2.12: notifications close by themselves after 4 seconds. */
export const toastDuration = 4000;

export const toaster = createToaster({
  // Bottom: the top bar's market status and user menu stay in view while a toast shows.
  placement: 'bottom-end',
  duration: toastDuration,
  pauseOnPageIdle: true,
});

/** One way to raise a toast, so every screen uses the same duration and look. */
export const notify = {
  success: (title: string) =>
    toaster.create({ type: 'success', title, duration: toastDuration, closable: true }),
  error: (title: string) => toaster.create({ type: 'error', title, duration: toastDuration, closable: true }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: toastDuration, closable: true }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Close notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
