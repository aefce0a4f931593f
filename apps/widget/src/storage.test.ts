import { beforeEach, describe, expect, it } from "vitest";
import { parseSession, SessionStore, storageKey } from "./storage";

describe("SessionStore", () => {
  beforeEach(() => localStorage.clear());

  it("keeps one session per connection uuid in localStorage", () => {
    const a = new SessionStore("uuid-a");
    const b = new SessionStore("uuid-b");
    a.save({ token: "ta", name: "Ana" });
    expect(localStorage.getItem("atrium-webchat:uuid-a")).toBe(
      JSON.stringify({ token: "ta", name: "Ana" }),
    );
    expect(b.load()).toBeUndefined();
    b.save({ token: "tb", name: "Bia" });
    expect(new SessionStore("uuid-a").load()).toEqual({ token: "ta", name: "Ana" });
    a.clear();
    expect(a.load()).toBeUndefined();
    expect(b.load()).toEqual({ token: "tb", name: "Bia" });
    expect(storageKey("x")).toBe("atrium-webchat:x");
  });

  it("ignores corrupt values", () => {
    localStorage.setItem("atrium-webchat:u", "{not json");
    expect(new SessionStore("u").load()).toBeUndefined();
    expect(parseSession(JSON.stringify({ name: "x" }))).toBeUndefined();
    expect(parseSession(JSON.stringify({ token: "t" }))).toEqual({ token: "t", name: "" });
    expect(parseSession(null)).toBeUndefined();
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const s = new SessionStore("u", broken);
    expect(() => s.save({ token: "t", name: "n" })).not.toThrow();
    expect(s.load()).toBeUndefined();
    expect(() => s.clear()).not.toThrow();
  });
});
