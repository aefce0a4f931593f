import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which is one worker on a 2-core CI machine; the
    // suites wait on I/O (databases, sockets) enough that one worker per core is faster. On
    // PostgreSQL (TEST_DATABASE_URL) each worker has its own copy of the migrated database
    // (apps/server/test/test-database.ts): files share job queues and count company-wide
    // figures, so two never run on one database at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          // Server modules load once per worker, not once per file (2.7 s each): the server
          // keeps its state per app instance, its module-level caches are keyed by database
          // handle, and each file starts its own server and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      "apps/widget/vitest.config.ts",
    ],
  },
});
