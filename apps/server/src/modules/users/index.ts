// The users module's public entry (docs/architecture.md §2).
export { usersModule } from './plugin.js';
