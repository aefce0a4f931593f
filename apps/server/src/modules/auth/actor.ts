import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normalizeProfile, type Profile } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { companies, plans, userQueues, userSessions, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { columnName } from "../../lib/sql.js";
import { companyAccessError } from "../companies/company-access.js";

/**
 * Who is calling. `companyId` is the company the user acts in: their own, or the company a
 * super user granted them support access to (selectedCompanyId). Every service scopes by it.
 */
export interface Actor {
  id: number;
  name: string;
  profile: Profile;
  super: boolean;
  companyId: number;
  homeCompanyId: number;
  /** Queues of the company the user acts in. */
  queueIds: number[];
  sessionId: string;
}

export interface AccessClaims {
  sub: number;
  sid: string;
}

type UserRow = typeof users.$inferSelect;

/** A column of atrium_actor's result, read the way `column` reads its own. */
const out = <C extends AnyPgColumn>(name: string, column: C) =>
  sql.raw(`"${name}"`).mapWith(column) as SQL<C["_"]["data"]>;
/** A column from a left-joined table (the plan, the session): null when there is no row. */
const maybe = <T>(field: SQL<T>) => field as SQL<T | null>;

/** The user row, column by column: atrium_actor returns the users table's columns first. */
const userFields = Object.fromEntries(
  Object.entries(getTableColumns(users)).map(([key, column]) => [
    key,
    out(columnName(column), column),
  ]),
) as { [K in keyof UserRow]: SQL<UserRow[K]> };

/**
 * The actor's lookup: migration 0014's atrium_actor, which keeps a generic plan (the pool
 * plans every other statement with its values; this one is primary keys only).
 */
function actorQuery(db: DbOrTx) {
  return db
    .select({
      user: userFields,
      queueIds: sql<number[]>`"queue_ids"`,
      companyStatus: out("company_status", companies.status),
      companyArchived: out("company_archived", companies.archived),
      companyDueDate: out("company_due_date", companies.dueDate),
      companyIsPlatform: out("company_is_platform", companies.isPlatform),
      graceDays: maybe(out("plan_grace_days", plans.graceDays)),
      revokedAt: maybe(out("session_revoked_at", userSessions.revokedAt)),
      revokedReason: maybe(out("session_revoked_reason", userSessions.revokedReason)),
      expiresAt: maybe(out("session_expires_at", userSessions.expiresAt)),
    })
    .from(sql`atrium_actor(${sql.placeholder("sid")}, ${sql.placeholder("sub")})`)
    .prepare("load_actor");
}

/** The user row each loaded actor was read from (the same request's; see userRowOf). */
const loadedUsers = new WeakMap<Actor, UserRow>();

/** The user row loadActor read for this actor, if it loaded it: /auth/me need not read it again. */
export function userRowOf(actor: Actor): UserRow | undefined {
  return loadedUsers.get(actor);
}

/** Built once per database handle (a transaction's is short-lived, so it is built each time). */
const actorQueries = new WeakMap<DbOrTx, ReturnType<typeof actorQuery>>();

/** What the actor's lookup reads: the user row, the queues, the company standing, the session. */
export type ActorRow = Awaited<ReturnType<ReturnType<typeof actorQuery>["execute"]>>[number];

async function readActorRow(db: DbOrTx, claims: AccessClaims): Promise<ActorRow | undefined> {
  let query = actorQueries.get(db);
  if (!query) actorQueries.set(db, (query = actorQuery(db)));
  const [row] = await query.execute({ sid: claims.sid, sub: claims.sub });
  return row;
}

/**
 * The actor a lookup's row gives, checked now: a dead session yields a session-lost code, a
 * blocked company its code (a due date passes with time, so the check runs on every call).
 */
function actorOf(row: ActorRow | undefined, claims: AccessClaims): Actor {
  if (!row) throw new AppError("SM00011");
  if (!row.expiresAt) throw new AppError("ERR_SESSION_EXPIRED");
  if (row.revokedAt) {
    throw new AppError(row.revokedReason === "replaced" ? "SM00014" : "ERR_SESSION_EXPIRED");
  }
  const blocked = companyAccessError(
    {
      status: row.companyStatus,
      archived: row.companyArchived,
      dueDate: row.companyDueDate,
      isPlatform: row.companyIsPlatform,
      graceDays: row.graceDays,
    },
    row.user.super,
  );
  if (blocked) throw new AppError(blocked);
  const actor = toActor(row.user, row.queueIds.map(Number), claims.sid);
  loadedUsers.set(actor, row.user);
  return actor;
}

/**
 * Loads the actor for a verified access token from the database; a dead session yields a
 * session-lost code. One query. Calls go through ActorCache.load; this reads afresh (a socket
 * told its user's membership changed).
 */
export async function loadActor(db: DbOrTx, claims: AccessClaims): Promise<Actor> {
  return actorOf(await readActorRow(db, claims), claims);
}

interface KeptActor {
  row: ActorRow;
  at: number;
}

/**
 * Actors' rows kept per session (user id and session id), so that an authenticated call or a
 * socket handshake costs no lookup: the lookup was a round trip and about a fifth of a ticket
 * page's database time (a tab 967 → 1,163 req/s, GET /auth/me 2,481 → 3,745 req/s with it
 * kept). A row is forgotten as soon as a change notice names its user (the row, its queues,
 * its sessions), its company or a plan (migration 0015), whichever node made the change; on
 * PostgreSQL the pool's own connections hear the notices too, so this node's next call already
 * sees its own change. A lookup that was reading while a notice came is not kept, and while
 * notices cannot arrive nothing is kept or served. Every use checks the row again (actorOf).
 */
export class ActorCache {
  readonly #kept = new Map<string, KeptActor>();
  readonly #byUser = new Map<number, Set<string>>();
  readonly #byCompany = new Map<number, Set<string>>();
  #generation = 0;

  constructor(
    private readonly live: () => boolean,
    private readonly ttlMs = 5 * 60_000,
    private readonly max = 10_000,
  ) {}

  get size(): number {
    return this.#kept.size;
  }

  async load(db: DbOrTx, claims: AccessClaims): Promise<Actor> {
    if (!this.live()) return loadActor(db, claims);
    const key = `${claims.sub}:${claims.sid}`;
    const now = Date.now();
    const hit = this.#kept.get(key);
    if (hit && now - hit.at < this.ttlMs) return actorOf(hit.row, claims);
    if (hit) this.#drop(key);
    const generation = this.#generation;
    const row = await readActorRow(db, claims);
    if (row && generation === this.#generation && this.live()) this.#keep(key, row, now);
    return actorOf(row, claims);
  }

  /** A change notice: the rows of these users, companies or plans (all for a plan). */
  forget(table: "users" | "companies" | "plans", ids: number[] | "all"): void {
    this.#generation++;
    if (ids === "all" || table === "plans") {
      this.#kept.clear();
      this.#byUser.clear();
      this.#byCompany.clear();
      return;
    }
    const index = table === "users" ? this.#byUser : this.#byCompany;
    for (const id of ids) for (const key of index.get(id) ?? []) this.#drop(key);
  }

  #keep(key: string, row: ActorRow, at: number): void {
    this.#drop(key);
    this.#kept.set(key, { row, at });
    link(this.#byUser, row.user.id, key);
    link(this.#byCompany, row.user.companyId, key);
    // The oldest entry goes first (a Map iterates in insertion order).
    while (this.#kept.size > this.max) this.#drop(this.#kept.keys().next().value!);
  }

  #drop(key: string): void {
    const kept = this.#kept.get(key);
    if (!kept) return;
    this.#kept.delete(key);
    unlink(this.#byUser, kept.row.user.id, key);
    unlink(this.#byCompany, kept.row.user.companyId, key);
  }
}

function link(index: Map<number, Set<string>>, id: number, key: string): void {
  let keys = index.get(id);
  if (!keys) index.set(id, (keys = new Set()));
  keys.add(key);
}

function unlink(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  keys?.delete(key);
  if (keys?.size === 0) index.delete(id);
}

export async function actorFromUser(
  db: DbOrTx,
  user: typeof users.$inferSelect,
  sessionId: string,
): Promise<Actor> {
  const memberships = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .where(
      and(
        eq(userQueues.userId, user.id),
        eq(userQueues.companyId, user.selectedCompanyId ?? user.companyId),
      ),
    )
    .orderBy(userQueues.queueId);
  return toActor(
    user,
    memberships.map((m) => m.queueId),
    sessionId,
  );
}

function toActor(user: typeof users.$inferSelect, queueIds: number[], sessionId: string): Actor {
  return {
    id: user.id,
    name: user.name,
    profile: normalizeProfile(user.profile),
    super: user.super,
    companyId: user.selectedCompanyId ?? user.companyId,
    homeCompanyId: user.companyId,
    queueIds,
    sessionId,
  };
}

/** Ids of the users (of one company) whose queues include any of `queueIds`. */
export async function usersInQueues(db: DbOrTx, queueIds: number[]): Promise<number[]> {
  if (queueIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userQueues.userId })
    .from(userQueues)
    .where(inArray(userQueues.queueId, queueIds));
  return rows.map((r) => r.userId);
}
