import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiContract, DEFAULT_CAMPAIGN_SETTINGS, type ApiRoute } from "@atrium/shared";
import type { z } from "zod";
import { campaigns, plans, settings } from "../src/db/schema/index.js";
import { multipart, pdf, seedWithSuper } from "./admin-helpers.js";
import { createList, enableCampaigns, phone } from "./campaign-helpers.js";
import {
  createConnection,
  request,
  seedCompany,
  setSetting,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function company() {
  const s = await seedCompany(server);
  await enableCampaigns(server, s.company.id);
  const connection = await createConnection(server, s.company.id);
  const list = await createList(server, s.as.admin, [{ name: "Ana", number: phone() }]);
  return { ...s, connection, list };
}

type Company = Awaited<ReturnType<typeof company>>;

const later = () => new Date(Date.now() + 3600_000).toISOString();

const form = (c: Company, extra: Record<string, unknown> = {}) => ({
  name: "Promoção",
  whatsappId: c.connection.id,
  contactListId: c.list.id,
  messages: ["Oi {nome}"],
  scheduledAt: later(),
  ...extra,
});

async function create(c: Company, session: Session = c.as.admin, extra = {}) {
  return request(server, session, "POST", "/campaigns", form(c, extra));
}

describe("campaigns: who may", () => {
  it("an agent is refused; a disabled setting or plan answers ERR_CAMPAIGNS_DISABLED", async () => {
    const c = await company();
    expect((await create(c)).statusCode).toBe(201);
    expect((await create(c, c.as.member)).statusCode).toBe(403);
    expect((await request(server, c.as.member, "GET", "/campaign-settings")).statusCode).toBe(403);

    await setSetting(server.db, c.company.id, "campaignsEnabled", "false");
    const off = await request(server, c.as.admin, "GET", "/campaigns/");
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe("ERR_CAMPAIGNS_DISABLED");

    await setSetting(server.db, c.company.id, "campaignsEnabled", "true");
    await server.db
      .update(plans)
      .set({ useCampaigns: false })
      .where(eq(plans.id, c.company.planId!));
    const noPlan = await request(server, c.as.admin, "GET", "/campaigns/");
    expect(noPlan.json().error).toBe("ERR_CAMPAIGNS_DISABLED");
    // The login answer says the effective value; the admin cannot switch it on.
    const me = await request(server, c.as.admin, "GET", "/auth/me");
    expect(me.json().company.campaignsEnabled).toBe(false);
    const toggle = await request(server, c.as.admin, "PUT", "/settings/campaignsEnabled", {
      value: "true",
    });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().error).toBe("ERR_CAMPAIGNS_DISABLED");
  });

  it("the operator sets a plan's useCampaigns and a company's campaignsEnabled", async () => {
    const s = await seedWithSuper(server);
    const plan = await request(server, s.superSession, "POST", "/plans", {
      name: `Sem campanhas ${Date.now()}`,
      users: 5,
      queues: 5,
      useCampaigns: false,
    });
    expect(plan.statusCode).toBe(201);
    expect(plan.json().useCampaigns).toBe(false);
    const kept = await request(server, s.superSession, "PUT", `/plans/${plan.json().id}`, {
      name: plan.json().name,
    });
    expect(kept.json().useCampaigns).toBe(false);

    const on = await request(server, s.superSession, "PUT", `/companies/${s.company.id}`, {
      campaignsEnabled: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().campaignsEnabled).toBe(true);
    const [row] = await server.db
      .select()
      .from(settings)
      .where(eq(settings.companyId, s.company.id));
    expect(row).toBeDefined();
    const me = await request(server, s.as.admin, "GET", "/auth/me");
    expect(me.json().company.campaignsEnabled).toBe(true);
    expect((await request(server, s.as.admin, "GET", "/campaigns/")).statusCode).toBe(200);
  });

  it("another company's campaign is not found", async () => {
    const a = await company();
    const b = await company();
    const id = (await create(a)).json().id;
    for (const [method, url] of [
      ["GET", `/campaigns/${id}`],
      ["GET", `/campaigns/${id}/shipments`],
      ["DELETE", `/campaigns/${id}`],
      ["POST", `/campaigns/${id}/pause`],
      ["POST", `/campaigns/${id}/cancel`],
      ["POST", `/campaigns/${id}/duplicate`],
      ["DELETE", `/campaigns/${id}/upload`],
    ] as const) {
      const res = await request(server, b.as.admin, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe("ERR_NO_CAMPAIGN_FOUND");
    }
    const put = await request(server, b.as.admin, "PUT", `/campaigns/${id}`, form(b));
    expect(put.statusCode).toBe(404);
    // Its connection and list cannot be used by b either.
    const borrowed = await create(b, b.as.admin, { whatsappId: a.connection.id });
    expect(borrowed.json().error).toBe("ERR_NO_WAPP_FOUND");
    const list = await create(b, b.as.admin, { contactListId: a.list.id });
    expect(list.json().error).toBe("ERR_NO_CONTACT_LIST_FOUND");
    expect((await request(server, a.as.admin, "GET", `/campaigns/${id}`)).statusCode).toBe(200);
    const page = await request(server, b.as.admin, "GET", "/campaigns/");
    expect(page.json().records.map((r: { id: number }) => r.id)).not.toContain(id);
  });
});

describe("campaigns: input", () => {
  it("refuses bad forms with codes", async () => {
    const c = await company();
    const six = await create(c, c.as.admin, { messages: ["1", "2", "3", "4", "5", "6"] });
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toBe("ERR_VALIDATION");
    const none = await create(c, c.as.admin, { contactListId: null, tagId: null });
    expect(none.statusCode).toBe(400);
    const both = await create(c, c.as.admin, { tagId: 1 });
    expect(both.statusCode).toBe(400);
    const nul = await create(c, c.as.admin, { name: "Pro\u0000mo" });
    expect(nul.statusCode).toBe(400);
    const noConfirmation = await create(c, c.as.admin, { confirmation: true });
    expect(noConfirmation.json().fields).toHaveProperty("confirmationMessages");
    const badDate = await create(c, c.as.admin, { scheduledAt: "31/02/2025 10:00" });
    expect(badDate.statusCode).toBe(400);
    const emptyList = await createList(server, c.as.admin, [], "Vazia");
    const empty = await create(c, c.as.admin, { contactListId: emptyList.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("ERR_CAMPAIGN_NO_RECIPIENTS");
    const tag = await create(c, c.as.admin, { contactListId: null, tagId: 2_000_000_000 });
    expect(tag.json().error).toBe("ERR_NO_TAG_FOUND");
  });
});

describe("campaigns: states", () => {
  it("scheduled → paused → scheduled → cancelled; wrong moves answer codes", async () => {
    const c = await company();
    const created = (await create(c)).json();
    expect(created).toMatchObject({ status: "PROGRAMADA", report: { total: 0 } });
    const id = created.id as number;
    const act = (action: string) =>
      request(server, c.as.admin, "POST", `/campaigns/${id}/${action}`);
    expect((await act("resume")).json().error).toBe("ERR_CAMPAIGN_STATE");
    expect((await act("pause")).json().status).toBe("PAUSADA");
    expect((await act("pause")).json().error).toBe("ERR_CAMPAIGN_STATE");
    expect((await act("resume")).json().status).toBe("PROGRAMADA");
    expect((await act("cancel")).json().status).toBe("CANCELADA");
    expect((await act("cancel")).json().error).toBe("ERR_CAMPAIGN_STATE");
    const edit = await request(server, c.as.admin, "PUT", `/campaigns/${id}`, form(c));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
    expect((await request(server, c.as.admin, "DELETE", `/campaigns/${id}`)).statusCode).toBe(204);
    expect((await request(server, c.as.admin, "GET", `/campaigns/${id}`)).statusCode).toBe(404);
  });

  it("a running campaign cannot be deleted; edits of a started paused one keep its recipients", async () => {
    const c = await company();
    const id = (await create(c)).json().id as number;
    await server.db
      .update(campaigns)
      .set({ status: "EM_ANDAMENTO", startedAt: new Date() })
      .where(eq(campaigns.id, id));
    const del = await request(server, c.as.admin, "DELETE", `/campaigns/${id}`);
    expect(del.json().error).toBe("ERR_CAMPAIGN_STATE");
    await server.db.update(campaigns).set({ status: "PAUSADA" }).where(eq(campaigns.id, id));
    const other = await createList(server, c.as.admin, [{ name: "Bia", number: phone() }], "B");
    const moved = await request(server, c.as.admin, "PUT", `/campaigns/${id}`, {
      ...form(c),
      contactListId: other.id,
    });
    expect(moved.json().error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
    const renamed = await request(server, c.as.admin, "PUT", `/campaigns/${id}`, {
      ...form(c),
      name: "Novo nome",
      messages: ["Olá {nome}", "Oi {nome}"],
    });
    expect(renamed.json()).toMatchObject({
      name: "Novo nome",
      status: "PAUSADA",
      messages: ["Olá {nome}", "Oi {nome}"],
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "an edit racing a state change answers ERR_CAMPAIGN_NOT_EDITABLE and changes nothing",
    async () => {
      const c = await company();
      const id = (await create(c)).json().id as number;
      // The campaign starts (another request, the job) while the edit is on its way.
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const starting = server.db.transaction(async (tx) => {
        await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
        locked();
        await new Promise<void>((r) => (release = r));
        await tx
          .update(campaigns)
          .set({ status: "EM_ANDAMENTO", startedAt: new Date() })
          .where(eq(campaigns.id, id));
      });
      await isLocked;
      const edit = request(server, c.as.admin, "PUT", `/campaigns/${id}`, {
        ...form(c),
        name: "Tarde demais",
      });
      await new Promise((r) => setTimeout(r, 500));
      release();
      await starting;
      const res = await edit;
      expect(res.json().error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
      const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(row).toMatchObject({ status: "EM_ANDAMENTO", name: "Promoção" });
    },
  );

  it("duplicate copies as scheduled without a time, and does not start by itself", async () => {
    const c = await company();
    const from = (await create(c, c.as.admin, { name: "Natal" })).json();
    const copy = await request(server, c.as.admin, "POST", `/campaigns/${from.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "Natal (cópia)",
      status: "PROGRAMADA",
      scheduledAt: null,
      contactListId: c.list.id,
      messages: ["Oi {nome}"],
    });
    const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, copy.json().id));
    expect(row?.jobId).toBeNull();
  });

  it("a file attaches to an editable campaign and is removed again", async () => {
    const c = await company();
    const id = (await create(c)).json().id as number;
    const up = await multipart(server, c.as.admin, "POST", `/campaigns/${id}/upload`, {
      files: [pdf],
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().file).toMatchObject({ name: "doc.pdf" });
    const down = await request(server, c.as.admin, "DELETE", `/campaigns/${id}/upload`);
    expect(down.json().file).toBeNull();
  });

  it("lists campaigns by page, searched by name and filtered by state", async () => {
    const c = await company();
    await create(c, c.as.admin, { name: "Dia das mães" });
    const other = (await create(c, c.as.admin, { name: "Dia dos pais" })).json();
    await request(server, c.as.admin, "POST", `/campaigns/${other.id}/pause`);
    const found = await request(server, c.as.admin, "GET", "/campaigns/?searchParam=m%C3%A3es");
    expect(found.json()).toMatchObject({ count: 1, hasMore: false });
    const paused = await request(server, c.as.admin, "GET", "/campaigns/?status=PAUSADA");
    expect(paused.json().records.map((r: { name: string }) => r.name)).toEqual(["Dia dos pais"]);
  });
});

describe("campaign settings", () => {
  it("answers the defaults until saved, then what was saved; bad values are refused", async () => {
    const c = await company();
    const first = await request(server, c.as.admin, "GET", "/campaign-settings");
    expect(first.json()).toEqual(DEFAULT_CAMPAIGN_SETTINGS);
    const saved = await request(server, c.as.admin, "PUT", "/campaign-settings", {
      ...DEFAULT_CAMPAIGN_SETTINGS,
      messageIntervalMin: 5,
      messageIntervalMax: 10,
      allowedDays: [5, 1, 1],
    });
    expect(saved.json()).toMatchObject({ messageIntervalMin: 5, allowedDays: [1, 5] });
    expect((await request(server, c.as.admin, "GET", "/campaign-settings")).json()).toEqual(
      saved.json(),
    );
    const bad = await request(server, c.as.admin, "PUT", "/campaign-settings", {
      ...DEFAULT_CAMPAIGN_SETTINGS,
      messageIntervalMin: 10,
      messageIntervalMax: 5,
    });
    expect(bad.statusCode).toBe(400);
    const hours = await request(server, c.as.admin, "PUT", "/campaign-settings", {
      ...DEFAULT_CAMPAIGN_SETTINGS,
      allowedHoursStart: "25:00",
    });
    expect(hours.statusCode).toBe(400);
    // Another company still has its own (the defaults).
    const b = await company();
    expect((await request(server, b.as.admin, "GET", "/campaign-settings")).json()).toEqual(
      DEFAULT_CAMPAIGN_SETTINGS,
    );
  });
});

describe("campaign answers match the shared contract", () => {
  it("every campaign and contact-list route answers what apiContract says", async () => {
    const c = await company();
    const problems: string[] = [];
    const check = async (route: ApiRoute, res: { statusCode: number; body: string }) => {
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      const schema = apiContract[route];
      if (schema === null || schema === "binary") return;
      const parsed = (schema as z.ZodType).safeParse(JSON.parse(res.body));
      if (!parsed.success) problems.push(`${route}: ${parsed.error.issues[0]?.message}`);
    };
    const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
      request(server, c.as.admin, method, url, body);
    const l = c.list.id;
    await check("GET /contact-lists/", await call("GET", "/contact-lists/"));
    await check("GET /contact-lists/list", await call("GET", "/contact-lists/list"));
    await check("GET /contact-lists/:id", await call("GET", `/contact-lists/${l}`));
    await check("PUT /contact-lists/:id", await call("PUT", `/contact-lists/${l}`, { name: "L" }));
    const item = await call("POST", "/contact-list-items", {
      contactListId: l,
      name: "Bia",
      number: phone(),
    });
    await check("POST /contact-list-items", item);
    await check(
      "GET /contact-list-items",
      await call("GET", `/contact-list-items?contactListId=${l}`),
    );
    await check(
      "PUT /contact-list-items/:id",
      await call("PUT", `/contact-list-items/${item.json().id}`, { name: "B", number: phone() }),
    );
    await check(
      "POST /contact-lists/:id/upload",
      await multipart(server, c.as.admin, "POST", `/contact-lists/${l}/upload`, {
        files: [{ filename: "l.csv", type: "text/csv", data: `number\n${phone()}\n` }],
      }),
    );
    const created = await create(c);
    await check("POST /campaigns", created);
    const id = created.json().id as number;
    await check("GET /campaigns/", await call("GET", "/campaigns/"));
    await check("GET /campaigns/:id", await call("GET", `/campaigns/${id}`));
    await check("GET /campaigns/:id/shipments", await call("GET", `/campaigns/${id}/shipments`));
    await check("PUT /campaigns/:id", await call("PUT", `/campaigns/${id}`, form(c)));
    await check(
      "POST /campaigns/:id/upload",
      await multipart(server, c.as.admin, "POST", `/campaigns/${id}/upload`, { files: [pdf] }),
    );
    await check("DELETE /campaigns/:id/upload", await call("DELETE", `/campaigns/${id}/upload`));
    await check("POST /campaigns/:id/pause", await call("POST", `/campaigns/${id}/pause`));
    await check("POST /campaigns/:id/resume", await call("POST", `/campaigns/${id}/resume`));
    await check("POST /campaigns/:id/duplicate", await call("POST", `/campaigns/${id}/duplicate`));
    await check("POST /campaigns/:id/cancel", await call("POST", `/campaigns/${id}/cancel`));
    await check("GET /campaign-settings", await call("GET", "/campaign-settings"));
    await check(
      "PUT /campaign-settings",
      await call("PUT", "/campaign-settings", DEFAULT_CAMPAIGN_SETTINGS),
    );
    expect(problems).toEqual([]);
  });
});
