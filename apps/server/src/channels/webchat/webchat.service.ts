import { randomUUID } from "node:crypto";
import { checkPhoneNumber, PHONE_ERROR_MESSAGE } from "@atrium/shared";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  companies,
  connections,
  contactExtraInfo,
  contacts,
  files,
  messages,
  tickets,
} from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { FileSigner } from "../../lib/storage.js";
import type { IncomingFile } from "../../modules/files/files.service.js";
import { verifiedMime } from "../../modules/messages/messages.presenter.js";
import { inlineElement, mediaTypeOf } from "@atrium/shared";
import type { InboundPipeline } from "../inbound.js";
import type { FastifyInstance } from "fastify";
import type { Namespace } from "socket.io";
import type { InboundRows } from "../channel.js";
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

/** The extra-information name of a typed phone that another contact already has. */
export const VISITOR_PHONE_INFO = "Telefone informado";

/** The visitor's phone as digits, '' when none was typed; a malformed one is refused. */
function visitorPhone(raw: string | undefined): string {
  if (!raw?.trim()) return "";
  const check = checkPhoneNumber(raw);
  if (!check.ok) {
    throw new AppError("ERR_INVALID_PHONE_NUMBER", undefined, { phone: PHONE_ERROR_MESSAGE });
  }
  return check.digits;
}

/** The visitor side of the web chat: identity, history and messages into the inbound pipeline. */
export class WebChatService {
  constructor(
    private readonly db: Db,
    private readonly inbound: InboundPipeline,
    private readonly signer: FileSigner,
    private readonly rows: InboundRows,
    private readonly visitors: () => Namespace | undefined = () => undefined,
  ) {}

  /**
   * The visitor's own message, to their tabs, with the `clientId` it was sent under: the tab
   * that sent it replaces its pending copy even when this event beats the HTTP answer.
   */
  echo(claims: VisitorClaims, message: VisitorMessage, clientId: string): void {
    this.visitors()
      ?.to(visitorRoom(claims.con, claims.vid))
      .emit("message", { ...message, clientId });
  }

  /** Asked by every page the widget is on: kept in memory until the connection changes. */
  async connectionByUuid(uuid: string) {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new AppError("ERR_NO_WAPP_FOUND");
    const row = await this.rows.connections.get(`webchat:${uuid.toLowerCase()}`, async () => {
      const [found] = await this.db
        .select()
        .from(connections)
        .where(and(eq(connections.uuid, uuid), eq(connections.channelType, "WEB_CHAT")));
      return found;
    });
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }

  /** What the widget shows before a visitor identifies, in the company's language. */
  async publicConfig(uuid: string) {
    const c = await this.connectionByUuid(uuid);
    return {
      name: c.name,
      title: c.config.widgetTitle || c.name,
      color: c.config.widgetColor || "#002d6e",
      online: c.status === "CONNECTED",
      language: await this.companyLanguage(c.companyId),
    };
  }

  /** The company's language setting (pt-BR, es-ES, en-EN), pt-BR by default. */
  async companyLanguage(companyId: number): Promise<string> {
    const [row] = await this.db
      .select({ language: companies.language })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row?.language || "pt-BR";
  }

  /**
   * A new visitor (a contact of the connection's company) or the one the token names. The phone
   * the visitor typed is kept, normalised, as the contact's number; their internal id lives in
   * visitorId. A phone another contact already has is not taken over (whoever types a number
   * must not become that customer): it stays on this visitor as extra information.
   */
  async identify(
    uuid: string,
    input: { name: string; email?: string; phone?: string },
    current?: VisitorClaims,
  ): Promise<{ connectionId: number; contactId: number; name: string }> {
    const connection = await this.connectionByUuid(uuid);
    const phone = visitorPhone(input.phone);
    if (current && current.con === connection.id) {
      const [contact] = await this.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, current.vid), eq(contacts.companyId, connection.companyId)));
      if (contact)
        return { connectionId: connection.id, contactId: contact.id, name: contact.name };
    }
    const taken = phone
      ? (
          await this.db
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.companyId, connection.companyId), eq(contacts.number, phone)))
        ).length > 0
      : false;
    const insert = (keepPhone: boolean) =>
      this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(contacts)
          .values({
            companyId: connection.companyId,
            name: input.name,
            number: keepPhone ? phone : "",
            email: input.email ?? "",
            channelType: "WEB_CHAT",
            visitorId: `wc-${randomUUID().replace(/-/g, "")}`,
            visitorConnectionId: connection.id,
          })
          .returning();
        if (phone && !keepPhone) {
          await tx.insert(contactExtraInfo).values({
            companyId: connection.companyId,
            contactId: created!.id,
            name: VISITOR_PHONE_INFO,
            value: phone,
          });
        }
        return created!;
      });
    const contact = await insert(Boolean(phone) && !taken).catch((err: unknown) => {
      // Another contact took the number meanwhile.
      if (phone && isUniqueViolation(err)) return insert(false);
      throw err;
    });
    return { connectionId: connection.id, contactId: contact.id, name: contact.name };
  }

  /**
   * The connection and contact a visitor's token names, asked by every visitor message: both
   * kept in memory until they change (row-cache.ts). A contact since deleted, or not of the
   * connection's company, ends the session.
   */
  async visitor(claims: VisitorClaims) {
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
    const [connection, contact] = await Promise.all([
      this.rows.connections.get(`id:${claims.con}`, () =>
        first(this.db.select().from(connections).where(eq(connections.id, claims.con))),
      ),
      this.rows.contacts.get(`id:${claims.vid}`, () =>
        first(this.db.select().from(contacts).where(eq(contacts.id, claims.vid))),
      ),
    ]);
    if (!connection || !contact || contact.companyId !== connection.companyId)
      throw new AppError("ERR_SESSION_EXPIRED");
    return { connection, contact };
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
      .select({
        m: messages,
        file: { name: files.name, mimeType: files.mimeType, mimeDetected: files.mimeDetected },
      })
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
    return rows.reverse().map(({ m, file }) => this.present(m, file));
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
      from: {
        number: contact.number,
        visitorId: contact.visitorId ?? `wc-${contact.id}`,
        name: contact.name,
        email: contact.email,
      },
      fromMe: false,
      body: input.body,
      mediaType: input.file ? mediaTypeOf(input.file.mimetype) : "chat",
      file: input.file,
    });
    const file = input.file && {
      name: input.file.filename,
      mimeType: input.file.mimetype,
      mimeDetected: true,
    };
    return this.present(result.message, file ?? null);
  }

  present(
    m: typeof messages.$inferSelect,
    file: { name: string; mimeType: string; mimeDetected: boolean } | null,
  ): VisitorMessage {
    const shown = m.fileId && !m.isDeleted ? file : null;
    const mimeType = verifiedMime(shown);
    return {
      id: m.id,
      author: m.fromMe ? "agent" : "visitor",
      body: m.isDeleted ? "" : m.body,
      mediaType: m.mediaType,
      mediaUrl: shown && m.fileId ? this.signer.url(m.fileId) : null,
      mimeType,
      mediaInline: inlineElement(m.mediaType, mimeType) !== null,
      fileName: file?.name ?? null,
      isDeleted: m.isDeleted,
      createdAt: m.createdAt.toISOString(),
    };
  }
}
