import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** A modal of the portal: focus kept inside, Escape and the cross close it. */
export function Modal({ open, onOpenChange, title, description, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
        <Dialog.Content className="dialog-content fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[560px] max-w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-semibold text-lg text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description asChild>
              <div className="mt-1 text-slate-600 text-sm leading-relaxed">{description}</div>
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What happens if the user goes ahead, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  busy?: boolean;
  /** Why the last attempt failed, shown above the buttons (e.g. the server's 409). */
  problem?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a step that cannot be undone: says what follows, offers a way back. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  variant = 'danger',
  busy = false,
  problem,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={children}
    >
      {problem}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={variant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
