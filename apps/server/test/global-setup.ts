import { createDatabase } from "../src/db/client.js";

/** On PostgreSQL the schema is migrated once for all test files (PGlite: once per file). */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await createDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
