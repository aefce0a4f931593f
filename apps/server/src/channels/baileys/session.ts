import type { ConnectionState, WAMessage, proto } from "baileys";
import { incidentReason } from "@atrium/shared";
import type { Logger } from "../../lib/logger.js";
import type { SessionStateStore, DbAuthState } from "./auth-state.js";
import { jidUser } from "./mapper.js";
import { disconnectCode, type BaileysEvents, type SocketFactory, type WaSocket } from "./socket.js";

export type SessionStatus =
  "qrcode" | "PAIRING" | "OPENING" | "CONNECTED" | "DISCONNECTED" | "TIMEOUT";

export interface StatusChange {
  status: SessionStatus;
  qrcode: string;
  retries: number;
  number?: string;
  pairingCode?: string;
}

/** QR codes shown before giving up with TIMEOUT (Baileys renews one about every 20 s). */
export const MAX_QR_CODES = 5;

// DisconnectReason: the phone logged out (401), account banned (403), corrupt session (500),
// device list mismatch (411). The saved creds are useless: drop them, never reconnect.
const FATAL = new Set([401, 403, 411, 500]);
const REPLACED = 440; // another client took this session: stop, keep creds, do not fight it
const RESTART_REQUIRED = 515; // normal right after pairing
const QR_ENDED = 408;

/** A reconnect loop: this many closes within RECONNECT_LOOP_MS raise an incident. */
export const RECONNECT_LOOP_COUNT = 5;
export const RECONNECT_LOOP_MS = 10 * 60_000;

/** Why a paired session stopped, in the words of the alert. */
/** The incident a close code means (shared CONNECTION_INCIDENTS; shown translated). */
function incidentOf(code: number): string {
  if (code === 401) return incidentReason("loggedOut");
  if (code === 403) return incidentReason("banned");
  if (code === REPLACED) return incidentReason("replaced");
  return incidentReason("lost", code);
}

export interface SessionDeps {
  factory: SocketFactory;
  store: SessionStateStore;
  logger: Logger;
  /** Saves the connection's status and pushes it to the company. */
  setStatus(change: StatusChange): Promise<void>;
  /** Message events (upserts, updates, reactions…) of this session's socket. */
  onEvents(session: BaileysSession, events: BaileysEvents): Promise<void>;
  /** Called when the session stops for good (logged out, timeout, replaced). */
  onHalt(session: BaileysSession): void;
  /** A paired session went down in a way a person must see (disconnect alerts). */
  onIncident?(reason: string): Promise<void>;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
}

/**
 * One WhatsApp session (one connection) on this node: socket lifecycle, QR/pairing, status
 * machine qrcode → PAIRING/OPENING → CONNECTED, TIMEOUT, DISCONNECTED, and reconnects with
 * exponential backoff and jitter on transient closes.
 */
export class BaileysSession {
  socket: WaSocket | undefined;
  status: SessionStatus = "OPENING";
  /**
   * Messages this node sent lately, by id: their echoes are not new messages, and WhatsApp's
   * retry requests (a phone that could not decrypt one) are answered with their content.
   */
  readonly ownSends = new Map<string, proto.IMessage | undefined>();
  private auth: DbAuthState | undefined;
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private qrCount = 0;
  private attempt = 0;
  private pairingRequested = false;
  /** When the latest transient closes happened (reconnect-loop detection). */
  private closes: number[] = [];

  constructor(
    readonly companyId: number,
    readonly connectionId: number,
    private readonly deps: SessionDeps,
    private readonly pairingPhone?: string,
  ) {}

  get open(): boolean {
    return this.status === "CONNECTED" && Boolean(this.socket);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.auth = await this.deps.store.load(this.companyId, this.connectionId);
    const socket = await this.deps.factory({
      companyId: this.companyId,
      connectionId: this.connectionId,
      auth: this.auth.state,
      logger: this.deps.logger,
      getMessage: async (key) => (key.id ? this.ownSends.get(key.id) : undefined),
    });
    if (this.stopped) {
      socket.end();
      return;
    }
    this.socket = socket;
    this.unsubscribe = socket.ev.process((events) => this.handle(socket, events));
  }

  /** Ends the socket without logging out (shutdown, restart, another node takes over). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.detach()?.end();
  }

  /** Logs the device out of WhatsApp (best effort) and drops the saved creds. */
  async logout(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.detach();
    if (socket) {
      await socket.logout().catch(() => undefined);
      socket.end();
    }
    await this.deps.store.clear(this.connectionId);
  }

