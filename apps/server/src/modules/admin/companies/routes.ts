import { adminEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createAdminCompanyService } from './service.js';

/** A file name safe inside a Content-Disposition header. */

export function registerAdminCompanyRoutes({ route, store, clock, platform }: ModuleContext) {
  const companies = createAdminCompanyService({ db: store.db, clock, files: platform.files });

  route(adminEndpoints.companies, async ({ query }) => ({
    message: 'Agencies',
    data: await companies.list(query),
  }));

  route(adminEndpoints.company, async ({ params }) => ({
    message: 'Agency',
    data: await companies.details(params.id),
  }));

  route(adminEndpoints.companyDocument, async ({ params, query, reply }) => {
    const { document, content } = await companies.document(params.id, params.document_id);
    sendStoredFile(
      reply,
      { contentType: document.content_type, fileName: document.file_name, content },
      { download: query.download },
    );
    return REPLY_SENT;
  });

  route(adminEndpoints.approveCompany, async ({ principal, request, params }) => ({
    message: 'Agency approved',
    data: await companies.approve(operatorAction(principal, request), params.id),
  }));

  route(adminEndpoints.rejectCompany, async ({ principal, request, params, body }) => ({
    message: 'Agency rejected',
    data: await companies.reject(operatorAction(principal, request), params.id, body.reason),
  }));

  route(adminEndpoints.suspendCompany, async ({ principal, request, params, body }) => ({
    message: 'Agency suspended',
    data: await companies.suspend(operatorAction(principal, request), params.id, body.reason),
  }));

  route(adminEndpoints.reactivateCompany, async ({ principal, request, params, body }) => ({
    message: 'Agency reactivated',
    data: await companies.reactivate(operatorAction(principal, request), params.id, body.reason),
  }));

  route(adminEndpoints.adjustCredits, async ({ principal, request, params, body }) => ({
    message: 'Credits adjusted',
    data: await companies.adjust(operatorAction(principal, request), params.id, body),
  }));
}
