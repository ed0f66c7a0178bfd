import { Building, ChevronDown, LogOut } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthenticatedImage } from '../../shared/files/authenticated-image';
import { paths } from '../../shared/routing/paths';
import { selectSessionCompany, selectSessionUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';
import { Avatar } from '../../shared/ui/avatar';
import { useDismiss } from '../../shared/ui/use-dismiss';
import { useLogout } from '../logout';

/** The signed-in user's name and company, opening onto their details and Logout. */
export function UserMenu() {
  const user = useAppSelector(selectSessionUser);
  const company = useAppSelector(selectSessionCompany);
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The picture needs the session's token (docs/api.md): fetched once, shown from an object URL.
  const picture = useAuthenticatedImage(user?.image_url);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  if (!user) return null;

  const handleLogout = async () => {
    close();
    await logout();
    navigate(paths.login, { replace: true });
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="flex items-center gap-3 rounded-full p-1 text-left transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 sm:rounded-xl sm:py-1.5 sm:pr-2.5 sm:pl-1.5"
      >
        <Avatar name={user.name} imageUrl={picture} />
        <span className="hidden min-w-0 sm:block">
          <span className="block max-w-44 truncate font-medium text-slate-900 text-sm">{user.name}</span>
          {company && <span className="block max-w-44 truncate text-slate-500 text-xs">{company.name}</span>}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`hidden size-4 text-slate-400 transition-transform sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>

      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={user.name} imageUrl={picture} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 text-sm">{user.name}</p>
              <p className="truncate text-slate-500 text-xs">{user.email}</p>
            </div>
          </div>
          <dl className="mx-3 mb-2 space-y-1.5 rounded-lg bg-slate-50 px-3 py-2.5 text-xs">
            {company && (
              <div className="flex items-center gap-2">
                <dt>
                  <Building aria-hidden="true" className="size-3.5 text-slate-400" />
                  <span className="sr-only">Company</span>
                </dt>
                <dd className="truncate text-slate-700">{company.name}</dd>
              </div>
            )}
            <div className="flex items-center gap-2">
              <dt className="text-slate-500">Role</dt>
              <dd className="truncate font-medium text-slate-700">{user.role.name}</dd>
            </div>
          </dl>
          <div className="border-slate-100 border-t pt-1">
            <button
              type="button"
              onClick={handleLogout}
              className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <LogOut aria-hidden="true" className="size-4 text-slate-500" />
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
