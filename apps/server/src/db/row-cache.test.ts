import { describe, expect, it } from "vitest";
import { parseNotice, RowCache } from "./row-cache.js";

interface Row {
  id: number;
  name: string;
}

/** A cache over a table of rows the test changes, counting the loads. */
function setup(opts: { ttlMs?: number; max?: number } = {}) {
  const table = new Map<number, Row>([
    [1, { id: 1, name: "one" }],
    [2, { id: 2, name: "two" }],
  ]);
  const state = { live: true, loads: 0 };
  const cache = new RowCache<Row>(() => state.live, opts.ttlMs ?? 60_000, opts.max ?? 100);
  const load = (id: number) => async () => {
    state.loads++;
    const row = table.get(id);
    return row && { ...row };
  };
  return { table, state, cache, load };
}

describe("RowCache", () => {
  it("loads a row once, then answers from memory", async () => {
    const { cache, state, load } = setup();
    expect(await cache.get("id:1", load(1))).toEqual({ id: 1, name: "one" });
    expect(await cache.get("id:1", load(1))).toEqual({ id: 1, name: "one" });
    expect(state.loads).toBe(1);
  });

  it("forgets every key a changed row was found by, and only that row", async () => {
    const { cache, table, state, load } = setup();
    await cache.get("id:1", load(1));
    await cache.get("uuid:abc", load(1));
    await cache.get("id:2", load(2));
    table.set(1, { id: 1, name: "renamed" });
    cache.forget([1]);
    expect(cache.peek("id:1")).toBeUndefined();
    expect(cache.peek("uuid:abc")).toBeUndefined();
    expect(await cache.get("uuid:abc", load(1))).toEqual({ id: 1, name: "renamed" });
    expect(await cache.get("id:2", load(2))).toEqual({ id: 2, name: "two" });
    expect(state.loads).toBe(4);
  });

  it("does not keep a row whose load was under way when a notice came", async () => {
    const { cache, table, state } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get("id:1", async () => {
      state.loads++;
      const read = { ...table.get(1)! };
      await gate;
      return read;
    });
    // The row changes (and its notice arrives) after the load read it.
    table.set(1, { id: 1, name: "changed" });
    cache.forget([1]);
    release();
    expect(await slow).toEqual({ id: 1, name: "one" });
    expect(cache.peek("id:1")).toBeUndefined();
    expect(await cache.get("id:1", async () => table.get(1))).toEqual({ id: 1, name: "changed" });
  });

  it("keeps nothing and loads every time while notices cannot arrive", async () => {
    const { cache, state, load } = setup();
    await cache.get("id:1", load(1));
    state.live = false;
    await cache.get("id:1", load(1));
    await cache.get("id:1", load(1));
    expect(state.loads).toBe(3);
    expect(cache.size).toBe(1);
    // Listening again begins with a gap: everything kept before it is forgotten.
    cache.forget("all");
    state.live = true;
    expect(cache.size).toBe(0);
  });

  it("never keeps a row that was not found", async () => {
    const { cache, state, load } = setup();
    expect(await cache.get("id:9", load(9))).toBeUndefined();
    expect(await cache.get("id:9", load(9))).toBeUndefined();
    expect(state.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("loads again once a row is older than its time to live", async () => {
    const { cache, state, load } = setup({ ttlMs: 30 });
    await cache.get("id:1", load(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.get("id:1", load(1));
    expect(state.loads).toBe(2);
  });

  it("holds at most `max` rows, the oldest going first", async () => {
    const { cache, table, load } = setup({ max: 3 });
    for (let id = 3; id <= 6; id++) table.set(id, { id, name: `n${id}` });
    for (let id = 1; id <= 6; id++) await cache.get(`id:${id}`, load(id));
    expect(cache.size).toBe(3);
    expect(cache.peek("id:3")).toBeUndefined();
    expect(cache.peek("id:4")).toEqual({ id: 4, name: "n4" });
    expect(cache.peek("id:6")).toEqual({ id: 6, name: "n6" });
    // An evicted row's change notice finds nothing to forget and breaks nothing.
    cache.forget([1, 2, 3]);
    expect(cache.size).toBe(3);
  });
});

describe("parseNotice", () => {
  it("reads the table and its ids, or every row", () => {
    expect(parseNotice("connections:4,17")).toEqual({ table: "connections", ids: [4, 17] });
    expect(parseNotice("contacts:*")).toEqual({ table: "contacts", ids: "all" });
  });

  it("refuses what the triggers never send", () => {
    for (const payload of ["", "connections", ":1", "contacts:", "contacts:1,x", "contacts:-3"])
      expect(parseNotice(payload)).toBeUndefined();
  });
});
