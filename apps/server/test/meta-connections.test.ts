import { eq } from "drizzle-orm";
import { channels } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, messages } from "../src/db/schema/index.js";
import {
  META_APP_SECRET,
  META_VERIFY_TOKEN,
  startFakeGraph,
  type FakeGraph,
} from "./fake-graph.js";
import {
  connect,
  createConnection,
  createTicket,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let graph: FakeGraph;
let server: TestServer;
beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startTestServer({
    listen: true,
    config: { GRAPH_API_URL: graph.url, META_APP_SECRET, META_VERIFY_TOKEN },
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const digits = () => String(Date.now()) + String(Math.floor(Math.random() * 1e6));
const TOKEN = "EAAGm0PX4ZCpsBAKZAZCb1qm2ZBgQ1ZCEXAMPLETOKEN1234";

describe("Meta connection form (POST/PUT /whatsapp)", () => {
  it("requires each channel's routing id and an access token, with field errors", async () => {
    const { as } = await seedCompany(server);
    const cases = [
      { channelType: "FACEBOOK", field: "config.pageId" },
      { channelType: "INSTAGRAM", field: "config.instagramAccountId" },
      { channelType: "WHATSAPP_BUSINESS", field: "config.phoneNumberId" },
    ];
    for (const { channelType, field } of cases) {
      const res = await request(server, as.admin, "POST", "/whatsapp", {
        name: `Meta ${uid()}`,
        channelType,
        config: { accessToken: TOKEN },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "ERR_VALIDATION",
        fields: { [field]: "Required" },
      });
    }
    const noToken = await request(server, as.admin, "POST", "/whatsapp", {
      name: `Meta ${uid()}`,
      channelType: "WHATSAPP_BUSINESS",
      config: { phoneNumberId: digits() },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ fields: { "config.accessToken": "Required" } });
    const letters = await request(server, as.admin, "POST", "/whatsapp", {
      name: `Meta ${uid()}`,
      channelType: "FACEBOOK",
      config: { pageId: "my-page", accessToken: TOKEN },
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({ fields: { "config.pageId": "Digits only" } });
  });

  it("a saved Meta connection checks its token in the background and goes CONNECTED live", async () => {
    const { company, as } = await seedCompany(server);
    const phoneNumberId = digits();
    graph.objects.set(phoneNumberId, {
      id: phoneNumberId,
      display_phone_number: "+55 11 3000-1111",
      verified_name: "Loja Salva",
    });
    const socket = await connect(server, as.admin.token);
    try {
      const live = nextEvent<{ session: { status: string; number: string } }>(
        socket,
        channels.whatsappSession(company.id),
      );
      const created = await request(server, as.admin, "POST", "/whatsapp", {
        name: `WhatsApp Cloud ${uid()}`,
        channelType: "WHATSAPP_BUSINESS",
        config: { phoneNumberId, accessToken: TOKEN },
      });
      expect(created.statusCode).toBe(201);
      expect((await live).session).toMatchObject({
        status: "CONNECTED",
        number: "+55 11 3000-1111",
      });
    } finally {
      socket.disconnect();
    }
  });

  it("never shows the access token in full; the mask sent back keeps it, a new one replaces it", async () => {
    const { as } = await seedCompany(server);
    const phoneNumberId = digits();
    const created = await request(server, as.admin, "POST", "/whatsapp", {
      name: `WhatsApp Cloud ${uid()}`,
      channelType: "WHATSAPP_BUSINESS",
      config: { phoneNumberId, wabaId: "102290129340398", accessToken: TOKEN },
    });
    expect(created.statusCode).toBe(201);
    const dto = created.json();
    expect(JSON.stringify(dto)).not.toContain(TOKEN);
    expect(dto.config).toMatchObject({ phoneNumberId, accessToken: "••••••••1234" });
    expect(dto.hasAccessToken).toBe(true);
    expect(dto.status).toBe("DISCONNECTED");

    // Agents see no token at all.
    const asAgent = await request(server, as.member, "GET", `/whatsapp/${dto.id}`);
    expect(asAgent.statusCode).toBe(200);
    expect(asAgent.json().config.accessToken).toBeUndefined();

    const kept = await request(server, as.admin, "PUT", `/whatsapp/${dto.id}`, {
      name: dto.name,
      isDefault: true,
      channelType: "WHATSAPP_BUSINESS",
      config: { phoneNumberId, accessToken: dto.config.accessToken },
    });
    expect(kept.statusCode).toBe(200);
    let [row] = await server.db.select().from(connections).where(eq(connections.id, dto.id));
    expect(row!.config.accessToken).toBe(TOKEN);

    await request(server, as.admin, "PUT", `/whatsapp/${dto.id}`, {
      name: dto.name,
      isDefault: true,
      channelType: "WHATSAPP_BUSINESS",
      config: { phoneNumberId },
    });
    [row] = await server.db.select().from(connections).where(eq(connections.id, dto.id));
    expect(row!.config.accessToken).toBe(TOKEN);

    await request(server, as.admin, "PUT", `/whatsapp/${dto.id}`, {
      name: dto.name,
      isDefault: true,
      channelType: "WHATSAPP_BUSINESS",
      config: { phoneNumberId, accessToken: "EAAnewtoken-rotated-5678" },
    });
    [row] = await server.db.select().from(connections).where(eq(connections.id, dto.id));
    expect(row!.config.accessToken).toBe("EAAnewtoken-rotated-5678");
  });

  it("refuses a page id another connection (of any company) already routes", async () => {
    const first = await seedCompany(server);
    const second = await seedCompany(server);
    const pageId = digits();
    const ok = await request(server, first.as.admin, "POST", "/whatsapp", {
      name: `Página ${uid()}`,
      channelType: "FACEBOOK",
      config: { pageId, accessToken: TOKEN },
    });
    expect(ok.statusCode).toBe(201);
    const taken = await request(server, second.as.admin, "POST", "/whatsapp", {
      name: `Página ${uid()}`,
      channelType: "FACEBOOK",
      config: { pageId, accessToken: TOKEN },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { "config.pageId": "Already used by another connection" },
    });
    // Saving the connection that owns it again is fine.
    const again = await request(server, first.as.admin, "PUT", `/whatsapp/${ok.json().id}`, {
      name: ok.json().name,
      isDefault: true,
      channelType: "FACEBOOK",
      config: { pageId, accessToken: ok.json().config.accessToken },
    });
    expect(again.statusCode).toBe(200);
  });

  it("agents cannot create or edit; another company's admin cannot read or edit", async () => {
    const { as, company } = await seedCompany(server);
    const other = await seedCompany(server);
    const body = {
      name: `Insta ${uid()}`,
      channelType: "INSTAGRAM",
      config: { instagramAccountId: digits(), accessToken: TOKEN },
    };
    expect((await request(server, as.member, "POST", "/whatsapp", body)).statusCode).toBe(403);
    const connection = await createConnection(server, company.id, {
      channelType: "INSTAGRAM",
      config: { instagramAccountId: digits(), accessToken: TOKEN },
    });
    expect(
      (await request(server, as.member, "PUT", `/whatsapp/${connection.id}`, body)).statusCode,
    ).toBe(403);
    const read = await request(server, other.as.admin, "GET", `/whatsapp/${connection.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(TOKEN);
    const edit = await request(server, other.as.admin, "PUT", `/whatsapp/${connection.id}`, body);
    expect(edit.statusCode).toBe(404);
  });
});

describe("Meta adapters: session and deletion", () => {
  it("start checks the token at the Graph API: CONNECTED with the number, pushed live; a refused token leaves it DISCONNECTED", async () => {
    const { company, as } = await seedCompany(server);
    const phoneNumberId = digits();
    graph.objects.set(phoneNumberId, {
      id: phoneNumberId,
      display_phone_number: "+55 11 3000-0000",
      verified_name: "Loja Exemplo",
    });
    const connection = await createConnection(server, company.id, {
      channelType: "WHATSAPP_BUSINESS",
      status: "DISCONNECTED",
      config: { phoneNumberId, accessToken: TOKEN },
    });
    const socket = await connect(server, as.member.token);
    try {
      const live = nextEvent<{ action: string; session: Record<string, unknown> }>(
        socket,
        channels.whatsappSession(company.id),
      );
      // The connections page's "try again" button checks the token with Graph.
      const started = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
      expect(started.statusCode).toBeLessThan(300);
      const event = await live;
      expect(event).toMatchObject({
        action: "update",
        session: { id: connection.id, status: "CONNECTED", number: "+55 11 3000-0000" },
      });
      expect(JSON.stringify(event)).not.toContain(TOKEN);
      const [lookup] = graph.find(`/${phoneNumberId}`, "GET");
      expect(lookup!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    } finally {
      socket.disconnect();
    }

    graph.fail({
      method: "GET",
      path: `/${phoneNumberId}`,
      status: 401,
      error: { message: "Error validating access token: Session has expired", code: 190 },
    });
    const refused = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    expect(refused.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");
    const [row] = await server.db
      .select()
      .from(connections)
      .where(eq(connections.id, connection.id));
    expect(row!.status).toBe("DISCONNECTED");
  });

  it("Messenger start refuses a token of another page", async () => {
    const { company, as } = await seedCompany(server);
    const pageToken = `page-token-${uid()}`;
    // The fake answers GET /me with the object registered under "me".
    graph.objects.set("me", { id: "111", name: "Outra Página" });
    const connection = await createConnection(server, company.id, {
      channelType: "FACEBOOK",
      status: "DISCONNECTED",
      config: { pageId: digits(), accessToken: pageToken },
    });
    await expect(server.ctx.channels.get("FACEBOOK")!.start(connection)).rejects.toMatchObject({
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    graph.objects.set("me", { id: connection.config.pageId!, name: "Minha Página" });
    await server.ctx.channels.get("FACEBOOK")!.start(connection);
    const [row] = await server.db
      .select()
      .from(connections)
      .where(eq(connections.id, connection.id));
    expect(row).toMatchObject({ status: "CONNECTED", number: "Minha Página" });
    // "Disconnect" on the connections page stops sending through it.
    const stopped = await request(server, as.admin, "DELETE", `/whatsappsession/${connection.id}`);
    expect(stopped.statusCode).toBeLessThan(300);
    const [after] = await server.db
      .select()
      .from(connections)
      .where(eq(connections.id, connection.id));
    expect(after!.status).toBe("DISCONNECTED");
  });

  it("a sent message cannot be deleted at Meta: a clear error, and it stays shown", async () => {
    const { company, as, member } = await seedCompany(server);
    const ticket = await createTicket(server.db, company.id, { userId: member.id, status: "open" });
    await server.db
      .update(connections)
      .set({ channelType: "INSTAGRAM", status: "CONNECTED" })
      .where(eq(connections.id, ticket.connectionId));
    const [sent] = await server.db
      .insert(messages)
      .values({
        companyId: company.id,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        providerMessageId: `m_${uid()}`,
        body: "Oi",
        fromMe: true,
        ack: 1,
        senderId: member.id,
      })
      .returning();
    const res = await request(server, as.member, "DELETE", `/messages/${sent!.id}`);
    expect(res.json()).toMatchObject({
      error: "ERR_DELETE_WAPP_MSG",
      message: "Meta channels cannot delete a message that was already sent",
    });
    const [row] = await server.db.select().from(messages).where(eq(messages.id, sent!.id));
    expect(row!.isDeleted).toBe(false);
  });
});
