import type { Server as HttpServer, IncomingMessage } from "node:http";
import { eq, inArray } from "drizzle-orm";
import { isAdmin, SOCKET_PING_TIMEOUT_MS, clientEvents } from "@atrium/shared";
import { Server } from "socket.io";
import type { Db } from "../db/client.js";
import { tickets } from "../db/schema/index.js";
import type { VerifyAccessToken } from "../http/authenticate.js";
import { AppError } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";
import { loadActor, type Actor, type ActorCache } from "../modules/auth/actor.js";
import { canViewTicket } from "../modules/tickets/tickets.policy.js";
import { corkPerTick } from "./cork.js";
import { isOriginAllowed, type OriginPolicy } from "./origins.js";
import type { Presence } from "./presence.js";
import type { Publisher } from "./publish.js";
import { rooms } from "./rooms.js";
import { createBatchingAdapter, jsonParser } from "./redis-batches.js";

export interface GatewayDeps {
  db: Db;
  actors: ActorCache;
  verify: VerifyAccessToken;
  publisher: Publisher;
  presence: Presence;
  logger: Logger;
  /** An agent typing in a ticket (relayed to channels that show it). */
  onTyping?: (actor: Actor, ticketId: number, on: boolean) => Promise<void>;
  /** Redis clients for the adapter (several nodes); absent → in-memory adapter. */
  redis?: { pub: unknown; sub: unknown };
  /** Which browser origins may open the agents' socket. */
  origins: OriginPolicy;
}

interface SocketData {
  actor: Actor;
  /** Tickets opened with joinChatBox, kept across room resyncs while still visible. */
  ticketIds: Set<number>;
}

/** The rooms a socket belongs to, derived from the database, never from the client. */
function actorRooms(actor: Actor): string[] {
  const list = [
    rooms.company(actor.companyId),
    rooms.user(actor.companyId, actor.id),
    rooms.userAny(actor.id),
    rooms.session(actor.sessionId),
    rooms.everyone(),
    ...actor.queueIds.map((q) => rooms.queue(actor.companyId, q)),
  ];
  if (isAdmin(actor)) list.push(rooms.admins(actor.companyId));
  if (actor.super) list.push(rooms.supers());
  return list;
}

