/*
 * The console's frame, loaded as one chunk with its first screen (admin-routes points here): none
 * of it is in the agency's start-up bundle (scripts/start-up-bundle.ts checks every build).
 */
export { AdminAuthLayout } from './admin-auth-layout';
export { AdminConsole } from './admin-console';
export { AdminLayout } from './admin-layout';
export { AdminNotFound, AdminRouteError } from './admin-route-error';
