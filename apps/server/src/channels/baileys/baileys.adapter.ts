import type { Readable } from "node:stream";
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from "baileys";
import { AppError } from "../../lib/errors.js";
import {
  PermanentSendError,
  type ChannelAdapter,
  type ConnectionRow,
  type ContactRow,
  type OutboundMessage,
  type SendResult,
} from "../channel.js";
import { fakeId } from "./fake-socket.js";
import type { BaileysSessionManager } from "./manager.js";
import { numberToJid, outgoingContent } from "./mapper.js";
import type { RateGuard } from "./rate-guard.js";
import type { BaileysSession } from "./session.js";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The JID of a contact: its group, its LID when that is all we know, else its number. */
export function contactJid(contact: Pick<ContactRow, "number" | "isGroup" | "lid">): string {
  if (contact.isGroup) return numberToJid(contact.number, true);
  if (contact.lid && contact.lid === contact.number) return `${contact.lid}@lid`;
  return numberToJid(contact.number);
}

/** Numbers asked of WhatsApp at once, and how long one batch may take. */
const CHECK_BATCH = 50;
const CHECK_TIMEOUT_MS = 15_000;

/** BAILEYS: WhatsApp through the session of the connection (DESIGN rule 8). */
export class BaileysAdapter implements ChannelAdapter {
  readonly type = "BAILEYS" as const;
  /** Numbers already confirmed on WhatsApp, per connection (onWhatsApp costs a round trip). */
  private readonly valid = new Set<string>();

  constructor(
    private readonly sessions: BaileysSessionManager,
    /** The send-rate guard of each number (rate-guard.ts). */
    private readonly guard: RateGuard,
    /** Whether the company shows "typing…" before bulk sends (setting bulkTypingPresence). */
    private readonly bulkTyping: (companyId: number) => Promise<boolean> = async () => false,
    private readonly typingMs = 1500,
  ) {}

  async start(connection: ConnectionRow): Promise<void> {
    await this.sessions.command(connection, { type: "start", connectionId: connection.id });
  }

  async stop(connection: ConnectionRow): Promise<void> {
    await this.sessions.command(connection, { type: "logout", connectionId: connection.id });
  }

