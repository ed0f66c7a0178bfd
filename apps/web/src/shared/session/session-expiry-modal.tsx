import * as Dialog from '@radix-ui/react-dialog';
import { SESSION_MODAL } from '@skydesk/contract';
import { Clock } from 'lucide-react';
import { Button } from '../ui/button';

type SessionExpiryModalProps = {
  open: boolean;
  /** 'Continue Session' and any close request (Escape, outside click) both land here (docs/product-spec.md §4). */
  onContinue: () => void;
};

/**
 * docs/product-spec.md §2, §9: the "Session Expiring Soon" warning — 600 px wide (the viewport less a margin on
 * phones), at most 90 % high, closing with a 300 ms animation (index.css, data-state=closed).
 */
export function SessionExpiryModal({ open, onContinue }: SessionExpiryModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
        <Dialog.Content className="dialog-content fixed top-1/2 left-1/2 z-50 max-h-[90%] w-[600px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl sm:p-8">
          <div className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <Clock aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <Dialog.Title className="font-semibold text-lg text-slate-900">
                {SESSION_MODAL.title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-slate-600 text-sm leading-relaxed">
                For your security you will be signed out in less than a minute. Continue to keep working.
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex justify-end">
            <Button onClick={onContinue}>{SESSION_MODAL.action}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
