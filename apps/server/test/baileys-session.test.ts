import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSessionState, connections } from "../src/db/schema/index.js";
import {
  collect,
  eventWhere,
  connect,
  createConnection,
  createUser,
  eventually,
  login,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
afterAll(async () => server?.close());

const fakes = () => server.ctx.services.whatsappSessions.fakes!;
const sessions = () => server.ctx.services.whatsappSessions.sessions;

interface SessionEvent {
  action: string;
  session: { id: number; status: string; qrcode: string; retries: number; updatedAt: string };
}

async function setup() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  return { ...seed, connection };
}

/** Session events for one connection, as a socket receives them. */
function sessionEvents(socket: Socket, companyId: number, connectionId: number) {
  const got: SessionEvent["session"][] = [];
  socket.on(`company-${companyId}-whatsappSession`, (e: SessionEvent) => {
    if (e.session.id === connectionId) got.push(e.session);
  });
  return got;
}

const hook = (id: number, action: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/test/baileys/${id}/${action}`, payload });

async function connectionRow(id: number) {
  const [row] = await server.db.select().from(connections).where(eq(connections.id, id));
  return row!;
}

async function savedKeys(connectionId: number) {
  return server.db
    .select()
    .from(channelSessionState)
    .where(eq(channelSessionState.connectionId, connectionId));
}

describe("a WhatsApp session from QR code to connected, as an admin sees it", () => {
  it("start → qrcode (admins only see the code) → open → CONNECTED with the number saved", async () => {
    const { company, connection, as } = await setup();
    const other = await setup();
    const adminSocket = await connect(server, as.admin.token);
    const memberSocket = await connect(server, as.member.token);
    const strangerSocket = await connect(server, other.as.admin.token);
    const adminSaw = sessionEvents(adminSocket, company.id, connection.id);
    const memberSaw = sessionEvents(memberSocket, company.id, connection.id);
    // Until the admin has seen the session connected (the last event of this test).
    const connected = eventWhere<SessionEvent>(
      adminSocket,
      `company-${company.id}-whatsappSession`,
      (e) => e.session.id === connection.id && e.session.status === "CONNECTED",
      20_000,
    );
    const strangerSaw = collect(
      server,
      strangerSocket,
      `company-${company.id}-whatsappSession`,
      connected,
    );

    const res = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    expect(res.statusCode).toBe(200);
    await eventually(() => adminSaw.some((s) => s.status === "OPENING"));

    expect((await hook(connection.id, "qr", { qr: "2@fake-qr-code" })).statusCode).toBe(204);
    await eventually(() => adminSaw.some((s) => s.status === "qrcode"));
    expect(adminSaw.at(-1)).toMatchObject({
      status: "qrcode",
      qrcode: "2@fake-qr-code",
      retries: 1,
    });
    await eventually(() => memberSaw.some((s) => s.status === "qrcode"));
    expect(memberSaw.at(-1)!.qrcode).toBe("");
    expect(await connectionRow(connection.id)).toMatchObject({
      status: "qrcode",
      qrcode: "2@fake-qr-code",
      retries: 1,
    });
    // Reading the list follows the same rule as the live event.
    const asAdmin = await request(server, as.admin, "GET", `/whatsapp/${connection.id}`);
    expect(asAdmin.json().qrcode).toBe("2@fake-qr-code");
    const asMember = await request(server, as.member, "GET", `/whatsapp/${connection.id}`);
    expect(asMember.json()).toMatchObject({ status: "qrcode", qrcode: "" });

    expect((await hook(connection.id, "open")).statusCode).toBe(204);
    await eventually(() => adminSaw.some((s) => s.status === "CONNECTED"));
    expect(adminSaw.at(-1)).toMatchObject({ status: "CONNECTED", qrcode: "", retries: 0 });
    expect(await connectionRow(connection.id)).toMatchObject({
      status: "CONNECTED",
      number: "5511999990000",
    });
    // The paired creds are in the database, not on this node's disk.
    const creds = (await savedKeys(connection.id)).find((k) => k.key === "creds");
    expect(creds?.value).toMatchObject({ me: { id: "5511999990000:1@s.whatsapp.net" } });
    expect(await strangerSaw).toEqual([]);
    for (const s of [adminSocket, memberSocket, strangerSocket]) s.disconnect();
  });

  it("a transient close reconnects with the saved creds; a logout from the phone ends it and clears them", async () => {
    const { connection, as } = await setup();
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open");
    await eventually(async () => (await connectionRow(connection.id)).status === "CONNECTED");
    const first = fakes().get(connection.id)!;

    expect((await hook(connection.id, "close", { loggedOut: false })).statusCode).toBe(204);
    expect((await connectionRow(connection.id)).status).toBe("OPENING");
    // A new socket with the same creds: WhatsApp accepts them and the session is back.
    await eventually(
      () => Boolean(fakes().get(connection.id)) && fakes().get(connection.id) !== first,
    );
    await eventually(async () => (await connectionRow(connection.id)).status === "CONNECTED");

    const second = fakes().get(connection.id)!;
    await hook(connection.id, "close", { loggedOut: true });
    await eventually(async () => (await connectionRow(connection.id)).status === "DISCONNECTED");
    expect(await savedKeys(connection.id)).toEqual([]);
    expect(sessions().local(connection.id)).toBeUndefined();
    expect(second.ended).toBe(true);
    expect(fakes().get(connection.id)).toBeUndefined(); // no reconnect loop
    expect((await hook(connection.id, "open")).statusCode).toBe(404);
  });

  it("TIMEOUT when the QR code is not scanned after five codes", async () => {
    const { connection, as } = await setup();
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    for (let i = 1; i <= 5; i++) await hook(connection.id, "qr", { qr: `qr-${i}` });
    expect(await connectionRow(connection.id)).toMatchObject({ status: "qrcode", retries: 5 });
    await hook(connection.id, "qr", { qr: "qr-6" });
    expect(await connectionRow(connection.id)).toMatchObject({ status: "TIMEOUT", qrcode: "" });
    expect(fakes().get(connection.id)).toBeUndefined();
  });

  it("disconnect logs the phone out and clears the state; new QR drops the creds and starts over", async () => {
    const { connection, as } = await setup();
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open");
    await eventually(async () => (await connectionRow(connection.id)).status === "CONNECTED");
    const socket = fakes().get(connection.id)!;

    const res = await request(server, as.admin, "DELETE", `/whatsappsession/${connection.id}`);
    expect(res.statusCode).toBe(200);
    expect(socket.loggedOut).toBe(true);
    expect(await connectionRow(connection.id)).toMatchObject({
      status: "DISCONNECTED",
      qrcode: "",
    });
    expect(await savedKeys(connection.id)).toEqual([]);

    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open");
    await eventually(async () => (await savedKeys(connection.id)).length > 0);
    expect(
      (await request(server, as.admin, "PUT", `/whatsappsession/${connection.id}`)).statusCode,
    ).toBe(200);
    const fresh = fakes().get(connection.id)!;
    expect(fresh.options.auth.creds.me).toBeUndefined();
    expect((await connectionRow(connection.id)).status).toBe("OPENING");
    await hook(connection.id, "qr", { qr: "new-qr" });
    expect((await connectionRow(connection.id)).status).toBe("qrcode");
  });

  it("pairing code instead of QR: the code goes to admins with status PAIRING", async () => {
    const { company, connection, as } = await setup();
    const adminSocket = await connect(server, as.admin.token);
    const saw = sessionEvents(adminSocket, company.id, connection.id);
    const res = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`, {
      phoneNumber: "+55 (11) 99999-0000",
    });
    expect(res.statusCode).toBe(200);
    await hook(connection.id, "qr", { qr: "ignored" });
    await eventually(() => saw.some((s) => s.status === "PAIRING"));
    expect(saw.at(-1)).toMatchObject({ status: "PAIRING", qrcode: "", pairingCode: "ABCD1234" });
    expect(fakes().get(connection.id)!.pairingRequests).toEqual(["5511999990000"]);
    const bad = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`, {
      phoneNumber: "12",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
    adminSocket.disconnect();
  });

  it("only the company's admins act on its sessions; other channels have none", async () => {
    const { company, connection, as } = await setup();
    const other = await setup();
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const asUser = await request(server, as.member, method, `/whatsappsession/${connection.id}`);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json().error).toBe("ERR_NO_PERMISSION");
      const asStranger = await request(
        server,
        other.as.admin,
        method,
        `/whatsappsession/${connection.id}`,
      );
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json().error).toBe("ERR_NO_WAPP_FOUND");
      expect(
        (await request(server, null, method, `/whatsappsession/${connection.id}`)).statusCode,
      ).toBe(401);
    }
    expect(fakes().get(connection.id)).toBeUndefined();
    const webchat = await createConnection(server, company.id, { isDefault: false });
    // A web chat has no device session: no QR to ask for.
    const res = await request(server, as.admin, "PUT", `/whatsappsession/${webchat.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_CHANNEL_HAS_NO_SESSION");
    expect((await hook(999_999, "qr", { qr: "x" })).json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("operator restart (PATCH /whatsappsession/:id/restart)", () => {
  it("a super user restarts a company's session and gets its status; others cannot", async () => {
    const { company, connection, as } = await setup();
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open");
    await eventually(async () => (await connectionRow(connection.id)).status === "CONNECTED");
    const before = fakes().get(connection.id)!;

    const operatorCompany = await seedCompany(server);
    const operator = await createUser(server.db, {
      companyId: operatorCompany.company.id,
      profile: "admin",
      super: true,
    });
    const asOperator = await login(server, operator.email);
    const res = await request(
      server,
      asOperator,
      "PATCH",
      `/whatsappsession/${connection.id}/restart`,
      {
        selectedCompanyId: company.id,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: connection.id, status: "CONNECTED" });
    expect(fakes().get(connection.id)).not.toBe(before);

    const wrongCompany = await request(
      server,
      asOperator,
      "PATCH",
      `/whatsappsession/${connection.id}/restart`,
      {
        selectedCompanyId: operatorCompany.company.id,
      },
    );
    expect(wrongCompany.statusCode).toBe(404);
    const asAdmin = await request(
      server,
      as.admin,
      "PATCH",
      `/whatsappsession/${connection.id}/restart`,
      {
        selectedCompanyId: company.id,
      },
    );
    expect(asAdmin.statusCode).toBe(403);
    const noBody = await request(
      server,
      asOperator,
      "PATCH",
      `/whatsappsession/${connection.id}/restart`,
      {},
    );
    expect(noBody.statusCode).toBe(400);
  });
});
