import { SUPPORT_ATTACHMENT_FIELD } from '@skydesk/contract';

/**
 * docs/api.md: an attachment message is multipart — the file under `file`, with the optional text and
 * the sender's client id (a retry under the same id stores it once).
 */
export function attachmentFormData({ file, body, clientId }: { file: File; body: string; clientId: string }) {
  const form = new FormData();
  form.append(SUPPORT_ATTACHMENT_FIELD, file, file.name);
  if (body) form.append('body', body);
  form.append('client_id', clientId);
  return form;
}
