import { defineModule } from '../../platform/module.js';
import { registerAdminAnalyticsRoutes } from './analytics/routes.js';
import { registerAuditRoutes } from './audit/routes.js';
import { registerAdminBankRoutes } from './banks/routes.js';
import { registerAdminCompanyRoutes } from './companies/routes.js';
import { registerAdminCreditLimitRoutes } from './credit-limits/routes.js';
import { registerAdminDepositRoutes } from './deposits/routes.js';
import { registerAdminExchangeRoutes } from './exchanges/routes.js';
import { registerAdminNoticeRoutes } from './notices/routes.js';
import { registerAdminPricingRoutes } from './pricing/routes.js';
import { registerAdminRefundRoutes } from './refunds/routes.js';
import { registerAdminScheduleChangeRoutes } from './schedule-changes/routes.js';
import { registerAdminStatementRoutes } from './statement/routes.js';
import { registerAdminSupplierRoutes } from './suppliers/routes.js';
import { registerAdminSupportRoutes } from './support/routes.js';
import { registerWorkQueueRoutes } from './work-queue/routes.js';

/**
 * The back office (docs/api.md#back-office, docs/architecture.md §5–6): the operators' side of the business,
 * every call the operator principal's alone. One sub-domain per folder — agency review and credit
 * adjustments (companies/), refund decisions (refunds/), the bank accounts agencies deposit into
 * (banks/) and the audit log every action writes (audit/). Later issues add their folders here
 * (deposits, support chat, announcements, KPIs), each recording its actions with recordAudit.
 */
export const adminModule = defineModule(
  { name: 'admin', dependencies: ['flights', 'bookings', 'notices'] },
  (context, app) => {
    registerAdminCompanyRoutes(context);
    registerAdminRefundRoutes(context, app.flightSupplier);
    registerAdminBankRoutes(context);
    registerAdminDepositRoutes(context);
    registerAdminCreditLimitRoutes(context);
    registerAdminStatementRoutes(context);
    registerAdminNoticeRoutes(context);
    registerAdminSupportRoutes(context);
    registerAuditRoutes(context);
    registerAdminAnalyticsRoutes(context);
    registerWorkQueueRoutes(context);
    registerAdminSupplierRoutes(context, app.supplierConsole);
    registerAdminPricingRoutes(context, app.supplierConsole);
    registerAdminScheduleChangeRoutes(context, app.flightSupplier);
    registerAdminExchangeRoutes(context);
  },
);
