import { setFlagsFromString } from "node:v8";

/**
 * After each full collection V8 lets the heap grow to up to four times what survived it.
 * Under a burst of requests that left the embedded-database server (PGlite at 50k tickets) at
 * 500+ MiB resident with about 100 MiB live, against a 300 MiB budget; at 1.2× the peak was
 * 341 MiB at the same throughput. The price is more full collections: on the ingest bench
 * (PostgreSQL, 4,000 webhook messages at once) node CPU per message rose from 0.95 to 1.1 ms
 * and the p99 to the agent's socket at 500 msg/s from 37 to 57 ms. So only the embedded
 * database, where the server is also the database and memory is the scarcer, asks for it;
 * a PostgreSQL deployment keeps V8's default. V8 ignores flags it does not know, so a later
 * Node cannot fail to start over this.
 */
const EMBEDDED_HEAP_GROWING_PERCENT = 20;

export function favorMemoryOverThroughput(): void {
  setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