export function createGateway(httpServer: HttpServer, deps: GatewayDeps): Server {
  const io = new Server<
    Record<string, never>,
    Record<string, never>,
    Record<string, never>,
    SocketData
  >(httpServer, {
    transports: ["websocket"],
    pingTimeout: SOCKET_PING_TIMEOUT_MS,
    serveClient: false,
    cors: { origin: true, credentials: true },
  });
  if (deps.redis)
    io.adapter(
      createBatchingAdapter(
        deps.redis.pub as never,
        deps.redis.sub,
        { parser: jsonParser },
        (err) => deps.logger.warn({ err }, "realtime events not sent to the other nodes (Redis)"),
      ),
    );
  // Every namespace's sockets (agents' and visitors'): websocket only, one TCP socket each.
  io.engine.on("connection", (conn: { request: IncomingMessage }) => {
    corkPerTick(conn.request.socket);
  });

  // The agents' namespace only; the visitors' one (/webchat) stays open to every site.
  io.use(async (socket, next) => {
    try {
      const { origin, host } = socket.handshake.headers;
      if (!(await isOriginAllowed(deps.origins, origin, host))) {
        throw new AppError("ERR_ORIGIN_NOT_ALLOWED");
      }
      // The handshake's auth only: a token in the query string ends up in access logs.
      const raw: unknown = socket.handshake.auth?.token;
      if (typeof raw !== "string" || !raw) throw new AppError("ERR_SESSION_EXPIRED");
      socket.data.actor = await deps.actors.load(deps.db, deps.verify(raw.replace(/^Bearer /, "")));
      next();
    } catch (err) {
      const code = err instanceof AppError ? err.code : "ERR_SESSION_EXPIRED";
      const refusal = new Error(code) as Error & { data?: unknown };
      refusal.data = { error: code };
      next(refusal);
    }
  });

  io.on("connection", (socket) => {
    const actor = socket.data.actor;
    socket.data.ticketIds = new Set();
    void socket.join(actorRooms(actor));
    deps.presence.connected(actor.id);
    const log = deps.logger.child({ userId: actor.id, companyId: actor.companyId });
    const safely =
      <A extends unknown[]>(fn: (...args: A) => Promise<void> | void) =>
      (...args: A) => {
        Promise.resolve(fn(...args)).catch((err) => log.warn({ err }, "socket handler failed"));
      };

    // Rooms are already joined from the database; these events exist for the client contract.
    socket.on(clientEvents.joinNotification, () => undefined);
    socket.on(clientEvents.joinTickets, () => undefined);
    socket.on(clientEvents.leaveTickets, () => undefined);

    socket.on(
      clientEvents.joinChatBox,
      safely(async (ticketId: unknown) => {
        const id = Number(ticketId);
        if (!Number.isInteger(id) || id <= 0) return;
        const [ticket] = await deps.db.select().from(tickets).where(eq(tickets.id, id));
        if (ticket && canViewTicket(socket.data.actor, ticket)) {
          socket.data.ticketIds.add(ticket.id);
          await socket.join(rooms.ticket(ticket.companyId, ticket.id));
        }
      }),
    );
    socket.on(clientEvents.leftChatBox, (ticketId: unknown) => {
      const id = Number(ticketId);
      if (!Number.isInteger(id)) return;
      socket.data.ticketIds.delete(id);
      void socket.leave(rooms.ticket(socket.data.actor.companyId, id));
    });

    socket.on(
      "typing",
      safely(async (payload: unknown) => {
        const { ticketId, on } = (payload ?? {}) as { ticketId?: unknown; on?: unknown };
        const id = Number(ticketId);
        if (Number.isInteger(id) && id > 0)
          await deps.onTyping?.(socket.data.actor, id, on !== false);
      }),
    );

    socket.on(
      clientEvents.userStatus,
      safely(() => deps.presence.seen(actor.id)),
    );

    // Another tab of the user on this node keeps them online; otherwise, unless a socket of
    // theirs opens again (any node) within the grace period, they go offline — at once when
    // the server cut the socket because the session ended (logout, revocation).
    socket.on("disconnect", (reason) => {
      const room = rooms.userAny(actor.id);
      if (io.of("/").adapter.rooms.get(room)?.size) return;
      deps.presence.disconnected(
        actor.id,
        async () => (await io.in(room).fetchSockets()).length > 0,
        reason === "server namespace disconnect" ? 0 : undefined,
      );
    });
  });

  /** Rejoins this node's sockets of a user to the rooms their current membership gives. */
  const resyncLocal = async (userId: number) => {
    for (const socket of io.of("/").sockets.values()) {
      if (socket.data.actor?.id !== userId) continue;
      try {
        // Read afresh: another node's notice of the change may not have come yet.
        const actor = await loadActor(deps.db, { sub: userId, sid: socket.data.actor.sessionId });
        socket.data.actor = actor;
        const keep = new Set(actorRooms(actor));
        // Open tickets stay live unless the change took away the right to see them.
        const opened = [...socket.data.ticketIds];
        const stillVisible = opened.length
          ? (await deps.db.select().from(tickets).where(inArray(tickets.id, opened))).filter((t) =>
              canViewTicket(actor, t),
            )
          : [];
        socket.data.ticketIds = new Set(stillVisible.map((t) => t.id));
        for (const t of stillVisible) keep.add(rooms.ticket(t.companyId, t.id));
        for (const room of socket.rooms) {
          if (room !== socket.id && !keep.has(room)) void socket.leave(room);
        }
        await socket.join([...keep]);
      } catch {
        socket.disconnect(true);
      }
    }
  };
  // Other nodes ask this one to resync its sockets (only with the Redis adapter).
  io.on("resyncUser" as never, (userId: number) => void resyncLocal(userId));

  deps.publisher.attach(io as unknown as Server, async (userId) => {
    await resyncLocal(userId);
    if (deps.redis) io.serverSideEmit("resyncUser" as never, userId as never);
  });
  return io as unknown as Server;
}
