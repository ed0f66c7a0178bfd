import { companyEndpoints, SUCCESS } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { createCompanyService } from './service.js';
import { VENDOR_FORM, vendorDocuments } from './vendor-upload.js';

export function registerCompanyRoutes({ route, store, platform, clock }: ModuleContext) {
  const company = createCompanyService({ db: store.db, files: platform.files, clock });

  route(
    companyEndpoints.submitVendorForm,
    async ({ principal, form }) => ({
      message: SUCCESS.verificationSent,
      data: await company.submitVendorForm(principal, form.fields, vendorDocuments(form)),
    }),
    { form: VENDOR_FORM },
  );

  route(companyEndpoints.vendorStatus, async ({ principal }) => ({
    message: 'Verification status',
    data: await company.vendorStatus(principal),
  }));

  route(companyEndpoints.vendorDocument, async ({ principal, params, reply }) => {
    const { document, content } = await company.vendorDocument(principal, params.id);
    // Served as the type it was verified to be, never sniffed by the browser, never cached.
    reply
      .header('content-type', document.content_type)
      .header('content-disposition', `inline; filename="${document.file_name.replace(/[^\w.-]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(content);
    return { message: '', data: undefined };
  });
}
