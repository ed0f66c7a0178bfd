import { setFlagsFromString } from 'node:v8';

/**
 * PGlite's 9 MB of WebAssembly stays in V8's baseline code (`--liftoff-only`; issue 17,
 * docs/benchmarks.md "Memory"). With the default tiering V8 also compiles its hot functions with
 * the optimizing compiler, which held ~60–90 MB more; measured in the whole server, searches and a
 * soak of bookings were no slower without it. Set before anything else is loaded (main.ts imports
 * this module first), as it applies to WebAssembly compiled after it. The young generation's size
 * cannot be changed this late: `npm start` passes `--max-semi-space-size=2` on the command line, and
 * the search workers have it as a resource limit (search-pool.ts).
 */
setFlagsFromString('--liftoff-only');
