import { Button } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { DialogShell } from './DialogShell';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the change; the dialog closes when it resolves. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before a change that cannot be undone (delete, reset). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void onConfirm().finally(() => {
      setBusy(false);
      onClose();
    });
  };
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="danger" loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogShell>
  );
}
