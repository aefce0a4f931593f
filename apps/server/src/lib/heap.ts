import { setFlagsFromString } from "node:v8";

/**
 * After each full collection V8 lets the heap grow to up to four times what survived it.
 *
 * - Embedded database (PGlite at 50k tickets), 20%: a burst of requests left the server at
 *   500+ MiB resident with about 100 MiB live, against a 300 MiB budget; at 1.2× the peak was
 *   341 MiB at the same throughput. The price is more full collections: on the ingest bench
 *   (PostgreSQL, 4,000 webhook messages at once) node CPU per message rose from 0.95 to 1.1 ms
 *   and the p99 to the agent's socket at 500 msg/s from 37 to 57 ms, a price the embedded
 *   server, which is also the database, pays for its memory.
 * - PostgreSQL, 100%: V8's default put the server's peak resident memory under the inbox
 *   benchmark (500k tickets) anywhere between 248 and 312 MiB from one run to the next, past
 *   the 300 MiB budget in four runs of eight. At 2× it was 248–249 MiB set here (209–211 MiB
 *   as a command-line flag), with the same tab throughput and node CPU per ingested message
 *   (0.66–0.67 ms against 0.63–0.74 ms in alternating runs).
 *
 * V8 ignores flags it does not know, so a later Node cannot fail to start over this.
 */
const HEAP_GROWING_PERCENT = { embedded: 20, postgres: 100 };

export function limitHeapGrowth(database: keyof typeof HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT[database]}`);
}
