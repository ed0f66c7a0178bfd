import { FALLBACK, SUPPORT_MESSAGES, type SupportTicket } from '@skydesk/contract';
import { LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isForbidden } from '../../../shared/access/require-permission';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { supportApi } from '../support-api';

const backToTickets = (
  <Link to={paths.dashboard.viewTickets} className={buttonClasses('primary')}>
    Your tickets
  </Link>
);

/** A ticket screen opened without a ticket, or with one the agency does not have. */
export function NoTicket({ missing }: { missing: boolean }) {
  return (
    <EmptyState
      icon={LifeBuoy}
      title={missing ? 'No ticket chosen' : SUPPORT_MESSAGES.ticketNotFound}
      actions={backToTickets}
    >
      {missing
        ? 'Open a ticket from your list of tickets.'
        : 'It may have been deleted, or the link is wrong. Your tickets are all in the list.'}
    </EmptyState>
  );
}

type TicketLoaderProps = {
  id: string;
  /** Grey shapes where the screen will be. */
  skeleton: ReactNode;
  children: (ticket: SupportTicket) => ReactNode;
};

/**
 * One ticket read by its id, with the states every ticket screen shares: loading, not found (a
 * missing id and another agency's answer alike), the role refused (403) and a failure to retry.
 */
export function TicketLoader({ id, skeleton, children }: TicketLoaderProps) {
  const {
    currentData: ticket,
    error,
    isFetching,
    refetch,
  } = supportApi.useSupportTicketQuery({ params: { id } });
  if (isForbidden(error)) return <ForbiddenScreen permission="support.use" />;
  if (isApiFailure(error) && (error.status === 404 || error.status === 422))
    return <NoTicket missing={false} />;
  if (error)
    return (
      <LoadFailed
        title={isApiFailure(error) ? error.message : FALLBACK.fetchTickets}
        className="mx-auto w-full max-w-3xl"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (!ticket) return skeleton;
  return children(ticket);
}
