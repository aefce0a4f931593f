import { and, eq, isNull, or } from "drizzle-orm";
import { mediaTypeForFile } from "@atrium/shared";
import type { WAMessage } from "baileys";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { Logger } from "../../lib/logger.js";
import { bufferJson } from "./library.js";
import {
  incomingFile,
  type FilesService,
  type IncomingFile,
} from "../../modules/files/files.service.js";
import type { InboundPipeline } from "../inbound.js";
import type { MessageChanges } from "../message-changes.js";
import type { Outbound } from "../outbound.js";
import {
  isLidJid,
  jidUser,
  mapMessage,
  mapReactions,
  mapUpdate,
  type JidPair,
  type MappedEvent,
} from "./mapper.js";
import type { BaileysSession } from "./session.js";
import type { BaileysEvents } from "./socket.js";

type MessageEvent = Extract<MappedEvent, { kind: "message" }>;
type ReactionEvent = Extract<MappedEvent, { kind: "reaction" }>;

const encodeRaw = async (msg: WAMessage): Promise<unknown> => (await bufferJson()).encode(msg);
export const decodeRaw = async (raw: unknown): Promise<WAMessage> =>
  (await bufferJson()).decode<WAMessage>(raw);

export const DOWNLOAD_FAILED = "ERR_WAPP_DOWNLOAD_MEDIA";

/**
 * Turns a session's message events into our data: new messages go through THE inbound
 * pipeline (dedupe, contact, ticket, publish); acks, edits, revokes update stored messages.
 */
export class BaileysEventsHandler {
  constructor(
    private readonly db: Db,
    private readonly pipeline: InboundPipeline,
    private readonly outbound: Outbound,
    private readonly changes: MessageChanges,
    private readonly files: FilesService,
    private readonly logger: Logger,
    /** Queues a later download of a message's media on the session's node. */
    private readonly scheduleMediaRetry: (
      session: BaileysSession,
      messageId: number,
    ) => Promise<void>,
  ) {}

  async handle(session: BaileysSession, events: BaileysEvents): Promise<void> {
    const upsert = events["messages.upsert"];
    // "notify": live; "append": our phone's own sends and messages caught up after a reconnect.
    // Both are stored; the pipeline drops the ones it already has.
    if (upsert)
      for (const msg of upsert.messages) await this.safely(() => this.upsert(session, msg));
    for (const update of events["messages.update"] ?? []) {
      await this.safely(async () => {
        const mapped = mapUpdate(update);
        if (mapped?.kind === "ack") await this.ack(session, mapped.id, mapped.ack);
        if (mapped?.kind === "edit") await this.edit(session, mapped.targetId, mapped.body);
        if (mapped?.kind === "revoke") await this.revoke(session, mapped.targetId);
      });
    }
    for (const reaction of mapReactions(events["messages.reaction"] ?? [])) {
      await this.safely(() => this.reaction(session, reaction as ReactionEvent));
    }
    const deleted = events["messages.delete"];
    if (deleted && "keys" in deleted) {
      for (const key of deleted.keys) if (key.id) await this.revoke(session, key.id);
    }
    const mapping = events["lid-mapping.update"];
    if (mapping) await this.linkLid(session.companyId, jidUser(mapping.pn), jidUser(mapping.lid));
  }

  private async safely(work: () => Promise<void>): Promise<void> {
    await work().catch((err) => this.logger.warn({ err }, "baileys message event failed"));
  }

  private async upsert(session: BaileysSession, msg: WAMessage): Promise<void> {
    if (msg.key?.id && session.ownSends.has(msg.key.id)) return;
    const mapped = mapMessage(msg);
    if (!mapped) return;
    if (mapped.kind === "edit") return this.edit(session, mapped.targetId, mapped.body);
    if (mapped.kind === "revoke") return this.revoke(session, mapped.targetId);
    // Reactions arrive again as messages.reaction, which carries the target: handled there.
    if (mapped.kind === "reaction") return;
    await this.message(session, mapped, msg);
  }

  private async message(session: BaileysSession, event: MessageEvent, msg: WAMessage) {
    const who = await this.identify(session, event.peer, event.isGroup);
    if (!who) return;
    let file: IncomingFile | undefined;
    let downloadFailed = false;
    if (event.media) {
      try {
        const data = await session.socket!.downloadMedia(msg);
        file = await incomingFile(event.media.fileName, data);
      } catch (err) {
        this.logger.warn({ err, id: event.id }, "baileys media download failed");
        downloadFailed = true;
      }
    }
    const common = {
      companyId: session.companyId,
      connectionId: session.connectionId,
      channelType: "BAILEYS",
      from: {
        number: who.number,
        name: await this.nameOf(session, event, who.number),
        isGroup: event.isGroup,
        ...(who.lid && { lid: who.lid }),
        ...(await this.pictureOf(session, who.number, event)),
      },
      fromMe: event.fromMe,
      participant: event.sender
        ? event.sender.name || event.sender.number || event.sender.lid
        : undefined,
      timestamp: event.timestamp,
    };
    const result = await this.pipeline.receive({
      ...common,
      providerMessageId: event.id,
      body: event.body,
      mediaType: event.mediaType,
      file,
      quotedProviderMessageId: event.quotedId,
      // Kept only when the media must be fetched again later.
      raw: downloadFailed ? await encodeRaw(msg) : undefined,
    });
    if (event.followingText) {
      await this.pipeline.receive({
        ...common,
        providerMessageId: `${event.id}:caption`,
        body: event.followingText,
        mediaType: "chat",
      });
    }
    if (downloadFailed && !result.duplicate) {
      const [failed] = await this.db
        .update(messages)
        .set({ error: DOWNLOAD_FAILED })
        .where(eq(messages.id, result.message.id))
        .returning();
      await this.outbound.publishUpdate(result.ticket, failed!);
      await this.scheduleMediaRetry(session, result.message.id);
    }
  }

