import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { connections, contacts, files, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { FileSigner } from "../../lib/storage.js";
import type { IncomingFile } from "../../modules/files/files.service.js";
import { mediaTypeOf } from "../../modules/messages/messages.service.js";
import type { InboundPipeline } from "../inbound.js";
import type { FastifyInstance } from "fastify";
import type { Namespace } from "socket.io";
import { visitorRoom, type VisitorMessage } from "./webchat.adapter.js";

export interface VisitorClaims {
  typ: "visitor";
  con: number;
  vid: number;
}

/** The claims of a visitor's token (HTTP and socket); throws on any other token. */
export function visitorClaimsOf(app: Pick<FastifyInstance, "jwt">, token: string): VisitorClaims {
  const claims = app.jwt.verify<VisitorClaims>(token);
  if (claims.typ !== "visitor") throw new Error("not a visitor token");
  return claims;
}

const HISTORY_LIMIT = 100;

/** The visitor side of the web chat: identity, history and messages into the inbound pipeline. */
export class WebChatService {
  constructor(
    private readonly db: Db,
    private readonly inbound: InboundPipeline,
    private readonly signer: FileSigner,
    private readonly visitors: () => Namespace | undefined = () => undefined,
  ) {}

  /** The visitor's own message, to their other tabs. */
  echo(claims: VisitorClaims, message: VisitorMessage): void {
    this.visitors()?.to(visitorRoom(claims.con, claims.vid)).emit("message", message);
  }

  async connectionByUuid(uuid: string) {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new AppError("ERR_NO_WAPP_FOUND");
    const [row] = await this.db
      .select()
      .from(connections)
      .where(and(eq(connections.uuid, uuid), eq(connections.channelType, "WEB_CHAT")));
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }

  async publicConfig(uuid: string) {
    const c = await this.connectionByUuid(uuid);
    return {
      name: c.name,
      title: c.config.widgetTitle || c.name,
      color: c.config.widgetColor || "#002d6e",
      online: c.status === "CONNECTED",
    };
  }

  /** A new visitor (a contact of the connection's company) or the one the token names. */
  async identify(
    uuid: string,
    input: { name: string; email?: string; phone?: string },
    current?: VisitorClaims,
  ): Promise<{ connectionId: number; contactId: number; name: string }> {
    const connection = await this.connectionByUuid(uuid);
    if (current && current.con === connection.id) {
      const [contact] = await this.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, current.vid), eq(contacts.companyId, connection.companyId)));
      if (contact)
        return { connectionId: connection.id, contactId: contact.id, name: contact.name };
    }
    const [contact] = await this.db
      .insert(contacts)
      .values({
        companyId: connection.companyId,
        name: input.name,
        number: `wc-${randomUUID().replace(/-/g, "").slice(0, 20)}`,
        email: input.email ?? "",
        channelType: "WEB_CHAT",
      })
      .returning();
    return { connectionId: connection.id, contactId: contact!.id, name: contact!.name };
  }

  async visitor(claims: VisitorClaims) {
    const [row] = await this.db
      .select({ connection: connections, contact: contacts })
      .from(contacts)
      .innerJoin(connections, eq(connections.id, claims.con))
      .where(and(eq(contacts.id, claims.vid), eq(contacts.companyId, connections.companyId)));
    if (!row) throw new AppError("ERR_SESSION_EXPIRED");
    return row;
  }

  /** The visitor's conversation on this connection: their latest ticket, without notes. */
  async history(claims: VisitorClaims): Promise<VisitorMessage[]> {
    await this.visitor(claims);
    const [ticket] = await this.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.contactId, claims.vid), eq(tickets.connectionId, claims.con)))
      .orderBy(desc(tickets.createdAt))
      .limit(1);
    if (!ticket) return [];
    const rows = await this.db
      .select({ m: messages, fileName: files.name })
      .from(messages)
      .leftJoin(files, eq(files.id, messages.fileId))
      .where(
        and(
          eq(messages.ticketId, ticket.id),
          ne(messages.mediaType, "note"),
          isNull(messages.queueId),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(HISTORY_LIMIT);
    return rows.reverse().map(({ m, fileName }) => this.present(m, fileName));
  }

  async receive(
    claims: VisitorClaims,
    input: { body: string; clientId: string; file?: IncomingFile },
  ) {
    const { connection, contact } = await this.visitor(claims);
    if (!input.body.trim() && !input.file)
      throw new AppError("ERR_VALIDATION", "Empty message", { body: "Required" });
    const result = await this.inbound.receive({
      companyId: connection.companyId,
      connectionId: connection.id,
      channelType: "WEB_CHAT",
      providerMessageId: `wc-in-${contact.id}-${input.clientId}`,
      from: { number: contact.number, name: contact.name, email: contact.email },
      fromMe: false,
      body: input.body,
      mediaType: input.file ? mediaTypeOf(input.file.mimetype) : "chat",
      file: input.file,
    });
    return this.present(result.message, input.file?.filename ?? null);
  }

  present(m: typeof messages.$inferSelect, fileName: string | null): VisitorMessage {
    return {
      id: m.id,
      author: m.fromMe ? "agent" : "visitor",
      body: m.isDeleted ? "" : m.body,
      mediaType: m.mediaType,
      mediaUrl: m.fileId && !m.isDeleted ? this.signer.url(m.fileId) : null,
      fileName,
      isDeleted: m.isDeleted,
      createdAt: m.createdAt.toISOString(),
    };
  }
}
