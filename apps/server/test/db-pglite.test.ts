import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, PGLITE_DATABASE, PGLITE_SHARED_BUFFERS } from "../src/db/client.js";

// The embedded database's own folder: what a restart (or an upgrade of PGlite) must keep.
const dir = mkdtempSync(path.join(tmpdir(), "atrium-pglite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const one = async (
  database: { executeSql(text: string): Promise<{ rows: unknown[] }> },
  q: string,
) => (await database.executeSql(q)).rows[0] as Record<string, unknown>;

describe("PGlite data folder", () => {
  it("opens the database PGlite 0.3 kept its data in, with the buffer cache asked for", async () => {
    // Folders made before the PGlite 0.4 upgrade hold every table in template1; opening the
    // newer default ("postgres") would show an empty product.
    expect(PGLITE_DATABASE).toBe("template1");
    const first = await createDatabase({ pgliteDir: dir, pgliteSharedBuffers: "24MB" });
    try {
      await first.migrate();
      expect(await one(first, "select current_database() as db")).toEqual({ db: "template1" });
      expect(await one(first, "show shared_buffers")).toEqual({ shared_buffers: "24MB" });
      await first.executeSql("insert into plans (name) values ('Kept')");
    } finally {
      await first.close();
    }

    const again = await createDatabase({ pgliteDir: dir });
    try {
      await again.migrate();
      expect(await one(again, "select count(*)::int as n from plans where name = 'Kept'")).toEqual({
        n: 1,
      });
      expect(await one(again, "show shared_buffers")).toEqual({
        shared_buffers: PGLITE_SHARED_BUFFERS,
      });
    } finally {
      await again.close();
    }
  });
});
