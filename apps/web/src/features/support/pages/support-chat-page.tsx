import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/support-chat (spec §2). Coming soon. */
export function SupportChatPage() {
  return <ComingSoon title="Support chat" description="Chat live with the SkyDesk support team." />;
}
