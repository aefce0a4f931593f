import { and, eq } from "drizzle-orm";
import { can } from "@atrium/shared";
import type { Db } from "../../db/client.js";
import { connections } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { FakeSockets } from "../../channels/baileys/fake-socket.js";
import type { ChannelRegistry } from "../../channels/channel.js";
import type { BaileysSessionManager } from "../../channels/baileys/manager.js";
import type { Actor } from "../auth/actor.js";
import { presentConnections } from "../connections/connections.presenter.js";
import type { ConnectionsService } from "../connections/connections.service.js";
import type { FileSigner } from "../../lib/storage.js";
import { authorize } from "../users/users.policy.js";

/** Statuses a restart is still on its way from. */
const SETTLING = new Set(["OPENING"]);

/**
 * The session buttons of the connections page (start / new QR / disconnect) and the operator's
 * restart. Admins act on their company's connections; the session runs on its owner node.
 */
export class WhatsAppSessionsService {
  constructor(
    private readonly db: Db,
    readonly sessions: BaileysSessionManager,
    private readonly connections: ConnectionsService,
    private readonly signer: FileSigner,
    private readonly channels: ChannelRegistry,
    private readonly options: { restartWaitMs?: number; fakes?: FakeSockets } = {},
  ) {}

  /** The fake sockets, when BAILEYS_FAKE is on (browser tests, server tests). */
  get fakes(): FakeSockets | undefined {
    return this.options.fakes;
  }

  /** "Try again" (or the first start): with the saved creds; `phoneNumber` asks a pairing code. */
  async start(actor: Actor, id: number, phoneNumber?: string): Promise<void> {
    const row = await this.actionableConnection(actor, id);
    // Other channels have no device session: "try again" checks their credentials again.
    if (row.channelType !== "BAILEYS") return this.adapterOf(row.channelType).start(row);
    await this.sessions.command(row, {
      type: "start",
      connectionId: id,
      pairingPhone: phoneNumber,
    });
  }

  /** "New QR": drops the saved creds and starts over. */
  async newQr(actor: Actor, id: number): Promise<void> {
    const row = await this.sessionConnection(actor, id);
    await this.sessions.command(row, { type: "newQr", connectionId: id });
  }

  /** "Disconnect": logs the device out and clears the saved state. */
  async disconnect(actor: Actor, id: number): Promise<void> {
    const row = await this.actionableConnection(actor, id);
    if (row.channelType !== "BAILEYS") return this.adapterOf(row.channelType).stop(row);
    await this.sessions.command(row, { type: "logout", connectionId: id });
  }

  /**
   * Operator restart (super users): restarts the session of a company's connection and answers
   * the connection once it has settled (or after the wait), so the caller sees its status.
   */
  async restart(actor: Actor, id: number, companyId: number) {
    if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
    const row = await this.connections.findRow(companyId, id);
    assertBaileys(row.channelType);
    await this.sessions.command(row, { type: "restart", connectionId: id });
    const deadline = Date.now() + (this.options.restartWaitMs ?? 15_000);
    let current = row;
    do {
      await new Promise((r) => setTimeout(r, 100));
      [current = row] = await this.db
        .select()
        .from(connections)
        .where(and(eq(connections.id, id), eq(connections.companyId, companyId)));
    } while (SETTLING.has(current.status) && Date.now() < deadline);
    return (await presentConnections(this.db, this.signer, [current], actor))[0]!;
  }

  private async sessionConnection(actor: Actor, id: number) {
    const row = await this.actionableConnection(actor, id);
    assertBaileys(row.channelType);
    return row;
  }

  private async actionableConnection(actor: Actor, id: number) {
    authorize(can(actor, "connections-page:actionButtons"));
    return this.connections.findRow(actor.companyId, id);
  }

  private adapterOf(channelType: string) {
    const adapter = this.channels.get(channelType);
    if (!adapter) throw new AppError("ERR_CHANNEL_HAS_NO_SESSION");
    return adapter;
  }
}

function assertBaileys(channelType: string) {
  if (channelType !== "BAILEYS") throw new AppError("ERR_CHANNEL_HAS_NO_SESSION");
}
