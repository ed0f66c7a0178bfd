// The support module's public entry (docs/architecture.md §2): the agency's and the operators' sides
// of tickets and their chat (the console's routes live in admin/support).
export { createAdminSupportService } from './operator-desk.js';
export { supportModule } from './plugin.js';
export {
  attachmentMessage,
  createSupportService,
  SUPPORT_ATTACHMENT_FORM,
  type TicketViewer,
} from './service.js';
