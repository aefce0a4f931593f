import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { RowCache } from "../../db/row-cache.js";
import { connections, contacts, messages, tickets } from "../../db/schema/index.js";
import { isDataError, isUniqueViolation } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { stripNul } from "../../lib/text.js";
import { incomingFile, type IncomingFile } from "../../modules/files/files.service.js";
import type { ConnectionRow } from "../channel.js";
import type { InboundPipeline } from "../inbound.js";
import type { MessageChanges } from "../message-changes.js";
import type { Outbound } from "../outbound.js";
import { GraphError, type GraphClient } from "./graph.js";
import { ROUTING_KEY } from "./meta.config.js";
import { mapWebhook, type MappedMessage, type MetaAction, type MetaChannel } from "./meta.map.js";

/** X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=") || !secret) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
};

/**
 * Verified Meta webhook calls → the inbound pipeline and the outbound acks. Each event goes to
 * the connection whose page / Instagram account / phone number id it names, whatever the
 * company; an unknown recipient is logged and skipped. An item that cannot be stored as it is
 * (unreadable timestamp, no sender, data the database refuses) is logged with its reason and
 * skipped: the other items are stored and Meta gets its 200. Only a failure a retry can fix
 * (database down, media server down) throws, so the route answers 5xx and Meta delivers the
 * call again (the pipeline dedupes what was stored).
 */
export class MetaWebhooks {
  constructor(
    private readonly db: Db,
    private readonly inbound: InboundPipeline,
    private readonly outbound: Outbound,
    private readonly changes: MessageChanges,
    private readonly graph: GraphClient,
    private readonly logger: Logger,
    private readonly connectionRows: RowCache<ConnectionRow>,
  ) {}

  async receive(received: unknown): Promise<void> {
    // NUL characters in a customer's text are dropped, never a reason to refuse the message.
    const payload = stripNul(received);
    for (const delivery of mapWebhook(payload)) {
      const where = { channel: delivery.channel, recipientId: delivery.recipientId };
      const connection = await this.findConnection(delivery.channel, delivery.recipientId);
      if (!connection) {
        this.logger.warn(where, "Meta webhook for an unknown recipient: no connection has this id");
        continue;
      }
      for (const action of delivery.actions) {
        if (action.kind === "rejected") {
          this.logger.warn(
            { ...where, reason: action.reason, item: action.item },
            "Meta webhook item skipped",
          );
          continue;
        }
        try {
          await this.apply(connection, action);
        } catch (err) {
          if (!isDataError(err)) throw err;
          this.logger.warn(
            { ...where, err, action },
            "Meta webhook item refused by the database: skipped",
          );
        }
      }
    }
  }

  /** Every webhook call asks it: built once, a prepared statement on PostgreSQL. */
  private prepareConnectionQuery() {
    return this.db
      .select()
      .from(connections)
      .where(
        and(
          eq(connections.channelType, sql.placeholder("channel")),
          sql`${connections.config}->>${sql.placeholder("key")} = ${sql.placeholder("recipientId")}`,
        ),
      )
      .limit(1)
      .prepare("meta_connection");
  }
  private connectionQuery?: ReturnType<MetaWebhooks["prepareConnectionQuery"]>;

  /** Every webhook call asks it: kept in memory until the connection changes (row-cache.ts). */
  private findConnection(channel: MetaChannel, recipientId: string) {
    return this.connectionRows.get(`meta:${channel}:${recipientId}`, async () => {
      this.connectionQuery ??= this.prepareConnectionQuery();
      const [row] = await this.connectionQuery.execute({
        channel,
        key: ROUTING_KEY[channel],
        recipientId,
      });
      return row;
    });
  }

