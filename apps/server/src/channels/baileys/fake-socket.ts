import { randomBytes } from "node:crypto";
import type {
  AnyMessageContent,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from "baileys";
import { jidUser } from "./mapper.js";
import {
  disconnectError,
  type BaileysEvents,
  type SocketFactory,
  type SocketOptions,
  type WaSocket,
} from "./socket.js";

// DisconnectReason values (baileys' enum, kept here so the fake needs no network code).
export const LOGGED_OUT = 401;
export const CONNECTION_CLOSED = 428;

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
  id: string;
}

/**
 * A Baileys socket without a network: behaves like Baileys' event emitter (events delivered
 * through `ev.process`, buffered until someone listens) and records what the session asks of
 * it. Used by the server tests and, with BAILEYS_FAKE=1, by the /test/baileys routes.
 */
export class FakeBaileysSocket implements WaSocket {
  readonly sent: SentMessage[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly presences: { type: string; jid?: string }[] = [];
  readonly checked: string[] = [];
  readonly pairingRequests: string[] = [];
  /** Numbers onWhatsApp reports as not on WhatsApp. */
  readonly invalidNumbers = new Set<string>();
  /** Numbers WhatsApp knows under another spelling (a Brazilian mobile without its 9): asked → answered. */
  readonly registeredAs = new Map<string, string>();
  /** Media by message id: bytes, or an error to fail the download with. */
  readonly media = new Map<string, Buffer | Error>();
  readonly pictures = new Map<string, string>();
  readonly lidToPn = new Map<string, string>();
  groupName = "Grupo";
  ended = false;
  loggedOut = false;
  user: { id: string; name?: string } | undefined;
  private readonly handlers = new Set<(events: BaileysEvents) => void | Promise<void>>();
  private readonly backlog: BaileysEvents[] = [];

  constructor(readonly options: SocketOptions) {}

  readonly ev = {
    process: (handler: (events: BaileysEvents) => void | Promise<void>) => {
      this.handlers.add(handler);
      const pending = this.backlog.splice(0);
      void (async () => {
        for (const events of pending) await handler(events);
      })();
      return () => void this.handlers.delete(handler);
    },
  };

  /** Delivers one event to the listeners, as Baileys' buffered emitter does. */
  async emit<K extends keyof BaileysEventMap>(event: K, data: BaileysEventMap[K]): Promise<void> {
    const events = { [event]: data } as BaileysEvents;
    if (this.handlers.size === 0) {
      this.backlog.push(events);
      return;
    }
    for (const handler of [...this.handlers]) await handler(events);
  }

  // ------------------------------------------------------------ what WhatsApp does

  qr(code: string) {
    return this.emit("connection.update", { qr: code });
  }

  /** The phone scanned the code (or the saved creds were accepted): the session opens. */
  async open(userId = "5511999990000:1@s.whatsapp.net", name = "Atrium") {
    this.user = { id: userId, name };
    const creds = this.options.auth.creds;
    creds.me = { id: userId, name };
    creds.registered = true;
    await this.emit("creds.update", { me: creds.me, registered: true });
    await this.emit("connection.update", { connection: "open", isNewLogin: false });
  }

  close(loggedOut = false) {
    return this.emit("connection.update", {
      connection: "close",
      lastDisconnect: {
        error: disconnectError(loggedOut ? LOGGED_OUT : CONNECTION_CLOSED),
        date: new Date(),
      },
    });
  }

  upsert(messages: WAMessage[], type: "notify" | "append" = "notify") {
    return this.emit("messages.upsert", { messages, type });
  }

  /** A text from a contact, as Baileys delivers a received message. */
  textFrom(from: string, text: string, opts: { name?: string; id?: string } = {}) {
    return this.upsert([
      {
        key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id: opts.id ?? fakeId() },
        pushName: opts.name ?? "",
        messageTimestamp: Math.floor(Date.now() / 1000),
        message: { conversation: text },
      },
    ]);
  }

  // ------------------------------------------------------------ what the session asks

  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage> {
    if (this.ended) throw disconnectError(CONNECTION_CLOSED);
    const id = options?.messageId ?? fakeId();
    this.sent.push({ jid, content, options, id });
    // Like Baileys, the answer carries the generated message (text as a conversation).
    const message = "text" in content ? { conversation: content.text } : {};
    return { key: { remoteJid: jid, fromMe: true, id }, message, status: 1 };
  }

  async readMessages(keys: WAMessageKey[]) {
    this.reads.push(keys);
  }

  async sendPresenceUpdate(type: "composing" | "paused" | "available", jid?: string) {
    this.presences.push({ type, jid });
  }

  async profilePictureUrl(jid: string) {
    return this.pictures.get(jidUser(jid));
  }

  async onWhatsApp(...jids: string[]) {
    this.checked.push(...jids);
    return jids.map((jid) => {
      const user = jidUser(jid);
      const known = this.registeredAs.get(user);
      return {
        jid: known ? jid.replace(user, known) : jid,
        exists: !this.invalidNumbers.has(user),
      };
    });
  }

  async requestPairingCode(phoneNumber: string) {
    this.pairingRequests.push(phoneNumber);
    return "ABCD1234";
  }

  async groupSubject() {
    return this.groupName;
  }

  async pnForLid(lidJid: string) {
    return this.lidToPn.get(jidUser(lidJid)) ?? null;
  }

  async downloadMedia(message: WAMessage): Promise<Buffer> {
    const media = this.media.get(message.key.id ?? "");
    if (media instanceof Error) throw media;
    if (!media) throw new Error("media not found");
    return media;
  }

  async logout() {
    this.loggedOut = true;
    this.end(disconnectError(LOGGED_OUT, "Intentional Logout"));
  }

  end(error?: Error) {
    if (this.ended) return;
    this.ended = true;
    void this.emit("connection.update", {
      connection: "close",
      lastDisconnect: { error: error ?? disconnectError(CONNECTION_CLOSED), date: new Date() },
    });
  }
}

export function fakeId(): string {
  return `3EB0${randomBytes(8).toString("hex").toUpperCase()}`;
}

/** The fake socket factory and the sockets it made (the latest per connection is "live"). */
export class FakeSockets {
  readonly created: FakeBaileysSocket[] = [];
  private readonly live = new Map<number, FakeBaileysSocket>();

  readonly factory: SocketFactory = async (options) => {
    const socket = new FakeBaileysSocket(options);
    this.created.push(socket);
    this.live.set(options.connectionId, socket);
    // Saved creds of a paired device: WhatsApp accepts them and the session opens by itself.
    const me = options.auth.creds.me;
    if (me?.id) setImmediate(() => void socket.open(me.id, me.name ?? "Atrium"));
    return socket;
  };

  /** The running socket of a connection, if any. */
  get(connectionId: number): FakeBaileysSocket | undefined {
    const socket = this.live.get(connectionId);
    return socket && !socket.ended ? socket : undefined;
  }
}
