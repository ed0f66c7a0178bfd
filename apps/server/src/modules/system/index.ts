// The system module's public entry (docs/architecture.md §2).
export { systemModule } from './plugin.js';