  private async apply(connection: ConnectionRow, action: MetaAction): Promise<void> {
    switch (action.kind) {
      case "message":
        return this.storeMessage(connection, action);
      case "ack":
        for (const id of action.providerMessageIds) {
          const found = await this.findMessage(connection, id);
          if (found?.message.fromMe) {
            await this.outbound.setAck(found.ticket, found.message.id, action.ack);
          }
        }
        return;
      case "ackUpTo":
        return this.ackUpTo(connection, action.contactId, action.watermark, action.ack);
      case "failed": {
        const found = await this.findMessage(connection, action.providerMessageId);
        if (!found || found.message.error === action.error) return;
        const [failed] = await this.db
          .update(messages)
          .set({ error: action.error })
          .where(eq(messages.id, found.message.id))
          .returning();
        if (failed) await this.outbound.publishUpdate(found.ticket, failed);
        return;
      }
      case "deleted":
        return this.removeMessage(connection, action.providerMessageId);
      case "revoked":
        if (!(await this.changes.revoke(connection.id, action.providerMessageId))) {
          this.logger.info({ id: action.providerMessageId }, "Meta revoke of an unknown message");
        }
        return;
      case "edited":
        if (!(await this.changes.edit(connection.id, action.providerMessageId, action.body))) {
          this.logger.info({ id: action.providerMessageId }, "Meta edit of an unknown message");
        }
        return;
    }
  }

  private async storeMessage(connection: ConnectionRow, m: MappedMessage): Promise<void> {
    // A redelivered webhook with media: stored already, no second download. (A text needs no
    // look of its own: the pipeline dedupes by provider id.)
    if (m.media && (await this.findMessage(connection, m.providerMessageId))) return;
    if (m.timestampNote) {
      this.logger.warn(
        {
          connectionId: connection.id,
          providerMessageId: m.providerMessageId,
          reason: m.timestampNote,
        },
        "Meta webhook message with an unreadable time: stored at the time received",
      );
    }
    let body = m.body;
    let file: IncomingFile | undefined;
    if (m.media) {
      try {
        file = await this.download(connection, m);
      } catch (err) {
        // Unreachable now: Meta delivers the call again. Refused for good: keep the message.
        if (!(err instanceof GraphError) || !err.permanent) throw err;
        this.logger.warn({ err, id: m.providerMessageId }, "Meta media could not be downloaded");
        body = [body, "[media could not be downloaded]"].filter(Boolean).join("\n");
      }
    }
    const number = await this.contactKey(connection, m.contact);
    await this.inbound.receive({
      companyId: connection.companyId,
      connectionId: connection.id,
      channelType: connection.channelType,
      providerMessageId: m.providerMessageId,
      from: {
        number,
        name: m.contact.name ?? "",
        ...(m.contact.bsuid && { bsuid: m.contact.bsuid }),
      },
      // Only a message the pipeline cannot batch (a new contact, say) needs the name.
      ...(m.contact.name === undefined && {
        nameOf: () => this.profileName(connection, number),
      }),
      fromMe: m.fromMe,
      body,
      mediaType: m.mediaType,
      file,
      quotedProviderMessageId: m.quotedProviderMessageId,
      timestamp: m.timestamp,
    });
  }

  private async download(connection: ConnectionRow, m: MappedMessage): Promise<IncomingFile> {
    const media = m.media!;
    const token = connection.config.accessToken;
    let url: string;
    let mimeType = media.mimeType ?? "";
    if (media.kind === "whatsapp") {
      // Cloud API media: its id gives a short-lived URL, downloaded with the token.
      if (!token) throw new GraphError("The connection has no access token", 400);
      const info = await this.graph.call<{ url?: string; mime_type?: string }>(
        "GET",
        `/${media.id}`,
        token,
      );
      if (!info.url) throw new GraphError("The media has no URL", 404);
      url = info.url;
      mimeType ||= info.mime_type ?? "";
    } else {
      url = media.url;
    }
    const downloaded = await this.graph.download(
      url,
      media.kind === "whatsapp" ? token : undefined,
    );
    mimeType = (mimeType || downloaded.mimeType || "application/octet-stream").split(";")[0]!;
    const ext = EXTENSIONS[mimeType] ?? mimeType.split("/")[1] ?? "bin";
    return incomingFile(
      media.filename || `${m.mediaType}-${m.providerMessageId.slice(-12)}.${ext}`,
      downloaded.data,
    );
  }

