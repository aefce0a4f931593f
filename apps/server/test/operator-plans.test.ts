import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, plans } from "../src/db/schema/index.js";
import { limitFor } from "../src/modules/plans/limits.js";
import { seedWithSuper } from "./admin-helpers.js";
import {
  createCompany,
  createUser,
  login,
  request,
  setSetting,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
let seed: Awaited<ReturnType<typeof seedWithSuper>>;
let superSession: Session;

beforeAll(async () => {
  server = await startTestServer();
  seed = await seedWithSuper(server);
  superSession = seed.superSession;
});
afterAll(() => server.close());

const planBody = (name = `Plano ${uid()}`) => ({
  name,
  users: 3,
  queues: 2,
  userLimit: { limit: 3 },
  connectionLimit: { baileys: 1, facebook: 0, instagram: 2, whatsAppBusiness: 0, webChat: 1 },
});

/** A company on a fresh plan with the given limits, with a logged-in admin. */
async function companyOnPlan(limits: Partial<typeof plans.$inferInsert>, overrides = {}) {
  const [plan] = await server.db
    .insert(plans)
    .values({ name: `Limits ${uid()}`, ...limits })
    .returning();
  const company = await createCompany(server.db, { planId: plan!.id, ...overrides });
  const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
  return { plan: plan!, company, admin: await login(server, admin.email) };
}

describe("plans as the operator", () => {
  it("creates, reads, lists, updates and deletes a plan in the spec's shape", async () => {
    const body = planBody();
    const created = await request(server, superSession, "POST", "/plans", body);
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: body.name,
      users: 3,
      queues: 2,
      userLimit: { limit: 3 },
      connectionLimit: body.connectionLimit,
      graceDays: 7,
    });

    const all = await request(server, superSession, "GET", "/plans/all");
    expect(all.json().map((p: { id: number }) => p.id)).toContain(plan.id);
    const one = await request(server, superSession, "GET", `/plans/${plan.id}`);
    expect(one.json().name).toBe(body.name);

    const renamed = `${body.name} Pro`;
    const updated = await request(server, superSession, "PUT", `/plans/${plan.id}`, {
      ...body,
      name: renamed,
      users: 10,
      userLimit: { limit: 10 },
      connectionLimit: { ...body.connectionLimit, webChat: 4 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: renamed,
      users: 10,
      connectionLimit: { webChat: 4 },
    });

    const removed = await request(server, superSession, "DELETE", `/plans/${plan.id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await request(server, superSession, "GET", `/plans/${plan.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("ERR_NO_PLAN_FOUND");
  });

  it("keeps plan names unique, whatever their case, on create and on rename", async () => {
    const name = `Único ${uid()}`;
    const first = await request(server, superSession, "POST", "/plans", planBody(name));
    expect(first.statusCode).toBe(201);
    const dup = await request(server, superSession, "POST", "/plans", planBody(name.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("ERR_PLAN_NAME_EXISTS");

    const other = (await request(server, superSession, "POST", "/plans", planBody())).json();
    const rename = await request(server, superSession, "PUT", `/plans/${other.id}`, planBody(name));
    expect(rename.json().error).toBe("ERR_PLAN_NAME_EXISTS");
    // Saving a plan under its own name is not a conflict.
    const same = await request(server, superSession, "PUT", `/plans/${first.json().id}`, {
      ...planBody(name),
      queues: 9,
    });
    expect(same.statusCode).toBe(200);
  });

  it("rejects an empty name and negative or fractional limits with field messages", async () => {
    const noName = await request(server, superSession, "POST", "/plans", {
      ...planBody(),
      name: " ",
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Required" } });
    const negative = await request(server, superSession, "POST", "/plans", {
      ...planBody(),
      users: -1,
    });
    expect(negative.json().error).toBe("ERR_VALIDATION");
    const fraction = await request(server, superSession, "POST", "/plans", {
      ...planBody(),
      connectionLimit: { webChat: 1.5 },
    });
    expect(fraction.json().error).toBe("ERR_VALIDATION");
    // Empty inputs of the form count as 0.
    const empty = await request(server, superSession, "POST", "/plans", {
      ...planBody(),
      users: "",
      connectionLimit: { baileys: "" },
    });
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({ users: 0, connectionLimit: { baileys: 0 } });
  });

  it("refuses to delete a plan a company uses (archived ones too)", async () => {
    const plan = (await request(server, superSession, "POST", "/plans", planBody())).json();
    await createCompany(server.db, { planId: plan.id, archived: true });
    const res = await request(server, superSession, "DELETE", `/plans/${plan.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("ERR_PLAN_IN_USE");
  });

  it("lists plans publicly for the signup form, with its query parameters", async () => {
    const plan = (await request(server, superSession, "POST", "/plans", planBody())).json();
    const res = await request(server, null, "GET", "/plans/list?listPublic=false");
    expect(res.statusCode).toBe(200);
    expect(res.json().find((p: { id: number }) => p.id === plan.id)).toMatchObject({
      name: plan.name,
      users: 3,
    });
  });
});

describe("plans as company users", () => {
  it("answers 403 ERR_NO_PERMISSION to admins and users on every operator route", async () => {
    const plan = (await request(server, superSession, "POST", "/plans", planBody())).json();
    const calls: [string, string, unknown?][] = [
      ["GET", "/plans/all"],
      ["GET", `/plans/${plan.id}`],
      ["POST", "/plans", planBody()],
      ["PUT", `/plans/${plan.id}`, planBody()],
      ["DELETE", `/plans/${plan.id}`],
    ];
    for (const who of [seed.as.admin, seed.as.member]) {
      for (const [method, url, body] of calls) {
        const res = await request(server, who, method as "GET", url, body);
        expect([method, url, res.statusCode, res.json().error]).toEqual([
          method,
          url,
          403,
          "ERR_NO_PERMISSION",
        ]);
      }
    }
    const still = await request(server, superSession, "GET", `/plans/${plan.id}`);
    expect(still.json().name).toBe(plan.name);
  });

  it("requires a session for everything but the public list", async () => {
    const res = await request(server, null, "GET", "/plans/all");
    expect(res.statusCode).toBe(401);
  });
});

describe("plan limits", () => {
  const userBody = () => ({
    name: "Novo Usuário",
    email: `u-${uid()}@example.com`,
    password: "secret123",
    profile: "user",
  });

  it("stops user creation at the plan's user limit", async () => {
    const { admin } = await companyOnPlan({ userLimit: 2 });
    const ok = await request(server, admin, "POST", "/users", userBody());
    expect(ok.statusCode).toBe(201);
    const over = await request(server, admin, "POST", "/users", userBody());
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe("ERR_USER_LIMIT_REACHED");
  });

  it("counts signups against the user limit", async () => {
    const { company } = await companyOnPlan({ userLimit: 1 });
    await setSetting(server.db, company.id, "userCreation", "enabled");
    const res = await request(server, null, "POST", "/auth/signup", {
      ...userBody(),
      companyId: company.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_USER_LIMIT_REACHED");
  });

  it("stops queue creation at the plan's queue limit", async () => {
    const { admin } = await companyOnPlan({ userLimit: 5, queueLimit: 1 });
    const first = await request(server, admin, "POST", "/queue", {
      name: "Vendas",
      color: "#112233",
      greetingMessage: "Olá",
    });
    expect(first.statusCode).toBe(201);
    const second = await request(server, admin, "POST", "/queue", {
      name: "Suporte",
      color: "#445566",
      greetingMessage: "Olá",
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toBe("ERR_QUEUE_LIMIT_REACHED");
  });

  it("holds the limit when many creations arrive at once", async () => {
    const { admin } = await companyOnPlan({ userLimit: 5, queueLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(server, admin, "POST", "/queue", {
          name: `Fila ${i}`,
          color: `#0000${String(i).padStart(2, "0")}`,
          greetingMessage: "Olá",
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.json().error === "ERR_QUEUE_LIMIT_REACHED")).toHaveLength(9);
    const listed = await request(server, admin, "GET", "/queue");
    expect(listed.json()).toHaveLength(1);
  });

  it("limits connections per channel type; 0 allows none", async () => {
    const { admin } = await companyOnPlan({ userLimit: 5, limitWebChat: 1, limitBaileys: 0 });
    const site = await request(server, admin, "POST", "/whatsapp", {
      name: "Site",
      channelType: "WEB_CHAT",
    });
    expect(site.statusCode).toBe(201);
    const second = await request(server, admin, "POST", "/whatsapp", {
      name: "Site 2",
      channelType: "WEB_CHAT",
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toBe("ERR_CONNECTION_LIMIT_REACHED");
    const baileys = await request(server, admin, "POST", "/whatsapp", {
      name: "WhatsApp",
      channelType: "BAILEYS",
    });
    expect(baileys.json().error).toBe("ERR_CONNECTION_LIMIT_REACHED");
  });

  it("lets the company's own connection limit win over the plan's (0 = the plan decides)", async () => {
    const { company, admin } = await companyOnPlan({ userLimit: 5, limitWebChat: 1 });
    const put = await request(server, superSession, "PUT", `/companies/${company.id}`, {
      connectionLimit: { webChat: 2, baileys: 0 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().connectionLimit).toMatchObject({ webChat: 2, baileys: 0 });
    for (const name of ["Site A", "Site B"]) {
      const res = await request(server, admin, "POST", "/whatsapp", {
        name,
        channelType: "WEB_CHAT",
      });
      expect(res.statusCode).toBe(201);
    }
    const third = await request(server, admin, "POST", "/whatsapp", {
      name: "Site C",
      channelType: "WEB_CHAT",
    });
    expect(third.json().error).toBe("ERR_CONNECTION_LIMIT_REACHED");

    // Back to 0: the plan's limit (1) applies again.
    await request(server, superSession, "PUT", `/companies/${company.id}`, {
      connectionLimit: { webChat: 0 },
    });
    const [row] = await server.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.limitWebChat).toBeNull();
  });

  it("never limits the platform's own company", async () => {
    const { plan, company } = await companyOnPlan({ userLimit: 0 });
    // Flipping isPlatform in a shared database would confuse the bootstrap tests: check the rule.
    expect(limitFor({ ...company, isPlatform: true }, plan, "users")).toBeNull();
    expect(limitFor(company, plan, "users")).toBe(0);
    expect(limitFor(company, null, "queues")).toBeNull();
  });
});

describe("help records (settings Help tab)", () => {
  it("lets the operator manage them, shows users version 1, and refuses bad input", async () => {
    const title = `Como usar ${uid()}`;
    const v2 = await request(server, superSession, "POST", "/helps", {
      title,
      description: "Passo a passo",
      video: "dQw4w9WgXcQ",
      version: 2,
    });
    expect(v2.statusCode).toBe(201);
    expect(v2.json()).toMatchObject({ title, version: "2", video: "dQw4w9WgXcQ" });

    const all = (await request(server, superSession, "GET", "/helps/list?version=all")).json();
    expect(all.map((h: { id: number }) => h.id)).toContain(v2.json().id);
    const forUser = (await request(server, seed.as.member, "GET", "/helps")).json();
    expect(forUser.every((h: { version: string }) => h.version === "1")).toBe(true);

    for (const body of [{ title: "" }, { title: "x", version: "3" }]) {
      const res = await request(server, superSession, "POST", "/helps", body);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    const missing = await request(server, superSession, "PUT", "/helps/99999999", { title: "x" });
    expect(missing.json().error).toBe("ERR_NO_HELP_FOUND");

    for (const who of [seed.as.admin, seed.as.member]) {
      for (const [method, url] of [
        ["POST", "/helps"],
        ["PUT", `/helps/${v2.json().id}`],
        ["DELETE", `/helps/${v2.json().id}`],
      ] as const) {
        const res = await request(server, who, method, url, { title: "Invasão" });
        expect([method, res.statusCode]).toEqual([method, 403]);
      }
    }
    const removed = await request(server, superSession, "DELETE", `/helps/${v2.json().id}`);
    expect(removed.statusCode).toBe(204);
  });
});
