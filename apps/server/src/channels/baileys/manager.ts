import { and, eq } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import {
  channelSessionState,
  companies,
  connections,
  instances,
  messages,
} from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { ConnectionsService } from "../../modules/connections/connections.service.js";
import type { Outbound } from "../outbound.js";
import type { SessionStateStore } from "./auth-state.js";
import type { BaileysEventsHandler } from "./events.js";
import { BaileysSession, type StatusChange } from "./session.js";
import type { SocketFactory } from "./socket.js";
import { runSocketAction, type SocketAction } from "./socket-actions.js";

/** What one node asks the node owning a company's sessions to do. */
export type SessionCommand =
  | { type: "start"; connectionId: number; pairingPhone?: string }
  | { type: "newQr"; connectionId: number }
  | { type: "logout"; connectionId: number }
  | { type: "restart"; connectionId: number }
  | { type: "deliver"; connectionId: number; messageId: number; bulk?: boolean }
  | { type: "retryMedia"; connectionId: number; messageId: number }
  | SocketAction;

export interface SessionManagerOptions {
  factory: SocketFactory;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  /** A paired session went down (logout, ban, taken over, reconnect loop): alert the admins. */
  onIncident?: (connection: ConnectionRef, reason: string) => Promise<void>;
}

type ConnectionRef = { id: number; companyId: number };

/**
 * The WhatsApp (Baileys) sessions of this node. A company's sessions run only on the node whose
 * INSTANCE_ID is the `nodeId` of the company's instance (a company without an instance belongs
 * to whichever node serves it: single-node installs). A command for a session owned by another
 * node is forwarded through that node's own pg-boss queue (`baileys.node.<INSTANCE_ID>`), so it
 * is durable and runs exactly once, on the right process.
 */
