import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { can, type connectionSchema, type Permission } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { connectionQueues, connections, queues, tickets } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { assertWithinLimit } from "../plans/limits.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import { resolveChannelConfig } from "../../channels/meta/meta.config.js";
import { presentConnections } from "./connections.presenter.js";

type ConnectionRow = typeof connections.$inferSelect;
type ConnectionInput = z.output<typeof connectionSchema>;

/** Greeting type follows from what exists (agent-core §4). */
export function greetingTypeOf(
  hasFile: boolean,
  greeting: string,
): "FILE_AND_MESSAGE" | "FILE" | "MESSAGE" {
  if (hasFile && greeting.trim()) return "FILE_AND_MESSAGE";
  return hasFile ? "FILE" : "MESSAGE";
}

/** Channels that need no session: usable as soon as they are created. */
const SESSIONLESS = new Set(["WEB_CHAT"]);

export class ConnectionsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
  ) {}

  async list(actor: Actor) {
    const rows = await this.db
      .select()
      .from(connections)
      .where(eq(connections.companyId, actor.companyId))
      .orderBy(asc(connections.name));
    return presentConnections(this.db, this.files.signer, rows, actor);
  }

  async findRow(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ConnectionRow> {
    const [row] = await tx
      .select()
      .from(connections)
      .where(and(eq(connections.id, id), eq(connections.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }

  async get(actor: Actor, id: number) {
    return this.present(actor, await this.findRow(actor.companyId, id));
  }

  async create(actor: Actor, input: ConnectionInput) {
    this.require(actor, "connections-page:addConnection");
    this.checkGreeting(input);
    const config = await resolveChannelConfig(this.db, input.channelType, input.config);
    const companyId = actor.companyId;
    const row = await this.db
      .transaction(async (tx) => {
        await assertWithinLimit(tx, companyId, input.channelType);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(connections)
          .where(eq(connections.companyId, companyId));
        const isDefault = input.isDefault || n === 0;
        if (isDefault)
          await tx
            .update(connections)
            .set({ isDefault: false })
            .where(eq(connections.companyId, companyId));
        const [created] = await tx
          .insert(connections)
          .values({
            companyId,
            ...this.fields(input),
            config,
            channelType: input.channelType,
            isDefault,
            status: SESSIONLESS.has(input.channelType) ? "CONNECTED" : "DISCONNECTED",
            greetingMessageType: greetingTypeOf(false, input.greetingMessage),
          })
          .returning();
        await this.setQueues(tx, companyId, created!.id, input.queueIds);
        return created!;
      })
      .catch(rethrowDuplicateName);
    return this.publishAndPresent(actor, row);
  }

  async update(actor: Actor, id: number, input: ConnectionInput) {
    this.require(actor, "connections-page:editOrDeleteConnection");
    this.checkGreeting(input);
    const before = await this.findRow(actor.companyId, id);
    const config = await resolveChannelConfig(this.db, before.channelType, input.config, before);
    const row = await this.db
      .transaction(async (tx) => {
        if (input.isDefault && !before.isDefault) {
          await tx
            .update(connections)
            .set({ isDefault: false })
            .where(eq(connections.companyId, actor.companyId));
        }
        if (!input.isDefault && before.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
        const [updated] = await tx
          .update(connections)
          .set({
            ...this.fields(input),
            config,
            isDefault: input.isDefault,
            greetingMessageType: greetingTypeOf(before.fileId !== null, input.greetingMessage),
          })
          .where(eq(connections.id, id))
          .returning();
        await this.setQueues(tx, actor.companyId, id, input.queueIds);
        return updated!;
      })
      .catch(rethrowDuplicateName);
    return this.publishAndPresent(actor, row);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    this.require(actor, "connections-page:editOrDeleteConnection");
    const row = await this.findRow(actor.companyId, id);
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.connectionId, id));
    // Deleting would delete its conversations: refuse, history is never lost silently.
    if (n > 0) {
      throw new AppError(
        "ERR_CONNECTION_HAS_TICKETS",
        "This connection has conversations; disconnect it instead of deleting it",
      );
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(connections).where(eq(connections.id, id));
      if (row.isDefault) {
        const [next] = await tx
          .select({ id: connections.id })
          .from(connections)
          .where(and(eq(connections.companyId, actor.companyId), ne(connections.id, id)))
          .orderBy(asc(connections.id))
          .limit(1);
        if (next)
          await tx.update(connections).set({ isDefault: true }).where(eq(connections.id, next.id));
      }
    });
    if (row.fileId) await this.files.remove(actor.companyId, row.fileId);
    this.publisher.connectionDeleted(actor.companyId, id);
  }

  async attachFile(actor: Actor, id: number, file: IncomingFile) {
    this.require(actor, "connections-page:editOrDeleteConnection");
    const before = await this.findRow(actor.companyId, id);
    const saved = await this.files.save(actor.companyId, file, actor.id);
    const [row] = await this.db
      .update(connections)
      .set({ fileId: saved.id, greetingMessageType: greetingTypeOf(true, before.greetingMessage) })
      .where(eq(connections.id, id))
      .returning();
    if (before.fileId) await this.files.remove(actor.companyId, before.fileId);
    return this.publishAndPresent(actor, row!);
  }

  async removeFile(actor: Actor, id: number) {
    this.require(actor, "connections-page:editOrDeleteConnection");
    const before = await this.findRow(actor.companyId, id);
    const [row] = await this.db
      .update(connections)
      .set({ fileId: null, greetingMessageType: greetingTypeOf(false, before.greetingMessage) })
      .where(eq(connections.id, id))
      .returning();
    if (before.fileId) await this.files.remove(actor.companyId, before.fileId);
    return this.publishAndPresent(actor, row!);
  }

  /** Publishes to the company and answers the caller's view of the connection. */
  private async publishAndPresent(actor: Actor, row: ConnectionRow) {
    // Live event without secrets: every agent of the company receives it.
    const [forAgents] = await presentConnections(this.db, this.files.signer, [row], {
      ...actor,
      profile: "user",
    });
    this.publisher.connectionChanged(row.companyId, forAgents!);
    return this.present(actor, row);
  }

  /**
   * A session change reported by a channel adapter (status, QR code, retries, number): saved,
   * then pushed on company-{id}-whatsappSession and company-{id}-whatsapp, without secrets.
   */
  /**
   * THE writer of a connection's session state (Baileys sessions, Meta token checks): saves it
   * and pushes it on company-{id}-whatsappSession (QR and pairing codes to admins only) and the
   * agents' view on company-{id}-whatsapp.
   */
  async setStatus(
    connection: Pick<ConnectionRow, "id" | "companyId">,
    patch: Partial<Pick<ConnectionRow, "status" | "qrcode" | "retries" | "number">>,
    pairingCode?: string,
  ): Promise<ConnectionRow | undefined> {
    // Connected again: the incident is over and the lanes may probe at once.
    const recovered =
      patch.status === "CONNECTED"
        ? { incidentReason: null, incidentAt: null, sendPausedUntil: null }
        : {};
    const [row] = await this.db
      .update(connections)
      .set({ ...patch, ...recovered, updatedAt: new Date() })
      .where(
        and(eq(connections.id, connection.id), eq(connections.companyId, connection.companyId)),
      )
      .returning();
    if (!row) return undefined;
    this.publisher.whatsappSessionChanged(row.companyId, {
      id: row.id,
      name: row.name,
      channelType: row.channelType,
      status: row.status,
      qrcode: row.qrcode,
      retries: row.retries,
      number: row.number,
      updatedAt: row.updatedAt.toISOString(),
      ...(pairingCode && { pairingCode }),
    });
    const [forAgents] = await presentConnections(this.db, this.files.signer, [row], "agents");
    this.publisher.connectionChanged(row.companyId, forAgents!);
    return row;
  }

  private async present(actor: Actor, row: ConnectionRow) {
    return (await presentConnections(this.db, this.files.signer, [row], actor))[0]!;
  }

  private fields(input: ConnectionInput) {
    return {
      name: input.name,
      greetingMessage: input.greetingMessage,
      complationMessage: input.complationMessage,
      outOfHoursMessage: input.outOfHoursMessage,
      ratingMessage: input.ratingMessage,
      transferMessage: input.transferMessage,
      token: input.token,
      provider: input.provider,
      config: input.config,
    };
  }

  private checkGreeting(input: ConnectionInput) {
    if (input.queueIds.length > 1 && !input.greetingMessage.trim()) {
      throw new AppError("ERR_WAPP_GREETING_REQUIRED");
    }
  }

  private require(actor: Actor, permission: Permission) {
    authorize(can(actor, permission));
  }

  private async setQueues(tx: DbOrTx, companyId: number, connectionId: number, queueIds: number[]) {
    const unique = [...new Set(queueIds)];
    if (unique.length) {
      const found = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, unique)));
      if (found.length !== unique.length) throw new AppError("ERR_NO_QUEUE_FOUND");
    }
    await tx.delete(connectionQueues).where(eq(connectionQueues.connectionId, connectionId));
    if (unique.length) {
      await tx
        .insert(connectionQueues)
        .values(unique.map((queueId) => ({ connectionId, queueId, companyId })));
    }
  }
}

function rethrowDuplicateName(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError("ERR_VALIDATION", "A connection with this name already exists", {
      name: "Duplicated",
    });
  }
  throw err;
}
