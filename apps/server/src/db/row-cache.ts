import type { Logger } from "../lib/logger.js";
import type { Database } from "./client.js";
import type { Listening } from "./listen.js";

/** The channel migration 0013's triggers send their notices on: "table:id,id,…" or "table:*". */
export const ROW_CHANGES_CHANNEL = "atrium_row_changes";
/**
 * The tables whose changes send a notice: connections and contacts (migration 0013); users
 * (its row, queues and sessions), companies and plans for the actors (migration 0015).
 */
export type NoticedTable = "connections" | "contacts" | "users" | "companies" | "plans";

type Forget = (ids: number[] | "all") => void;

interface Entry<T> {
  row: T;
  at: number;
}

/**
 * Rows read on every inbound request (the connection a webhook names, a web-chat visitor),
 * kept in this process under the keys they were found by. A row is forgotten as soon as a
 * change notice names it, whichever node or statement changed it; a load that was reading
 * while a notice came is not kept (it may have read the row before the change). While notices
 * cannot arrive (the listening connection is down) nothing is kept or served: every call
 * loads. The rows handed out are shared: callers read them, never change them.
 */
export class RowCache<T extends { id: number }> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #keysOf = new Map<number, Set<string>>();
  #generation = 0;

  constructor(
    private readonly live: () => boolean,
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The row kept under `key`, without loading it. */
  peek(key: string): T | undefined {
    return this.#entries.get(key)?.row;
  }

  async get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.live()) return load();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.row;
    if (hit) this.#drop(key);
    const generation = this.#generation;
    const row = await load();
    if (row && generation === this.#generation && this.live()) this.#keep(key, row, now);
    return row;
  }

  /** Forgets the rows with these ids, or every row. */
  forget(ids: number[] | "all"): void {
    this.#generation++;
    if (ids === "all") {
      this.#entries.clear();
      this.#keysOf.clear();
      return;
    }
    for (const id of ids) {
      for (const key of this.#keysOf.get(id) ?? []) this.#entries.delete(key);
      this.#keysOf.delete(id);
    }
  }

  #keep(key: string, row: T, at: number): void {
    this.#drop(key);
    this.#entries.set(key, { row, at });
    let keys = this.#keysOf.get(row.id);
    if (!keys) this.#keysOf.set(row.id, (keys = new Set()));
    keys.add(key);
    // The oldest entry goes first (a Map iterates in insertion order).
    while (this.#entries.size > this.max) this.#drop(this.#entries.keys().next().value!);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const keys = this.#keysOf.get(entry.row.id);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(entry.row.id);
  }
}

/** Parses a notice: the table and the ids it names ("all" for "*"); undefined if malformed. */
export function parseNotice(payload: string): { table: string; ids: number[] | "all" } | undefined {
  const colon = payload.indexOf(":");
  if (colon <= 0) return undefined;
  const table = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (rest === "*") return { table, ids: "all" };
  const ids = rest.split(",").map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? { table, ids } : undefined;
}

/**
 * The change notices of every node, handed to this process's row caches. One listening
 * connection per process, and on PostgreSQL the pool's connections (Database.onPoolNotice:
 * the connection that made a change hears it before its statement returns); a notice it
 * cannot read forgets every row.
 */
export class RowChanges {
  readonly #watchers = new Map<string, Forget[]>();
  #listening: Listening | undefined;

  private constructor(private readonly logger: Logger) {}

  static async start(database: Database, logger: Logger): Promise<RowChanges> {
    const changes = new RowChanges(logger);
    changes.#listening = await database.listen(ROW_CHANGES_CHANNEL, {
      notice: (payload) => changes.#notice(payload),
      gap: () => changes.#forgetAll(),
      error: (err) =>
        logger.warn({ err }, "Row-change notices: listening failed, cached rows unused until back"),
    });
    database.onPoolNotice?.((payload) => changes.#notice(payload));
    return changes;
  }

  get live(): boolean {
    return this.#listening?.live ?? false;
  }

  /** The PostgreSQL backend that listens now, if any (tests end it to make a gap). */
  get backendPid(): number | undefined {
    return this.#listening?.backendPid;
  }

  /** A cache of `table`'s rows, emptied by the notices that name them. */
  cache<T extends { id: number }>(
    table: NoticedTable,
    opts: { ttlMs: number; max: number },
  ): RowCache<T> {
    const cache = new RowCache<T>(() => this.live, opts.ttlMs, opts.max);
    this.watch(table, (ids) => cache.forget(ids));
    return cache;
  }

  /** `forget` hears the ids of `table`'s changed rows ("all" when a notice could not say). */
  watch(table: NoticedTable, forget: Forget): void {
    this.#watchers.set(table, [...(this.#watchers.get(table) ?? []), forget]);
  }

  async close(): Promise<void> {
    await this.#listening?.close();
    this.#forgetAll();
  }

  #notice(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) {
      this.logger.warn({ payload }, "Unreadable row-change notice: every cached row forgotten");
      return this.#forgetAll();
    }
    for (const forget of this.#watchers.get(notice.table) ?? []) forget(notice.ids);
  }

  #forgetAll(): void {
    for (const watchers of this.#watchers.values()) for (const forget of watchers) forget("all");
  }
}
