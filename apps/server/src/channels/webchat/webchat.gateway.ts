import { and, desc, eq, lt } from "drizzle-orm";
import type { Namespace, Server } from "socket.io";
import type { Db } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import type { Logger } from "../../lib/logger.js";
import type { Outbound } from "../outbound.js";
import { visitorRoom } from "./webchat.adapter.js";
import type { VisitorClaims, WebChatService } from "./webchat.service.js";

export interface VisitorGatewayDeps {
  db: Db;
  webchat: WebChatService;
  outbound: Outbound;
  verify: (token: string) => VisitorClaims;
  logger: Logger;
}

/**
 * The visitors' Socket.IO namespace. A visitor joins only their own room; opening the widget
 * marks the agents' messages read (ack 3), which agents see live.
 */
export function attachVisitorNamespace(io: Server, deps: VisitorGatewayDeps): Namespace {
  const nsp = io.of("/webchat");
  nsp.use(async (socket, next) => {
    try {
      const claims = deps.verify(String(socket.handshake.auth?.token ?? ""));
      await deps.webchat.visitor(claims);
      socket.data.claims = claims;
      next();
    } catch {
      next(new Error("ERR_SESSION_EXPIRED"));
    }
  });
  nsp.on("connection", (socket) => {
    const claims = socket.data.claims as VisitorClaims;
    void socket.join(visitorRoom(claims.con, claims.vid));
    socket.on("read", () => {
      markAgentMessagesRead(deps, claims).catch((err) =>
        deps.logger.warn({ err }, "visitor read failed"),
      );
    });
  });
  return nsp;
}

async function markAgentMessagesRead(
  deps: VisitorGatewayDeps,
  claims: VisitorClaims,
): Promise<void> {
  const [ticket] = await deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, claims.vid), eq(tickets.connectionId, claims.con)))
    .orderBy(desc(tickets.createdAt))
    .limit(1);
  if (!ticket) return;
  const read = await deps.db
    .update(messages)
    .set({ ack: 3 })
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true), lt(messages.ack, 3)))
    .returning();
  for (const message of read) {
    if (message.providerMessageId)
      await deps.outbound.publishUpdate(ticket, message, { ackOnly: true });
  }
}
