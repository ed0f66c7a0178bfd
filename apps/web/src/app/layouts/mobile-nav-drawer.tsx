import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect } from 'react';
import { SidebarPanel } from './sidebar';

/** Tailwind's `lg`: from here on the sidebar is always shown and the drawer is not used. */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** Opens the drawer; Radix wires aria-expanded, aria-controls and focus return. Phones and tablets only. */
export function MobileNavTrigger() {
  return (
    <Dialog.Trigger
      aria-label="Open navigation"
      className="-ml-1.5 rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 lg:hidden"
    >
      <Menu aria-hidden="true" className="size-6" />
    </Dialog.Trigger>
  );
}

type MobileNavDrawerProps = {
  open: boolean;
  onClose: () => void;
};

/**
 * Below 1024 px the sidebar becomes this off-canvas drawer: a modal dialog (focus kept inside,
 * Escape and the backdrop close it) that closes itself when a link is followed or the window
 * grows to desktop width. Must sit inside the Dialog.Root that MobileNavTrigger uses.
 */
export function MobileNavDrawer({ open, onClose }: MobileNavDrawerProps) {
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeAtDesktopWidth = () => {
      if (desktop.matches) onClose();
    };
    desktop.addEventListener('change', closeAtDesktopWidth);
    return () => desktop.removeEventListener('change', closeAtDesktopWidth);
  }, [open, onClose]);

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-slate-950/60 lg:hidden" />
      <Dialog.Content
        aria-describedby={undefined}
        className="drawer-content fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl outline-none lg:hidden"
      >
        <Dialog.Title className="sr-only">Navigation</Dialog.Title>
        <SidebarPanel
          onNavigate={onClose}
          headerAction={
            <Dialog.Close
              aria-label="Close navigation"
              className="rounded-lg p-2 text-slate-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          }
        />
      </Dialog.Content>
    </Dialog.Portal>
  );
}
