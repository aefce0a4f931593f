import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
  proto,
} from "baileys";
import type { Logger } from "../../lib/logger.js";
import { baileysLibrary } from "./library.js";

export type BaileysEvents = Partial<BaileysEventMap>;

/**
 * The part of a Baileys socket the session uses. The real one wraps `makeWASocket`; tests and
 * the browser-test hook use FakeBaileysSocket, which emits the same events.
 */
export interface WaSocket {
  ev: { process(handler: (events: BaileysEvents) => void | Promise<void>): () => void };
  readonly user: { id: string; name?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate(type: "composing" | "paused" | "available", jid?: string): Promise<void>;
  profilePictureUrl(jid: string, type?: "image" | "preview"): Promise<string | undefined>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  groupSubject(jid: string): Promise<string | undefined>;
  /** The phone-number JID Baileys mapped to a LID, if it knows one. */
  pnForLid(lidJid: string): Promise<string | null>;
  downloadMedia(message: WAMessage): Promise<Buffer>;
  logout(): Promise<void>;
  end(error?: Error): void;
}

export interface SocketOptions {
  companyId: number;
  connectionId: number;
  auth: AuthenticationState;
  logger: Logger;
  /** A message we sent, for the retry requests of a phone that could not decrypt it. */
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
}

export type SocketFactory = (options: SocketOptions) => Promise<WaSocket>;

/** The status code of a Baileys disconnect error (a Boom), or undefined. */
export function disconnectCode(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: number } } | undefined)?.output;
  return typeof output?.statusCode === "number" ? output.statusCode : undefined;
}

/** An error shaped like Baileys' Boom disconnect errors. */
export function disconnectError(statusCode: number, message = "Connection closed"): Error {
  return Object.assign(new Error(message), { output: { statusCode }, isBoom: true });
}

/**
 * The real WhatsApp socket (network). Baileys is loaded on first use, not at boot. `url`
 * replaces WhatsApp's websocket address (WA_WEB_SOCKET_URL, for tests against a local
 * endpoint); the current WhatsApp Web version is then not asked of WhatsApp's site either.
 */
export const realSocketFactory =
  (options: { url?: string } = {}): SocketFactory =>
  async ({ auth, logger, getMessage }) => {
    const baileys = await baileysLibrary();
    // Baileys is chatty: at most warnings, and never louder than our own level.
    const log = logger.child(
      { module: "baileys" },
      { level: logger.levelVal > 40 ? logger.level : "warn" },
    );
    const latest = options.url
      ? undefined
      : await baileys
          .fetchLatestWaWebVersion({ signal: AbortSignal.timeout(5000) })
          .catch(() => undefined);
    const sock = baileys.makeWASocket({
      ...(options.url && { waWebSocketUrl: options.url }),
      auth: { creds: auth.creds, keys: baileys.makeCacheableSignalKeyStore(auth.keys, log) },
      logger: log,
      ...(latest?.version && { version: latest.version }),
      browser: baileys.Browsers.ubuntu("Atrium"),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // Our own sends are recorded by the outbound job; echoing them would duplicate messages.
      emitOwnEvents: false,
      generateHighQualityLinkPreview: false,
      getMessage,
    });
    return {
      ev: sock.ev,
      get user() {
        return sock.user ?? undefined;
      },
      sendMessage: (jid, content, options) => sock.sendMessage(jid, content, options),
      readMessages: (keys) => sock.readMessages(keys),
      sendPresenceUpdate: (type, jid) => sock.sendPresenceUpdate(type, jid),
      profilePictureUrl: (jid, type) => sock.profilePictureUrl(jid, type),
      onWhatsApp: (...jids) => sock.onWhatsApp(...jids),
      requestPairingCode: (phone) => sock.requestPairingCode(phone),
      groupSubject: async (jid) => (await sock.groupMetadata(jid)).subject,
      pnForLid: (lid) => sock.signalRepository.lidMapping.getPNForLID(lid),
      downloadMedia: (message) =>
        baileys.downloadMediaMessage(
          message,
          "buffer",
          {},
          { logger: log, reuploadRequest: sock.updateMediaMessage },
        ),
      logout: () => sock.logout(),
      end: (error) => void sock.end(error),
    };
  };
