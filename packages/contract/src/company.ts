import { z } from 'zod';
import { Phone } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { CompanyStatus } from './enums.js';
import { Text } from './text.js';

/** docs/api.md vendor form: PDF, PNG or JPEG, at most 5 MB each. */
export const VENDOR_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const VENDOR_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const VENDOR_DOCUMENT_KINDS = ['trade_license', 'owner_id_document'] as const;
export const VendorDocumentKind = z.enum(VENDOR_DOCUMENT_KINDS);
export type VendorDocumentKind = z.infer<typeof VendorDocumentKind>;

/** The text fields of the multipart vendor form. */
export const VendorFormFields = z.strictObject({
  trade_license_number: Text({ min: 3, max: 60, tooShort: 'Enter the trade licence number' }),
  tax_number: Text({ min: 3, max: 60, tooShort: 'Enter the tax number' }),
  iata_number: Text({ max: 8, tooLong: 'An IATA number has 7 or 8 digits' })
    .regex(/^(\d{7,8})?$/, 'An IATA number has 7 or 8 digits')
    .optional()
    .transform((value) => value || undefined),
});
export type VendorFormFields = z.infer<typeof VendorFormFields>;

export const VendorDocument = z.object({
  id: z.uuid(),
  kind: VendorDocumentKind,
  file_name: z.string(),
  content_type: z.enum(VENDOR_DOCUMENT_TYPES),
  size: z.number().int(),
  url: z.string(),
});
export type VendorDocument = z.infer<typeof VendorDocument>;

export const VendorSubmission = z.object({
  id: z.uuid(),
  trade_license_number: z.string(),
  tax_number: z.string(),
  iata_number: z.string().nullable(),
  documents: z.array(VendorDocument),
  submitted_at: z.string(),
});
export type VendorSubmission = z.infer<typeof VendorSubmission>;

export const VendorStatus = z.object({
  verification_status: CompanyStatus,
  rejection_reason: z.string().nullable(),
  submission: VendorSubmission.nullable(),
});
export type VendorStatus = z.infer<typeof VendorStatus>;

/** The agency as registered; the name and country are its verified identity and stay fixed. */
export const CompanyProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().length(2),
  city: z.string(),
  address: z.string(),
  iata_number: z.string().nullable(),
  /**
   * The agency's time zone (IANA), in which its days are counted — "today" on its dashboard, each
   * day of its analytics. Its country's unless the owner chose another (`time_zone_default` false).
   */
  time_zone: z.string(),
  time_zone_default: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** Whether the runtime knows a time zone by this IANA name ("Europe/London"). */
export const isTimeZone = (name: string): boolean => {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(name) && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

export const UpdateCompanyProfileBody = z
  .strictObject({
    contact_name: Text({
      min: 2,
      max: 120,
      tooShort: 'Contact name is too short',
      tooLong: 'Contact name is too long',
    }).optional(),
    phone: Phone.optional(),
    city: Text({ min: 2, max: 120, tooShort: 'City is too short', tooLong: 'City is too long' }).optional(),
    address: Text({
      min: 5,
      max: 300,
      tooShort: 'Address is too short',
      tooLong: 'Address is too long',
    }).optional(),
    /** An empty string clears it. */
    iata_number: Text({ max: 8, tooLong: 'An IATA number has 7 or 8 digits' })
      .regex(/^(\d{7,8})?$/, 'An IATA number has 7 or 8 digits')
      .optional(),
    /** An IANA time zone; an empty string goes back to the country's. */
    time_zone: z
      .string()
      .max(64)
      .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone')
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateCompanyProfileBody = z.infer<typeof UpdateCompanyProfileBody>;

export const companyEndpoints = {
  submitVendorForm: defineEndpoint({
    method: 'POST',
    path: '/api/vendor-form',
    summary: 'Submit the identity documents for review (multipart)',
    access: 'company',
    permission: 'owner',
    allowUnapproved: true,
    multipart: true,
    response: z.object({ verification_status: z.literal('pending_review') }),
  }),
  vendorStatus: defineEndpoint({
    method: 'GET',
    path: '/api/vendor-form',
    summary: 'The verification status and the latest submission',
    access: 'company',
    permission: 'owner',
    allowUnapproved: true,
    response: VendorStatus,
  }),
  vendorDocument: defineEndpoint({
    method: 'GET',
    path: '/api/vendor-form/documents/{id}',
    summary: 'One submitted document, to its own company only',
    access: 'company',
    permission: 'owner',
    allowUnapproved: true,
    params: z.strictObject({ id: z.uuid() }),
    response: z.unknown(),
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/company/profile',
    summary: "The agency's profile as registered (name, contact, address, IATA number)",
    access: 'company',
    permission: 'any',
    allowUnapproved: true,
    response: CompanyProfile,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/company/profile',
    summary: "The owner changes the agency's contact, address, phone or IATA number",
    access: 'company',
    permission: 'owner',
    allowUnapproved: true,
    body: UpdateCompanyProfileBody,
    response: CompanyProfile,
  }),
};
