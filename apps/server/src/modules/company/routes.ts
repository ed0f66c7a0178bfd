import { companyEndpoints, SUCCESS } from '@skydesk/contract';
import { sendStoredFile } from '../../platform/http/send-stored-file.js';
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
    sendStoredFile(reply, { contentType: document.content_type, fileName: document.file_name, content });
    return { message: '', data: undefined };
  });

  route(companyEndpoints.profile, async ({ principal }) => ({
    message: 'Company profile',
    data: await company.profile(principal),
  }));

  route(companyEndpoints.updateProfile, async ({ principal, body }) => ({
    message: 'Company profile updated',
    data: await company.updateProfile(principal, body),
  }));
}
