/**
 * The Node flags the server runs with: `npm start`, the end-to-end tests and the benchmarks,
 * so that what is measured is what runs.
 *
 * --max-semi-space-size=8: V8's young generation grows to 3 × 16 MiB under load by default.
 * At 8 MiB the server's peak resident memory under the inbox benchmark fell by about 20 MiB
 * (PGlite at 50k tickets: 311–323 → 292–298 MiB) with the same throughput. With the embedded
 * database the server also tightens the heap's growth itself (apps/server/src/lib/heap.ts).
 */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-semi-space-size=8"];
