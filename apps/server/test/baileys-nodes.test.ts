import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BaileysSessionManager } from "../src/channels/baileys/manager.js";
import { channelSessionState, companies, connections, instances } from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import {
  createConnection,
  eventually,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
afterAll(async () => server?.close());

const sessions = () => server.ctx.services.whatsappSessions.sessions;

async function setup() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  return { ...seed, connection };
}

const hook = (id: number, action: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/test/baileys/${id}/${action}`, payload });

async function savedKeys(connectionId: number) {
  return server.db
    .select()
    .from(channelSessionState)
    .where(eq(channelSessionState.connectionId, connectionId));
}

describe("sessions and nodes", () => {
  it("paired sessions restart on the next boot of their node, from the database", async () => {
    const { connection, as } = await setup();
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open", {});
    await eventually(async () => (await savedKeys(connection.id)).some((k) => k.key === "creds"));

    // A second process on the same database (this node restarted).
    const rebooted = await buildApp({
      config: server.config,
      database: server.database,
      logger: createLogger("silent"),
    });
    await rebooted.app.ready();
    try {
      const manager = rebooted.ctx.services.whatsappSessions.sessions;
      const restored = await manager.restoreOwned();
      expect(restored).toBeGreaterThan(0);
      expect(manager.running()).toContain(connection.id);
      const socket = rebooted.ctx.services.whatsappSessions.fakes!.get(connection.id)!;
      expect(socket.options.auth.creds.me?.id).toBe("5511999990000:1@s.whatsapp.net");
      await eventually(() => manager.local(connection.id)?.open === true);
    } finally {
      await rebooted.app.close();
    }
  });

  it("a company on another node: its sessions are not started here, commands go to that node's queue", async () => {
    const { company, connection, as } = await setup();
    const nodeId = `node-${uid()}`;
    const [instance] = await server.db
      .insert(instances)
      .values({ name: nodeId, address: "http://other.example", nodeId })
      .returning();
    await server.db
      .update(companies)
      .set({ instanceId: instance!.id })
      .where(eq(companies.id, company.id));
    const res = await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    expect(res.statusCode).toBe(200);
    expect(sessions().local(connection.id)).toBeUndefined();
    const [job] = (
      await server.database.executeSql(`select data from pgboss.job where name = $1`, [
        BaileysSessionManager.queueOf(nodeId),
      ])
    ).rows as { data: { type: string; connectionId: number } }[];
    expect(job?.data).toEqual({ type: "start", connectionId: connection.id });
  });

  it("a delete, a read receipt and typing asked on a node without the session reach the owner's socket", async () => {
    const { company, connection, as } = await setup();
    // The company lives on this test server's node, which runs the session.
    const nodeId = server.config.INSTANCE_ID;
    await server.db
      .insert(instances)
      .values({ name: nodeId, address: "", nodeId })
      .onConflictDoNothing();
    const [home] = await server.db.select().from(instances).where(eq(instances.nodeId, nodeId));
    await server.db
      .update(companies)
      .set({ instanceId: home!.id })
      .where(eq(companies.id, company.id));
    await request(server, as.admin, "POST", `/whatsappsession/${connection.id}`);
    await hook(connection.id, "open", {});
    await eventually(() => sessions().local(connection.id)?.open === true);
    const socket = server.ctx.services.whatsappSessions.fakes!.get(connection.id)!;

    // Another node of the same installation (same database), where the agent's request landed.
    const other = await buildApp({
      config: { ...server.config, INSTANCE_ID: `other-${uid()}` },
      database: server.database,
      logger: createLogger("silent"),
    });
    await other.app.ready();
    try {
      const adapter = other.ctx.channels.get("BAILEYS")!;
      const [row] = await server.db
        .select()
        .from(connections)
        .where(eq(connections.id, connection.id));
      const contact = { number: "5511988887777", isGroup: false, lid: null } as never;
      await adapter.deleteMessage(row!, contact, "3EB0SENT");
      await adapter.markRead(row!, contact, ["3EB0IN"]);
      await adapter.typing!(row!, contact, true);
      const jid = "5511988887777@s.whatsapp.net";
      await eventually(() =>
        socket.sent.some(
          (m) =>
            JSON.stringify(m.content) ===
            JSON.stringify({ delete: { remoteJid: jid, fromMe: true, id: "3EB0SENT" } }),
        ),
      );
      await eventually(() => socket.reads.some((keys) => keys[0]?.id === "3EB0IN"));
      await eventually(() => socket.presences.some((p) => p.type === "composing" && p.jid === jid));
    } finally {
      await other.app.close();
    }
  });
});
