// The auth module's public entry (docs/architecture.md §2): what app.ts, the operator CLI and other
// modules use of it.
export { createAccessGuard } from './guard.js';
export { createOperator, reissueSetupLink, type SetupLink } from './operator-setup.js';
export { authModule } from './plugin.js';
// A user's e-mail in use, and ending every session of a user (staff management).
export { emailTaken, revokeAllSessions } from './repo.js';
export { AUTH_RULES } from './rules.js';
export { createSignInAttempts } from './sign-in-attempts.js';
