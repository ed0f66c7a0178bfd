// The company module's public entry (docs/architecture.md §2): what app.ts, the demo seed and other
// modules use of it.
export { kpiRange } from './analytics/kpi-range.js';
export { createAgency } from './create-agency.js';
export { companyModule } from './plugin.js';