  private async reaction(session: BaileysSession, event: ReactionEvent) {
    const who = await this.identify(session, event.peer, event.isGroup);
    if (!who) return;
    await this.pipeline.receive({
      companyId: session.companyId,
      connectionId: session.connectionId,
      channelType: "BAILEYS",
      providerMessageId: event.id,
      from: {
        number: who.number,
        name: "",
        isGroup: event.isGroup,
        ...(who.lid && { lid: who.lid }),
      },
      fromMe: event.fromMe,
      body: event.emoji,
      mediaType: "reaction",
      quotedProviderMessageId: event.targetId,
      timestamp: event.timestamp,
    });
  }

  /** A delivery/read receipt for one of our messages; acks only rise. */
  private async ack(session: BaileysSession, providerMessageId: string, ack: number) {
    // The receipt can beat the outbound job recording the provider id: look again briefly.
    for (let i = 0; i < 15; i++) {
      const [row] = await this.db
        .select({ message: messages, ticket: tickets })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(
          and(
            eq(messages.connectionId, session.connectionId),
            eq(messages.providerMessageId, providerMessageId),
          ),
        );
      if (row) {
        if (row.message.fromMe && ack > row.message.ack) {
          await this.outbound.setAck(row.ticket, row.message.id, ack);
        }
        return;
      }
      if (!session.ownSends.has(providerMessageId)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async edit(session: BaileysSession, providerMessageId: string, body: string) {
    await this.changes.edit(session.connectionId, providerMessageId, body);
  }

  private async revoke(session: BaileysSession, providerMessageId: string) {
    await this.changes.revoke(session.connectionId, providerMessageId);
  }

  /**
   * One contact per person whether WhatsApp addresses them by phone number or by LID: the
   * contact is keyed by the number, its `lid` column links the other address.
   */
  private async identify(
    session: BaileysSession,
    peer: JidPair,
    isGroup: boolean,
  ): Promise<{ number: string; lid?: string } | undefined> {
    if (isGroup) return peer.number ? { number: peer.number } : undefined;
    let { number } = peer;
    const { lid } = peer;
    if (!number && lid) {
      const [known] = await this.db
        .select({ number: contacts.number })
        .from(contacts)
        .where(and(eq(contacts.companyId, session.companyId), eq(contacts.lid, lid)));
      number = known?.number;
      if (!number) {
        const pn = await session.socket?.pnForLid(`${lid}@lid`).catch(() => null);
        if (pn && !isLidJid(pn)) number = jidUser(pn);
      }
    }
    if (number && lid) await this.linkLid(session.companyId, number, lid);
    // A LID we cannot map yet: the contact is keyed by it until the number is learnt.
    const key = number ?? lid;
    return key ? { number: key, ...(lid && { lid }) } : undefined;
  }

  /** Records that `lid` is `number`; a contact first known only by its LID takes the number. */
  async linkLid(companyId: number, number: string, lid: string): Promise<void> {
    if (!number || !lid || number === lid) return;
    const [byNumber] = await this.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
    if (byNumber) {
      if (byNumber.lid !== lid) {
        await this.db.update(contacts).set({ lid }).where(eq(contacts.id, byNumber.id));
      }
      return;
    }
    await this.db
      .update(contacts)
      .set({ number, lid })
      .where(
        and(
          eq(contacts.companyId, companyId),
          eq(contacts.number, lid),
          or(isNull(contacts.lid), eq(contacts.lid, lid)),
        ),
      );
  }

  private async nameOf(session: BaileysSession, event: MessageEvent, number: string) {
    if (event.isGroup) {
      return (await session.socket?.groupSubject(event.chatJid).catch(() => undefined)) ?? number;
    }
    // Our own phone's messages carry our name, not the contact's.
    return event.fromMe ? number : event.pushName || number;
  }

  /** The profile picture, fetched once: when the contact is new or has none. */
  private async pictureOf(session: BaileysSession, number: string, event: MessageEvent) {
    const [known] = await this.db
      .select({ profilePicUrl: contacts.profilePicUrl })
      .from(contacts)
      .where(and(eq(contacts.companyId, session.companyId), eq(contacts.number, number)));
    if (known?.profilePicUrl) return {};
    const url = await session.socket
      ?.profilePictureUrl(event.chatJid, "image")
      .catch(() => undefined);
    return url ? { profilePicUrl: url } : {};
  }

  /** The retry job: fetch the media again and attach it to the stored message. */
  async retryMedia(session: BaileysSession, messageId: number): Promise<void> {
    const [row] = await this.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(eq(messages.id, messageId));
    if (!row || row.message.fileId || !row.message.raw || !session.socket) return;
    const msg = await decodeRaw(row.message.raw);
    const mapped = mapMessage(msg);
    if (mapped?.kind !== "message" || !mapped.media) return;
    const data = await session.socket.downloadMedia(msg);
    const file = await this.files.save(
      session.companyId,
      await incomingFile(mapped.media.fileName, data),
    );
    const [updated] = await this.db
      .update(messages)
      .set({
        fileId: file.id,
        mediaType: mediaTypeForFile(row.message.mediaType, file.mimeType),
        error: null,
        raw: null,
      })
      .where(eq(messages.id, messageId))
      .returning();
    await this.outbound.publishUpdate(row.ticket, updated!);
  }
}
