// The dev module's public entry (docs/architecture.md §2).
export { devModule } from './plugin.js';
