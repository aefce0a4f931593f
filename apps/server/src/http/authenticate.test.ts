import type { FastifyInstance } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { makeVerifier, VERIFIED_TOKENS_KEPT } from "./authenticate.js";

/** An app whose jwt.verify answers from a table of tokens, counting its calls. */
function appWith(tokens: Record<string, object>) {
  const verify = vi.fn((token: string) => {
    const claims = tokens[token];
    if (!claims) throw Object.assign(new Error("bad"), { code: "FAST_JWT_INVALID_SIGNATURE" });
    if ((claims as { exp: number }).exp * 1000 <= Date.now())
      throw Object.assign(new Error("expired"), { code: "FAST_JWT_EXPIRED" });
    return claims;
  });
  return { app: { jwt: { verify } } as unknown as FastifyInstance, verify };
}

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe("makeVerifier", () => {
  it("checks a token once and answers from memory until the token's own expiry", () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z") });
    try {
      const { app, verify } = appWith({
        a: { sub: 7, sid: "s", typ: "access", exp: inSeconds(60) },
      });
      const check = makeVerifier(app);
      expect(check("a")).toEqual({ sub: 7, sid: "s" });
      expect(check("a")).toEqual({ sub: 7, sid: "s" });
      expect(verify).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(60_000);
      expect(() => check("a")).toThrow(expect.objectContaining({ code: "ERR_TOKEN_EXPIRED" }));
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never remembers a refused token, and keeps at most VERIFIED_TOKENS_KEPT", () => {
    const tokens: Record<string, object> = {
      refresh: { sub: 7, sid: "s", typ: "refresh", exp: inSeconds(60) },
    };
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i++)
      tokens[`t${i}`] = { sub: i, sid: "s", typ: "access", exp: inSeconds(60) };
    const { app, verify } = appWith(tokens);
    const check = makeVerifier(app);
    for (let i = 0; i < 2; i++) {
      expect(() => check("refresh")).toThrow(
        expect.objectContaining({ code: "ERR_SESSION_EXPIRED" }),
      );
      expect(() => check("forged")).toThrow(
        expect.objectContaining({ code: "ERR_SESSION_EXPIRED" }),
      );
    }
    expect(verify).toHaveBeenCalledTimes(4);
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i++) check(`t${i}`);
    verify.mockClear();
    check(`t${VERIFIED_TOKENS_KEPT}`);
    expect(verify).not.toHaveBeenCalled();
    // The oldest made room for the newest.
    check("t0");
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
