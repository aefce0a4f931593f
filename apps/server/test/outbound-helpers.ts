import { eq } from "drizzle-orm";
import { connectionQueues, tickets } from "../src/db/schema/index.js";
import type { FakeGraph } from "./fake-graph.js";
import { createConnection, inbound, seedCompany, uid, type TestServer } from "./harness.js";

/**
 * A company with a WhatsApp Cloud connection (its own phone number id) in its queue and a
 * contact's ticket open with the company's member. `posts()` lists the sends the fake Graph
 * received on the connection's path, in arrival order, with whether the fake failed them.
 */
export async function cloudTicket(server: TestServer, graph: FakeGraph) {
  const seeded = await seedCompany(server);
  const phoneNumberId = `pn${uid()}`;
  const connection = await createConnection(server, seeded.company.id, {
    name: `Cloud ${uid()}`,
    channelType: "WHATSAPP_BUSINESS",
    config: { accessToken: `token-${uid()}`, phoneNumberId },
  });
  await server.db.insert(connectionQueues).values({
    connectionId: connection.id,
    queueId: seeded.queue.id,
    companyId: seeded.company.id,
  });
  const { ticket } = await inbound(server, connection, { number: `55119${Date.now() % 1e8}` });
  await server.db
    .update(tickets)
    .set({ status: "open", userId: seeded.member.id })
    .where(eq(tickets.id, ticket.id));
  const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticket.id));
  const path = `/${phoneNumberId}/messages`;
  const posts = () =>
    graph.find(path, "POST").map((r) => ({
      body: (r.body as { text?: { body?: string } }).text?.body,
      failed: r.failed,
    }));
  return { ...seeded, connection, ticket: row!, path, posts };
}
