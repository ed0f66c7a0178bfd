import { useMemo } from 'react';
import { attachmentFormData } from '../../../entities/chat/attachment-form';
import type { ChatTransport } from '../../../entities/chat/use-ticket-chat';
import { useAppDispatch } from '../../../shared/store/hooks';
import { adminSupportApi } from './admin-support-api';

/** The operator's way to a ticket's chat: the back office's endpoints (`/api/admin/tickets/{id}/…`). */
export function useOperatorChatTransport(ticketId: string): ChatTransport {
  const dispatch = useAppDispatch();
  const [reply] = adminSupportApi.useAdminReplyToTicketMutation();
  const [sendAttachment] = adminSupportApi.useAdminSendTicketAttachmentMutation();
  const [markRead] = adminSupportApi.useAdminMarkTicketReadMutation();
  const [fetchAttachment] = adminSupportApi.useAdminTicketAttachmentMutation();
  return useMemo(() => {
    const params = { id: ticketId };
    return {
      // Read afresh each time (a catch-up must not be answered from an earlier read).
      fetchMessages: (afterSeq) =>
        dispatch(
          adminSupportApi.endpoints.adminTicketMessages.initiate(
            { params, query: { after_seq: afterSeq } },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap(),
      sendMessage: ({ body, clientId }) => reply({ params, body: { body, client_id: clientId } }).unwrap(),
      sendAttachment: (draft) => sendAttachment({ params, formData: attachmentFormData(draft) }).unwrap(),
      markRead: (upToSeq) => markRead({ params, body: { up_to_seq: upToSeq } }).unwrap(),
      fetchAttachment: (attachment) =>
        fetchAttachment({ params: { id: ticketId, attachment_id: attachment.id } }).unwrap(),
    };
  }, [ticketId, dispatch, reply, sendAttachment, markRead, fetchAttachment]);
}
