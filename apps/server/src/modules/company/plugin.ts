import { defineModule } from '../../platform/module.js';
import { registerCompanyRoutes } from './routes.js';

/** The agency's vendor verification (DESIGN.md §5). */
export const companyModule = defineModule({ name: 'company' }, (context) => {
  registerCompanyRoutes(context);
});
