import { setFlagsFromString } from "node:v8";

/**
 * Imported first by main.ts. After each full collection V8 lets the heap grow to up to four
 * times what survived it; under a burst of requests that left the server at 500+ MiB resident
 * with about 100 MiB live (PGlite at 50k tickets: 523 MiB peak against a 300 MiB budget). At
 * 1.2× the peak was 341 MiB and the throughput the same, within the noise of this machine.
 * V8 ignores flags it does not know, so a later Node cannot fail to start over this.
 */
export const HEAP_GROWING_PERCENT = 20;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
