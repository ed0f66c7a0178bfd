import { SUCCESS, supportEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import { sendStoredFile } from '../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../platform/module.js';
import {
  attachmentMessage,
  type MessageAuthor,
  SUPPORT_ATTACHMENT_FORM,
  type SupportService,
  type TicketViewer,
} from './service.js';

/** docs/api.md#support-notices-analytics: the agency's side of its support tickets and their chat. */

const viewerOf = (principal: CompanyPrincipal): TicketViewer => ({
  side: 'agency',
  companyId: principal.companyId,
});

const authorOf = (principal: CompanyPrincipal): MessageAuthor => ({
  side: 'agency',
  companyId: principal.companyId,
  userId: principal.userId,
});

export function registerSupportRoutes({ route }: ModuleContext, support: SupportService) {
  route(supportEndpoints.createTicket, async ({ principal, body }) => ({
    message: SUCCESS.ticketCreated,
    data: await support.create(principal, body),
  }));

  route(supportEndpoints.tickets, async ({ principal }) => ({
    message: 'Tickets',
    data: await support.list(principal),
  }));

  route(supportEndpoints.ticket, async ({ principal, params }) => ({
    message: 'Ticket',
    data: await support.view(principal, params.id),
  }));

  route(supportEndpoints.deleteTicket, async ({ principal, query }) => ({
    message: SUCCESS.ticketDeleted,
    data: await support.remove(principal, query.ticket_id),
  }));

  route(supportEndpoints.closeTicket, async ({ principal, params }) => ({
    message: 'Ticket closed',
    data: await support.close(principal, params.id),
  }));

  route(supportEndpoints.messages, async ({ principal, params, query }) => ({
    message: 'Messages',
    data: await support.messages(viewerOf(principal), params.id, query.after_seq),
  }));

  route(supportEndpoints.sendMessage, async ({ principal, params, body }) => {
    const { message } = await support.send(authorOf(principal), params.id, {
      body: body.body,
      clientId: body.client_id ?? null,
    });
    return { message: 'Message sent', data: message };
  });

  route(
    supportEndpoints.sendAttachment,
    async ({ principal, params, form }) => {
      const { message } = await support.send(authorOf(principal), params.id, attachmentMessage(form));
      return { message: 'File sent', data: message };
    },
    { form: SUPPORT_ATTACHMENT_FORM },
  );

  route(supportEndpoints.attachment, async ({ principal, params, reply }) => {
    const file = await support.attachment(viewerOf(principal), params.id, params.attachment_id);
    sendStoredFile(reply, file);
    return REPLY_SENT;
  });

  route(supportEndpoints.markRead, async ({ principal, params, body }) => ({
    message: 'Messages marked read',
    data: await support.markRead(viewerOf(principal), params.id, body.up_to_seq),
  }));
}
