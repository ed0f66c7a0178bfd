// The admin module's public entry (docs/architecture.md §2): what app.ts and the demo seed use of it.
export { insertBank } from './banks/repo.js';
export { insertPost } from './notices/repo.js';
export { adminModule } from './plugin.js';
