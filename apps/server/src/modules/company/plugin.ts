import { defineModule } from '../../platform/module.js';
import { registerCompanyRoutes } from './routes.js';

/** The agency's vendor verification (DESIGN.md §5) and its profile (issue 13). */
export const companyModule = defineModule({ name: 'company' }, (context) => {
  registerCompanyRoutes(context);
});
