// The notices module's public entry (docs/architecture.md §2): notifying an agency, publishing posts.
export { notify } from './notify.js';
export { noticesModule } from './plugin.js';
export { announcePublishedPosts } from './publication.js';
