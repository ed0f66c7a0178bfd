import { adminSupportEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../../platform/module.js';
import {
  attachmentMessage,
  createAdminSupportService,
  createSupportService,
  SUPPORT_ATTACHMENT_FORM,
  type TicketViewer,
} from '../../support/index.js';

/** docs/api.md#back-office: the operators' side of support tickets and their chat. */

const OPERATORS: TicketViewer = { side: 'operator' };

export function registerAdminSupportRoutes({ route, store, clock, platform, log }: ModuleContext) {
  // The support module's service, over the same store: one set of rules for both sides' messages.
  const support = createSupportService({
    db: store.db,
    clock,
    files: platform.files,
    log,
    rateLimiter: platform.rateLimiter,
  });
  const desk = createAdminSupportService({ db: store.db, clock });

  route(adminSupportEndpoints.tickets, async ({ principal, query }) => ({
    message: 'Tickets',
    data: await desk.list(principal.operatorId, query),
  }));

  route(adminSupportEndpoints.ticket, async ({ params }) => ({
    message: 'Ticket',
    data: await desk.details(params.id),
  }));

  route(adminSupportEndpoints.messages, async ({ params, query }) => ({
    message: 'Messages',
    data: await support.messages(OPERATORS, params.id, query.after_seq),
  }));

  route(adminSupportEndpoints.reply, async ({ principal, request, params, body }) => {
    const actor = operatorAction(principal, request);
    const { message } = await support.send({ side: 'operator', actor }, params.id, {
      body: body.body,
      clientId: body.client_id ?? null,
    });
    return { message: 'Reply sent', data: message };
  });

  route(
    adminSupportEndpoints.sendAttachment,
    async ({ principal, request, params, form }) => {
      const actor = operatorAction(principal, request);
      const { message } = await support.send({ side: 'operator', actor }, params.id, attachmentMessage(form));
      return { message: 'File sent', data: message };
    },
    { form: SUPPORT_ATTACHMENT_FORM },
  );

  route(adminSupportEndpoints.attachment, async ({ params, query, reply }) => {
    const file = await support.attachment(OPERATORS, params.id, params.attachment_id);
    sendStoredFile(reply, file, { download: query.download });
    return REPLY_SENT;
  });

  route(adminSupportEndpoints.markRead, async ({ params, body }) => ({
    message: 'Messages marked read',
    data: await support.markRead(OPERATORS, params.id, body.up_to_seq),
  }));

  route(adminSupportEndpoints.assign, async ({ principal, request, params }) => ({
    message: 'Ticket assigned to you',
    data: await desk.assign(operatorAction(principal, request), params.id),
  }));

  route(adminSupportEndpoints.close, async ({ principal, request, params }) => ({
    message: 'Ticket closed',
    data: await desk.close(operatorAction(principal, request), params.id),
  }));

  route(adminSupportEndpoints.reopen, async ({ principal, request, params }) => ({
    message: 'Ticket reopened',
    data: await desk.reopen(operatorAction(principal, request), params.id),
  }));
}