  trackOwnSend(id: string, message?: proto.IMessage | null): void {
    this.ownSends.set(id, message ?? undefined);
    if (this.ownSends.size > 500) this.ownSends.delete(this.ownSends.keys().next().value!);
  }

  private detach(): WaSocket | undefined {
    const socket = this.socket;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.socket = undefined;
    return socket;
  }

  private async handle(socket: WaSocket, events: BaileysEvents): Promise<void> {
    if (socket !== this.socket) return; // a replaced socket's late events
    try {
      if (events["creds.update"]) await this.auth?.saveCreds();
      if (events["connection.update"]) await this.onConnection(socket, events["connection.update"]);
      await this.deps.onEvents(this, events);
    } catch (err) {
      this.deps.logger.warn({ err, connectionId: this.connectionId }, "baileys event failed");
    }
  }

  private async onConnection(socket: WaSocket, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) await this.onQr(socket, update.qr);
    if (update.connection === "open") {
      this.attempt = 0;
      this.qrCount = 0;
      this.status = "CONNECTED";
      await this.deps.setStatus({
        status: "CONNECTED",
        qrcode: "",
        retries: 0,
        number: jidUser(socket.user?.id),
      });
    }
    if (update.connection === "close" && !this.stopped) {
      await this.onClose(disconnectCode(update.lastDisconnect?.error));
    }
  }

  private async onQr(socket: WaSocket, qr: string): Promise<void> {
    this.qrCount++;
    if (this.qrCount > MAX_QR_CODES) {
      await this.halt("TIMEOUT");
      return;
    }
    if (this.pairingPhone) {
      // Pairing-code login: the code is asked for once the socket is ready (first QR event).
      if (this.pairingRequested) return;
      this.pairingRequested = true;
      const pairingCode = await socket.requestPairingCode(this.pairingPhone);
      this.status = "PAIRING";
      await this.deps.setStatus({
        status: "PAIRING",
        qrcode: "",
        retries: this.qrCount,
        pairingCode,
      });
      return;
    }
    this.status = "qrcode";
    await this.deps.setStatus({ status: "qrcode", qrcode: qr, retries: this.qrCount });
  }

  private async onClose(code: number | undefined): Promise<void> {
    const socket = this.detach();
    socket?.end();
    // Paired now or before (creds of a logged-in device): a person must hear of its loss.
    const paired = Boolean(this.auth?.registered || this.auth?.state.creds.me?.id);
    if (code !== undefined && FATAL.has(code)) {
      await this.deps.store.clear(this.connectionId);
      await this.halt("DISCONNECTED");
      if (paired) await this.incident(incidentOf(code));
      return;
    }
    if (code === REPLACED) {
      await this.halt("DISCONNECTED");
      await this.incident(incidentOf(code));
      return;
    }
    if (code !== RESTART_REQUIRED && paired) {
      const now = Date.now();
      this.closes = [...this.closes.filter((t) => now - t < RECONNECT_LOOP_MS), now];
      // Told once when the loop is found (further closes of the same loop say nothing).
      if (this.closes.length === RECONNECT_LOOP_COUNT) {
        await this.incident(incidentReason("reconnectLoop", this.closes.length));
      }
    }
    if (code === QR_ENDED && !this.auth?.registered && this.qrCount > 0) {
      await this.halt("TIMEOUT");
      return;
    }
    const delay = code === RESTART_REQUIRED ? 0 : this.backoff();
    if (this.status !== "OPENING") {
      this.status = "OPENING";
      await this.deps.setStatus({ status: "OPENING", qrcode: "", retries: this.qrCount });
    }
    this.timer = setTimeout(() => void this.reconnect(), delay);
    this.timer.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.start();
    } catch (err) {
      this.deps.logger.warn({ err, connectionId: this.connectionId }, "baileys reconnect failed");
      this.timer = setTimeout(() => void this.reconnect(), this.backoff());
      this.timer.unref();
    }
  }

  /** Exponential backoff with full jitter between half and all of the step. */
  private backoff(): number {
    const step = Math.min(this.deps.reconnectMaxMs, this.deps.reconnectBaseMs * 2 ** this.attempt);
    this.attempt++;
    return Math.round(step / 2 + Math.random() * (step / 2));
  }

  private async incident(reason: string): Promise<void> {
    await this.deps
      .onIncident?.(reason)
      .catch((err: unknown) =>
        this.deps.logger.warn({ err, connectionId: this.connectionId }, "incident not recorded"),
      );
  }

  private async halt(status: SessionStatus): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.detach()?.end();
    this.status = status;
    await this.deps.setStatus({ status, qrcode: "", retries: this.qrCount });
    this.deps.onHalt(this);
  }
}

export type { WAMessage };
