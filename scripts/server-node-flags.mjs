/**
 * The Node flags the server runs with: `npm start`, the end-to-end tests and the benchmarks,
 * so that what is measured is what runs. They depend on the database the server will use
 * (`env.DATABASE_URL`: PostgreSQL; absent: the embedded PGlite).
 *
 * --max-semi-space-size: V8's young generation grows to 3 × 16 MiB under load by default.
 * - With the embedded database, 8 MiB: the server's peak resident memory under the inbox
 *   benchmark fell by about 20 MiB (PGlite at 50k tickets: 311–323 → 292–298 MiB) with the
 *   same throughput; the server also tightens the heap's growth itself (lib/heap.ts).
 * - With PostgreSQL, whose memory is not the server's, 16 MiB: scavenges were an eighth of
 *   the server's CPU while ingesting messages; the node's CPU per message went 0.46–0.48 →
 *   0.45–0.47 ms at 16 and 0.42–0.43 ms at 32 (realtime bench, alternating runs), but 32 put
 *   the server's peak resident memory under the inbox benchmark at 283–355 MiB, past the 300
 *   MiB budget (16: 249–255 MiB; 8: 209–215 MiB).
 */
export function serverNodeFlags(env = process.env) {
  const semiSpaceMiB = env.DATABASE_URL ? 16 : 8;
  return ["--enable-source-maps", `--max-semi-space-size=${semiSpaceMiB}`];
}