export class BaileysSessionManager {
  private readonly sessions = new Map<number, BaileysSession>();
  private events: BaileysEventsHandler | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly jobs: Jobs,
    private readonly store: SessionStateStore,
    private readonly statuses: Pick<ConnectionsService, "setStatus">,
    private readonly outbound: Outbound,
    private readonly logger: Logger,
    private readonly options: SessionManagerOptions,
  ) {}

  static queueOf(nodeId: string): string {
    return `baileys.node.${nodeId.replace(/[^A-Za-z0-9_.-]/g, "_")}`;
  }

  /** Listens to this node's command queue. */
  async init(events: BaileysEventsHandler): Promise<void> {
    this.events = events;
    await this.jobs.register<SessionCommand>(
      BaileysSessionManager.queueOf(this.config.INSTANCE_ID),
      (command) => this.runForwarded(command),
      { retryLimit: 0 },
    );
  }

  /** The running session of a connection on this node. */
  local(connectionId: number): BaileysSession | undefined {
    return this.sessions.get(connectionId);
  }

  async ownerNode(companyId: number): Promise<string> {
    const [row] = await this.db
      .select({ nodeId: instances.nodeId })
      .from(companies)
      .leftJoin(instances, eq(instances.id, companies.instanceId))
      .where(eq(companies.id, companyId));
    return row?.nodeId ?? this.config.INSTANCE_ID;
  }

  /** Runs a command here when this node owns the company, else forwards it to the owner. */
  async command(connection: ConnectionRef, command: SessionCommand): Promise<void> {
    const owner = await this.ownerNode(connection.companyId);
    if (owner === this.config.INSTANCE_ID) {
      await this.run(connection, command);
      return;
    }
    await this.forward(owner, command);
  }

  private async forward(
    owner: string,
    command: SessionCommand,
    options: { singletonKey?: string } = {},
  ) {
    const queue = BaileysSessionManager.queueOf(owner);
    await this.jobs.ensureQueue(queue, { retryLimit: 0 });
    await this.jobs.send(queue, command, options);
  }

  private async runForwarded(command: SessionCommand): Promise<void> {
    const [connection] = await this.db
      .select({ id: connections.id, companyId: connections.companyId })
      .from(connections)
      .where(eq(connections.id, command.connectionId));
    if (!connection) return;
    if (command.type === "retryMedia") {
      // Thrown errors make pg-boss try again later, with backoff.
      await this.retryMedia(command.messageId, connection.id);
      return;
    }
    await this.run(connection, command).catch((err) =>
      this.logger.warn({ err, command }, "forwarded session command failed"),
    );
  }

  private async run(connection: ConnectionRef, command: SessionCommand): Promise<void> {
    switch (command.type) {
      case "start":
        return this.startLocal(connection, { pairingPhone: command.pairingPhone });
      case "restart":
        return this.startLocal(connection, {});
      case "newQr":
        return this.startLocal(connection, { fresh: true });
      case "logout":
        return this.logoutLocal(connection);
      case "deliver":
        await this.outbound.sendNow(command.messageId, { bulk: command.bulk });
        return;
      case "retryMedia":
        return this.retryMedia(command.messageId, connection.id);
      case "revoke":
      case "read":
      case "presence":
        return runSocketAction(this.sessions.get(connection.id), command);
    }
  }

  /**
   * An agent's action on a conversation: on the session here, or queued to the owner node
   * (which answers nothing back: a revoke there is as sure as the owner's session).
   */
  async act(connection: ConnectionRef, action: SocketAction): Promise<void> {
    const session = this.sessions.get(connection.id);
    const owner = session ? this.config.INSTANCE_ID : await this.ownerNode(connection.companyId);
    if (owner === this.config.INSTANCE_ID) return runSocketAction(session, action);
    await this.forward(owner, action);
  }

  /** (Re)starts a session: with the saved creds, or from scratch (`fresh`: a new QR code). */
  private async startLocal(
    connection: ConnectionRef,
    opts: { fresh?: boolean; pairingPhone?: string },
  ): Promise<void> {
    this.sessions.get(connection.id)?.stop();
    this.sessions.delete(connection.id);
    if (opts.fresh) await this.store.clear(connection.id);
    const session = new BaileysSession(
      connection.companyId,
      connection.id,
      {
        factory: this.options.factory,
        store: this.store,
        logger: this.logger,
        setStatus: (change) => this.setStatus(connection, change),
        onEvents: (s, events) => this.events!.handle(s, events),
        onHalt: (s) => {
          if (this.sessions.get(connection.id) === s) this.sessions.delete(connection.id);
        },
        onIncident: async (reason) => this.options.onIncident?.(connection, reason),
        reconnectBaseMs: this.options.reconnectBaseMs ?? 2000,
        reconnectMaxMs: this.options.reconnectMaxMs ?? 60_000,
      },
      opts.pairingPhone,
    );
    this.sessions.set(connection.id, session);
    await this.setStatus(connection, { status: "OPENING", qrcode: "", retries: 0 });
    await session.start();
  }

  private async logoutLocal(connection: ConnectionRef): Promise<void> {
    const session = this.sessions.get(connection.id);
    this.sessions.delete(connection.id);
    if (session) await session.logout();
    else await this.store.clear(connection.id);
    await this.setStatus(connection, { status: "DISCONNECTED", qrcode: "", retries: 0 });
  }

  async retryMedia(messageId: number, connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session?.open) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    await this.events!.retryMedia(session, messageId);
  }

  /** Queues a later media download for a stored message, on the session's node. */
  async scheduleMediaRetry(session: BaileysSession, messageId: number): Promise<void> {
    await this.jobs.send(
      BaileysSessionManager.queueOf(this.config.INSTANCE_ID),
      { type: "retryMedia", connectionId: session.connectionId, messageId },
      {
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
        startAfter: new Date(Date.now() + 15_000),
      },
    );
  }

  /**
   * Sends through the owner node when the session is not here: the owner's outbound job
   * delivers and records the provider id, which this node waits for.
   */
  async deliverRemotely(connection: ConnectionRef, messageId: number, bulk = false) {
    const owner = await this.ownerNode(connection.companyId);
    if (owner === this.config.INSTANCE_ID) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    await this.forward(
      owner,
      { type: "deliver", connectionId: connection.id, messageId, bulk },
      { singletonKey: `deliver-${messageId}` },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const [row] = await this.db.select().from(messages).where(eq(messages.id, messageId));
      if (row?.providerMessageId) return { providerMessageId: row.providerMessageId, ack: row.ack };
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new AppError("ERR_SENDING_WAPP_MSG");
  }

  private async setStatus(connection: ConnectionRef, change: StatusChange): Promise<void> {
    const { pairingCode, number, ...state } = change;
    await this.statuses.setStatus(connection, { ...state, ...(number && { number }) }, pairingCode);
  }

  /**
   * At boot: every BAILEYS connection with saved creds whose company lives on this node starts
   * again. Runs in the background; one failing session does not stop the others.
   */
  async restoreOwned(): Promise<number> {
    const rows = await this.db
      .selectDistinct({
        id: connections.id,
        companyId: connections.companyId,
        nodeId: instances.nodeId,
      })
      .from(connections)
      .innerJoin(companies, eq(companies.id, connections.companyId))
      .leftJoin(instances, eq(instances.id, companies.instanceId))
      .innerJoin(
        channelSessionState,
        and(
          eq(channelSessionState.connectionId, connections.id),
          eq(channelSessionState.key, "creds"),
        ),
      )
      .where(and(eq(connections.channelType, "BAILEYS"), eq(companies.status, true)));
    const mine = rows.filter(
      (r) => (r.nodeId ?? this.config.INSTANCE_ID) === this.config.INSTANCE_ID,
    );
    for (const row of mine) {
      await this.startLocal(row, {}).catch((err) =>
        this.logger.warn({ err, connectionId: row.id }, "could not restore a WhatsApp session"),
      );
    }
    return mine.length;
  }

  /** Ends this node's sockets (shutdown): sessions stay paired and restart on the next boot. */
  stopAll(): void {
    for (const session of this.sessions.values()) session.stop();
    this.sessions.clear();
  }

  /** Ids of connections with a running session here (for diagnostics and tests). */
  running(): number[] {
    return [...this.sessions.keys()];
  }
}