  /**
   * The contact's key (`contacts.number`) on WhatsApp Cloud: the phone number when Meta shares
   * it, else the business-scoped user id. A contact first known only by that id takes the phone
   * number once a message brings both, so the conversation stays one.
   */
  private async contactKey(connection: ConnectionRow, c: MappedMessage["contact"]) {
    if (!c.bsuid) return c.id;
    const inCompany = (cond: ReturnType<typeof eq>) =>
      this.db
        .select({ id: contacts.id, number: contacts.number })
        .from(contacts)
        .where(and(eq(contacts.companyId, connection.companyId), cond));
    const [byBsuid] = await inCompany(eq(contacts.bsuid, c.bsuid));
    if (!byBsuid || byBsuid.number === c.id) return c.id;
    if (c.id === c.bsuid) return byBsuid.number;
    const [byPhone] = await inCompany(eq(contacts.number, c.id));
    if (byPhone) return c.id;
    if (byBsuid.number === c.bsuid) {
      // Another message may have created the phone's contact meanwhile: then both stay.
      const [renumbered] = await this.db
        .update(contacts)
        .set({ number: c.id })
        .where(eq(contacts.id, byBsuid.id))
        .returning()
        .catch((err) => {
          if (!isUniqueViolation(err)) throw err;
          return [];
        });
      if (renumbered) await this.inbound.contactUpdated(renumbered);
    }
    return c.id;
  }

  /** Messenger and Instagram send only an id: the name comes from the profile, once. */
  private async profileName(connection: ConnectionRow, contactId: string): Promise<string> {
    if (connection.channelType === "WHATSAPP_BUSINESS") return contactId;
    const [known] = await this.db
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.companyId, connection.companyId), eq(contacts.number, contactId)));
    if (known) return known.name;
    const token = connection.config.accessToken;
    if (!token) return contactId;
    const fields =
      connection.channelType === "INSTAGRAM" ? "name,username" : "first_name,last_name,name";
    try {
      const p = await this.graph.call<{
        name?: string;
        username?: string;
        first_name?: string;
        last_name?: string;
      }>("GET", `/${contactId}?fields=${fields}`, token);
      const full = p.name || [p.first_name, p.last_name].filter(Boolean).join(" ") || p.username;
      return full?.trim() || contactId;
    } catch (err) {
      this.logger.debug({ err, contactId }, "Meta profile lookup failed");
      return contactId;
    }
  }

  private async findMessage(connection: ConnectionRow, providerMessageId: string) {
    const [row] = await this.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(
        and(
          eq(messages.connectionId, connection.id),
          eq(messages.providerMessageId, providerMessageId),
        ),
      );
    return row;
  }

  /** Messenger reports delivery and reading as a time watermark per contact. */
  private async ackUpTo(
    connection: ConnectionRow,
    contactNumber: string,
    watermark: number,
    ack: number,
  ): Promise<void> {
    const rows = await this.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          eq(messages.connectionId, connection.id),
          eq(contacts.companyId, connection.companyId),
          eq(contacts.number, contactNumber),
          eq(messages.fromMe, true),
          lt(messages.ack, ack),
          lte(messages.messageTimestamp, watermark),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(100);
    for (const { message, ticket } of rows) {
      await this.outbound.setAck(ticket, message.id, ack);
    }
  }

  /**
   * The contact unsent a message: it goes away (agent-core §4: on Meta channels a deleted
   * message is removed). The update with isDeleted is what the web removes it on.
   */
  private async removeMessage(connection: ConnectionRow, providerMessageId: string) {
    const found = await this.findMessage(connection, providerMessageId);
    if (!found) return;
    const [marked] = await this.db
      .update(messages)
      .set({ isDeleted: true, body: "" })
      .where(eq(messages.id, found.message.id))
      .returning();
    if (marked) await this.outbound.publishUpdate(found.ticket, marked);
    await this.db.delete(messages).where(eq(messages.id, found.message.id));
  }
}
