import { Button, Text } from '@chakra-ui/react';
import { DialogShell } from '../portfolio/dialogs/DialogShell';

interface ConfirmActionProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  tone?: 'brand' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 002 §2.5: saving and deleting a universe ask first. */
export function ConfirmAction({
  open,
  title,
  text,
  confirmLabel,
  tone = 'brand',
  busy,
  onConfirm,
  onCancel,
}: ConfirmActionProps) {
  return (
    <DialogShell
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette={tone} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{text}</Text>
    </DialogShell>
  );
}
