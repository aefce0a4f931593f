import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { bootstrap, DEFAULT_PLAN_NAME } from "../src/db/bootstrap.js";
import { createDatabase, type Database, type Db } from "../src/db/client.js";
import { companies, instances, plans, settings, users } from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import { verifyPassword } from "../src/lib/password.js";
import { testConfig } from "./harness.js";

// The platform company is global, so every test here gets its own empty PGlite database,
// also when the other files run on PostgreSQL (TEST_DATABASE_URL).
const databases: Database[] = [];
async function freshDatabase(): Promise<Database> {
  const database = await createDatabase({});
  await database.migrate();
  databases.push(database);
  return database;
}
afterEach(async () => {
  vi.restoreAllMocks();
  while (databases.length) await databases.pop()!.close();
});

const quietLogger = () => ({ info: vi.fn(), warn: vi.fn() });

const firstRun = {
  PUBLIC_URL: "https://help.example.com",
  INSTANCE_ID: "node-a",
  ADMIN_EMAIL: "Root@Example.com",
  ADMIN_PASSWORD: undefined,
};

/** Everything stdout receives while `fn` runs. */
async function stdoutOf(fn: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return chunks.join("");
}

async function counts(db: Db) {
  const n = async (
    table: typeof companies | typeof plans | typeof instances | typeof settings | typeof users,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    companies: await n(companies),
    plans: await n(plans),
    instances: await n(instances),
    settings: await n(settings),
    users: await n(users),
  };
}

describe("first run", () => {
  it("creates the platform company, plan, instance, default settings and the super admin", async () => {
    const { db } = await freshDatabase();
    await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));

    const [platform, ...others] = await db.select().from(companies);
    expect(others).toEqual([]);
    expect(platform).toMatchObject({ isPlatform: true, status: true, archived: false });

    const [plan] = await db.select().from(plans);
    expect(plan?.name).toBe(DEFAULT_PLAN_NAME);
    expect(platform!.planId).toBe(plan!.id);

    const [instance] = await db.select().from(instances);
    expect(instance).toMatchObject({ address: "https://help.example.com", nodeId: "node-a" });
    expect(platform!.instanceId).toBe(instance!.id);

    const rows = await db.select().from(settings).where(eq(settings.companyId, platform!.id));
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(byKey).toMatchObject({
      userRating: "disabled",
      scheduleType: "disabled",
      userCreation: "disabled",
      campaignsEnabled: "false",
    });

    const [admin, ...moreUsers] = await db.select().from(users);
    expect(moreUsers).toEqual([]);
    expect(admin).toMatchObject({
      email: "root@example.com",
      super: true,
      profile: "admin",
      companyId: platform!.id,
    });
  });

  it("without ADMIN_PASSWORD prints a generated password once, and it logs in", async () => {
    const database = await freshDatabase();
    const printed = await stdoutOf(() => bootstrap(database.db, firstRun, quietLogger()));
    expect(printed).toContain("root@example.com");
    const password = /password:\s+(\S+)/.exec(printed)?.[1];
    expect(password).toBeTruthy();
    expect(printed.split(password!).length - 1).toBe(1);

    const [admin] = await database.db.select().from(users);
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    expect(admin!.passwordHash).not.toContain(password!);

    // Through the API as well: the login answer carries the instance address clients use.
    const { app } = await buildApp({
      config: testConfig(),
      database,
      logger: createLogger("silent"),
    });
    try {
      await app.ready();
      const res = await app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: "root@example.com", password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ super: true, profile: "admin" });
      expect(res.json().user.company.instance.address).toBe("https://help.example.com");
    } finally {
      await app.close();
    }
  });

  it("with ADMIN_PASSWORD uses it and prints nothing", async () => {
    const { db } = await freshDatabase();
    const logger = quietLogger();
    const printed = await stdoutOf(() =>
      bootstrap(db, { ...firstRun, ADMIN_PASSWORD: "chosen-secret" }, logger),
    );
    expect(printed).toBe("");
    const [admin] = await db.select().from(users);
    expect(await verifyPassword(admin!.passwordHash, "chosen-secret")).toBe(true);
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain("chosen-secret");
  });

  it("without a configured PUBLIC_URL the instance address is empty: clients stay on their origin", async () => {
    const { db } = await freshDatabase();
    await stdoutOf(() => bootstrap(db, { ...firstRun, publicUrlSet: false }, quietLogger()));
    const rows = await db.select().from(instances);
    expect(rows.map((r) => r.address)).toEqual([""]);
  });
});

describe("later runs", () => {
  it("running again changes no counts and prints nothing", async () => {
    const { db } = await freshDatabase();
    await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));
    const before = await counts(db);
    const [adminBefore] = await db.select().from(users);

    const printed = await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));
    expect(printed).toBe("");
    expect(await counts(db)).toEqual(before);
    const [adminAfter] = await db.select().from(users);
    expect(adminAfter!.passwordHash).toBe(adminBefore!.passwordHash);
  });

  it("keeps a setting an admin changed", async () => {
    const { db } = await freshDatabase();
    await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));
    await db.update(settings).set({ value: "enabled" }).where(eq(settings.key, "userRating"));
    await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));
    const [row] = await db.select().from(settings).where(eq(settings.key, "userRating"));
    expect(row?.value).toBe("enabled");
  });

  it("a second node adds its own instance but no second platform company or admin", async () => {
    const { db } = await freshDatabase();
    await stdoutOf(() => bootstrap(db, firstRun, quietLogger()));
    const printed = await stdoutOf(() =>
      bootstrap(
        db,
        { ...firstRun, INSTANCE_ID: "node-b", PUBLIC_URL: "https://b.example.com" },
        quietLogger(),
      ),
    );
    expect(printed).toBe("");
    expect(await counts(db)).toMatchObject({ companies: 1, plans: 1, instances: 2, users: 1 });
    const nodes = (await db.select().from(instances)).map((i) => [i.nodeId, i.address]).sort();
    expect(nodes).toEqual([
      ["node-a", "https://help.example.com"],
      ["node-b", "https://b.example.com"],
    ]);
  });
});
