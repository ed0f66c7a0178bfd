// The live module's public entry (docs/architecture.md §2): the hub other modules push through.
export type { LiveAudience, LiveHub } from './hub.js';
export type { LiveClient } from './live-client.js';
export { liveModule } from './plugin.js';
