// The roles module's public entry (docs/architecture.md §2): the starter roles of a new agency and
// the rule that nobody grants more than they hold.
export { type Holding, holdingOf, refuseManagingBeyond, refuseRolesBeyond } from './grants.js';
export { rolesModule } from './plugin.js';
export { OWNER_ROLE, STARTER_ROLES } from './presets.js';
