import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../src/db/schema/index.js";
import { createList, enableCampaigns, phone } from "./campaign-helpers.js";
import {
  createConnection,
  eventually,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

/** POST /contact-lists/:id/validate through a paired WhatsApp session (the fake socket). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
afterAll(async () => server?.close());

const fakes = () => server.ctx.services.whatsappSessions.fakes!;

describe("contact list check on WhatsApp", () => {
  it("stores which numbers are on WhatsApp; a disconnected session is refused", async () => {
    const s = await seedCompany(server);
    await enableCampaigns(server, s.company.id);
    const connection = await createConnection(server, s.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
    });
    const [on, off] = [phone(), phone()];
    // A São Paulo mobile WhatsApp knows without its ninth digit: still on WhatsApp.
    const old = `55119${String(Date.now()).slice(-8)}`;
    const list = await createList(server, s.as.admin, [
      { name: "Ana", number: on },
      { name: "Bia", number: off },
      { name: "Cid", number: old },
    ]);
    const validate = () =>
      request(server, s.as.admin, "POST", `/contact-lists/${list.id}/validate`, {
        whatsappId: connection.id,
      });
    const refused = await validate();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");

    await request(server, s.as.admin, "POST", `/whatsappsession/${connection.id}`);
    await eventually(() => Boolean(fakes().get(connection.id)));
    await server.app.inject({ method: "POST", url: `/test/baileys/${connection.id}/open` });
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(connections)
        .where(eq(connections.id, connection.id));
      return row?.status === "CONNECTED";
    });
    fakes().get(connection.id)!.invalidNumbers.add(off);
    fakes()
      .get(connection.id)!
      .registeredAs.set(old, old.slice(0, 4) + old.slice(5));

    const res = await validate();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ checked: 3, valid: 2, invalid: 1 });
    const items = await request(
      server,
      s.as.admin,
      "GET",
      `/contact-list-items?contactListId=${list.id}`,
    );
    expect(
      items
        .json()
        .records.map((r: { number: string; isWhatsappValid: boolean }) => [
          r.number,
          r.isWhatsappValid,
        ]),
    ).toEqual([
      [on, true],
      [off, false],
      [old, true],
    ]);
    const shown = await request(server, s.as.admin, "GET", `/contact-lists/${list.id}`);
    expect(shown.json()).toMatchObject({ itemsCount: 3, validCount: 2 });
  });
});
