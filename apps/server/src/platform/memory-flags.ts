import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for a server that fits its memory targets (issue 17, docs/benchmarks.md "Memory"),
 * set before anything else is loaded (main.ts imports this module first).
 *
 * - PGlite's 9 MB of WebAssembly stays in V8's baseline code (`--liftoff-only`). With the default
 *   tiering V8 also compiles its hot functions with the optimizing compiler, which held ~60–90 MB
 *   more; measured in the whole server, searches and a soak of bookings were no slower without it.
 *   It applies to WebAssembly compiled after it, hence first.
 * - The old generation may grow to 1.5 × what the last full collection left before the next one
 *   (`--heap-growing-percent=50`). V8's own factor reaches 4 × on a small heap that collects fast:
 *   under searches the event loop's heap went from 55 to 140 MB of mostly dead requests between
 *   two collections. Measured: the search load's peak 410–426 → 329–344 MB at the same throughput.
 *   V8 reads it at each collection, so setting it here applies to the search workers too.
 *
 * The young generation's size cannot be changed this late: `npm start` passes
 * `--max-semi-space-size=2` on the command line, and the search workers have it as a resource
 * limit (search-pool.ts).
 */
setFlagsFromString('--liftoff-only');
setFlagsFromString('--heap-growing-percent=50');
