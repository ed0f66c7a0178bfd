import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { UsersDialog } from './users-dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What happens if the user goes ahead, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a step that signs someone out or removes them: says what follows, offers a way back. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  variant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <UsersDialog
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={children}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={variant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </UsersDialog>
  );
}
