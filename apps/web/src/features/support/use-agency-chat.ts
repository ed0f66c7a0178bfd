import { useMemo } from 'react';
import { attachmentFormData } from '../../entities/chat/attachment-form';
import type { ChatTransport } from '../../entities/chat/use-ticket-chat';
import { useAppDispatch } from '../../shared/store/hooks';
import { supportApi } from './support-api';

/** The agency's way to its ticket's chat: its own endpoints (docs/api.md `/api/ticket/{id}/…`). */
export function useAgencyChatTransport(ticketId: string): ChatTransport {
  const dispatch = useAppDispatch();
  const [sendMessage] = supportApi.useSendTicketMessageMutation();
  const [sendAttachment] = supportApi.useSendTicketAttachmentMutation();
  const [markRead] = supportApi.useMarkTicketReadMutation();
  const [fetchAttachment] = supportApi.useTicketAttachmentMutation();
  return useMemo(() => {
    const params = { id: ticketId };
    return {
      // Read afresh each time (a catch-up must not be answered from an earlier read).
      fetchMessages: (afterSeq) =>
        dispatch(
          supportApi.endpoints.ticketMessages.initiate(
            { params, query: { after_seq: afterSeq } },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap(),
      sendMessage: ({ body, clientId }) =>
        sendMessage({ params, body: { body, client_id: clientId } }).unwrap(),
      sendAttachment: (draft) => sendAttachment({ params, formData: attachmentFormData(draft) }).unwrap(),
      markRead: (upToSeq) => markRead({ params, body: { up_to_seq: upToSeq } }).unwrap(),
      fetchAttachment: (attachment) =>
        fetchAttachment({ params: { id: ticketId, attachment_id: attachment.id } }).unwrap(),
    };
  }, [ticketId, dispatch, sendMessage, sendAttachment, markRead, fetchAttachment]);
}
