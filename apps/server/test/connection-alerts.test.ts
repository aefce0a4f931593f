import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, mailOutbox } from "../src/db/schema/index.js";
import {
  collect,
  connect,
  createConnection,
  eventually,
  eventWhere,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const fakes = () => server.ctx.services.whatsappSessions.fakes!;
/** The session's current fake socket, once the session listens to it. */
async function attached(connectionId: number) {
  await eventually(() => {
    const fake = fakes().get(connectionId);
    return (
      Boolean(fake) &&
      server.ctx.services.whatsappSessions.sessions.local(connectionId)?.socket === fake
    );
  }, 5000);
  return fakes().get(connectionId)!;
}
const hook = (id: number, action: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/test/baileys/${id}/${action}`, payload });

interface AlertEvent {
  action: string;
  alert: { connectionId: number; name: string; reason: string; at: string };
}

async function connectionRow(id: number) {
  const [row] = await server.db.select().from(connections).where(eq(connections.id, id));
  return row!;
}

/** A company with a paired (CONNECTED) WhatsApp session, and its admin's socket. */
async function pairedCompany() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  await request(server, seed.as.admin, "POST", `/whatsappsession/${connection.id}`);
  await attached(connection.id);
  await hook(connection.id, "open");
  await eventually(async () => (await connectionRow(connection.id)).status === "CONNECTED");
  const socket = await connect(server, seed.as.admin.token);
  sockets.push(socket);
  return { ...seed, connection, socket };
}

async function mailsTo(email: string) {
  return server.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email)));
}

describe("disconnect alerts", () => {
  it("a logout from the phone alerts the company's admins live and by e-mail, once; another company hears nothing", async () => {
    const a = await pairedCompany();
    const b = await pairedCompany();
    const memberSocket = await connect(server, a.as.member.token);
    sockets.push(memberSocket);
    const channel = `company-${a.company.id}-connectionAlert`;
    const first = eventWhere<AlertEvent>(a.socket, channel, () => true);
    const others = collect<AlertEvent>(
      server,
      b.socket,
      `company-${a.company.id}-connectionAlert`,
      first,
    );
    const members = collect<AlertEvent>(server, memberSocket, channel, first);

    await hook(a.connection.id, "close", { loggedOut: true });
    const event = await first;
    expect(event.alert).toMatchObject({ connectionId: a.connection.id, name: a.connection.name });
    // A code the screens say in the reader's language (shared incidents.ts).
    expect(event.alert.reason).toBe("loggedOut");
    expect(await others).toEqual([]);
    expect(await members).toEqual([]);

    const row = await connectionRow(a.connection.id);
    expect(row).toMatchObject({ status: "DISCONNECTED" });
    expect(row.incidentReason).toBe("loggedOut");
    expect(row.incidentAt).not.toBeNull();
    const mails = await mailsTo(a.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Conexão ${a.connection.name} desconectada`);
    expect(mails[0]!.body).toContain(
      "Motivo: a sessão do WhatsApp foi encerrada no celular; leia o QR Code de novo",
    );
    expect(mails[0]!.body).toMatch(/desconectada desde \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\./);
    expect(await mailsTo(a.member.email)).toEqual([]);
    expect(await mailsTo(b.admin.email)).toEqual([]);

    // The connections page shows the reason and since when.
    const list = await request(server, a.as.admin, "GET", "/whatsapp");
    const shown = (list.json() as { id: number }[]).find((c) => c.id === a.connection.id);
    expect(shown).toMatchObject({
      incidentReason: row.incidentReason,
      incidentAt: row.incidentAt!.toISOString(),
    });
  });

  it("a reconnect loop alerts once per incident; connected again, the next incident alerts anew", async () => {
    const a = await pairedCompany();
    const channel = `company-${a.company.id}-connectionAlert`;
    const alerts: AlertEvent[] = [];
    a.socket.on(channel, (e: AlertEvent) => alerts.push(e));

    // Five transient closes within ten minutes: a loop. The session keeps reconnecting.
    for (let i = 0; i < 6; i++) {
      const current = await attached(a.connection.id);
      await hook(a.connection.id, "close", { loggedOut: false });
      await eventually(() => fakes().get(a.connection.id) !== current, 5000);
    }
    await attached(a.connection.id);
    await eventually(() => alerts.length > 0);
    await collect(server, a.socket, channel, Promise.resolve());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.alert.reason).toBe("reconnectLoop:5");
    expect(await mailsTo(a.admin.email)).toHaveLength(1);

    // Connected again (the session reconnects by itself): the incident is over; the next alerts.
    await eventually(async () => (await connectionRow(a.connection.id)).status === "CONNECTED");
    expect(await connectionRow(a.connection.id)).toMatchObject({
      incidentReason: null,
      incidentAt: null,
    });
    const next = eventWhere<AlertEvent>(a.socket, channel, () => true);
    await hook(a.connection.id, "close", { loggedOut: true });
    expect((await next).alert.reason).toBe("loggedOut");
    expect(await mailsTo(a.admin.email)).toHaveLength(2);
  });
});