  async send(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult> {
    const session = this.sessions.local(connection.id);
    if (!session) {
      return this.sessions.deliverRemotely(connection, message.messageId, message.bulk);
    }
    const socket = this.openSocket(session);
    const jid = await this.checkedJid(session, contact).catch((err: unknown) => {
      // Not on WhatsApp: retrying cannot help, the message shows the reason.
      if (err instanceof AppError && err.code === "ERR_WAPP_INVALID_CONTACT")
        throw new PermanentSendError(err.code);
      throw err;
    });
    const file = message.file
      ? {
          name: message.file.name,
          mimeType: message.file.mimeType,
          data: await readAll(message.file.open()),
        }
      : undefined;
    const content = outgoingContent(message, file) as AnyMessageContent;
    const messageId = fakeId();
    const options: MiscMessageGenerationOptions = { messageId };
    if (message.quoted?.providerMessageId) {
      options.quoted = {
        key: {
          remoteJid: jid,
          id: message.quoted.providerMessageId,
          fromMe: message.quoted.fromMe,
        },
        message: { conversation: message.quoted.body },
      } as WAMessage;
    }
    const bulk = Boolean(message.bulk);
    await this.guard.turn(connection.id, bulk);
    const typing = bulk && !contact.isGroup && (await this.bulkTyping(connection.companyId));
    if (typing) {
      await socket.sendPresenceUpdate("composing", jid);
      await new Promise((resolve) => setTimeout(resolve, this.typingMs));
    }
    session.trackOwnSend(messageId);
    const sent = await socket.sendMessage(jid, content, options);
    if (typing) await socket.sendPresenceUpdate("paused", jid).catch(() => undefined);
    const providerMessageId = sent?.key.id ?? messageId;
    session.trackOwnSend(providerMessageId, sent?.message);
    return { providerMessageId, ack: 1 };
  }

  async deleteMessage(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageId: string,
  ): Promise<void> {
    await this.sessions.act(connection, {
      type: "revoke",
      connectionId: connection.id,
      jid: contactJid(contact),
      providerMessageId,
    });
  }

  async markRead(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageIds: string[],
  ): Promise<void> {
    await this.sessions.act(connection, {
      type: "read",
      connectionId: connection.id,
      jid: contactJid(contact),
      providerMessageIds,
    });
  }

  async typing(connection: ConnectionRow, contact: ContactRow, on: boolean): Promise<void> {
    await this.sessions.act(connection, {
      type: "presence",
      connectionId: connection.id,
      jid: contactJid(contact),
      on,
    });
  }

  async profilePicture(
    connection: ConnectionRow,
    contact: ContactRow,
  ): Promise<string | undefined> {
    const session = this.sessions.local(connection.id);
    if (!session?.open) return undefined;
    return session.socket!.profilePictureUrl(contactJid(contact), "image").catch(() => undefined);
  }

  /** Whether a number is on WhatsApp (ERR_WAPP_INVALID_CONTACT when not). */
  async checkNumber(connection: ConnectionRow, number: string): Promise<string> {
    const session = this.sessions.local(connection.id);
    return this.checkedJid(session, { number, isGroup: false, lid: null });
  }

  /**
   * Asks WhatsApp which numbers exist, in batches, each under a timeout: a session that stops
   * answering fails the check (ERR_WAPP_CHECK_CONTACT) instead of holding the request.
   */
  async checkNumbers(connection: ConnectionRow, numbers: string[]): Promise<Map<string, boolean>> {
    const socket = this.openSocket(this.sessions.local(connection.id));
    const found = new Map<string, boolean>();
    for (let i = 0; i < numbers.length; i += CHECK_BATCH) {
      const batch = numbers.slice(i, i + CHECK_BATCH);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError("ERR_WAPP_CHECK_CONTACT")), CHECK_TIMEOUT_MS);
      });
      try {
        const answer = await Promise.race([
          socket.onWhatsApp(...batch.map((n) => numberToJid(n))),
          timeout,
        ]);
        const exists = new Set(
          (answer ?? [])
            .filter((a) => a.exists)
            .map((a) => numberKey(a.jid.split("@")[0]!.split(":")[0]!)),
        );
        for (const n of batch) found.set(n, exists.has(numberKey(n)));
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError("ERR_WAPP_CHECK_CONTACT");
      } finally {
        clearTimeout(timer);
      }
    }
    return found;
  }

  private openSocket(session: BaileysSession | undefined) {
    if (!session?.open || !session.socket) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return session.socket;
  }

  private async checkedJid(
    session: BaileysSession | undefined,
    contact: Pick<ContactRow, "number" | "isGroup" | "lid">,
  ): Promise<string> {
    const socket = this.openSocket(session);
    const jid = contactJid(contact);
    if (contact.isGroup || jid.endsWith("@lid")) return jid;
    const key = `${session!.connectionId}:${contact.number}`;
    if (this.valid.has(key)) return jid;
    let found: { jid: string; exists: boolean } | undefined;
    try {
      [found] = (await socket.onWhatsApp(jid)) ?? [];
    } catch {
      throw new AppError("ERR_WAPP_CHECK_CONTACT");
    }
    if (!found?.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT");
    this.valid.add(key);
    return found.jid || jid;
  }
}

/**
 * A number as WhatsApp may answer it: a Brazilian mobile registered before the ninth digit is
 * answered without it (55 11 9 8888-7777 → 55 11 8888-7777), so both spellings are one key.
 */
export function numberKey(digits: string): string {
  return /^55\d{2}9\d{8}$/.test(digits) ? digits.slice(0, 4) + digits.slice(5) : digits;
}
