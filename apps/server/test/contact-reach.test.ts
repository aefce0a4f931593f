import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema/index.js";
import {
  createConnection,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

/**
 * The server holds the rule the new-ticket dialog shows (packages/shared `reaches`): a Meta
 * contact (a page- or account-scoped id) is reached only through its own channel, and a Meta
 * channel reaches only its own contacts — whatever a client sends.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("who a connection can reach, on the server", () => {
  it("a Meta contact only through its channel; a phone contact not through Messenger", async () => {
    const s = await seedCompany(server);
    const connectionOf = async (channelType: string) =>
      (await createConnection(server, s.company.id, { channelType, isDefault: false })).id;
    const whatsApp = await connectionOf("BAILEYS");
    const messenger = await connectionOf("FACEBOOK");
    const instagram = await connectionOf("INSTAGRAM");
    const contactOf = async (number: string, channelType: string) =>
      (
        await server.db
          .insert(contacts)
          .values({ companyId: s.company.id, name: `C ${uid()}`, number, channelType })
          .returning()
      )[0]!.id;
    const psid = await contactOf(`69${Date.now()}`, "FACEBOOK");
    const phone = await contactOf(`55119${String(Date.now()).slice(-8)}`, "BAILEYS");
    const open = (contactId: number, whatsappId: number) =>
      request(server, s.as.admin, "POST", "/tickets", { contactId, whatsappId, status: "open" });

    for (const [contactId, whatsappId] of [
      [psid, whatsApp],
      [psid, instagram],
      [phone, messenger],
    ] as const) {
      const refused = await open(contactId, whatsappId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("ERR_CONTACT_UNREACHABLE");
    }
    expect((await open(psid, messenger)).statusCode).toBe(201);
    expect((await open(phone, whatsApp)).statusCode).toBe(201);
  });
});
