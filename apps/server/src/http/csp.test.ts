import { describe, expect, it } from "vitest";
import { contentDisposition, spaCsp, webchatCsp } from "./csp.js";

describe("contentDisposition", () => {
  it("drops control characters so a name cannot split or end the header", () => {
    expect(contentDisposition(false, 'a"b\r\nSet-Cookie: x=1\u0000.pdf')).toBe(
      `attachment; filename="a_bSet-Cookie: x=1.pdf"; filename*=UTF-8''a%22bSet-Cookie%3A%20x%3D1.pdf`,
    );
  });

  it("survives a lone surrogate and an empty name", () => {
    expect(contentDisposition(true, "\uD800.png")).toBe(
      `inline; filename=".png"; filename*=UTF-8''%EF%BF%BD.png`,
    );
    expect(contentDisposition(false, "\u0007")).toBe(
      `attachment; filename="file"; filename*=UTF-8''file`,
    );
  });

  it("escapes % in the fallback (some browsers decode it) and backslashes", () => {
    expect(contentDisposition(false, "100%\\x.txt")).toMatch(/^attachment; filename="100__x.txt";/);
  });
});

describe("policies", () => {
  it("the SPA's allows scripts only from itself and the API origins with their websockets", () => {
    const csp = spaCsp(["https://a.example", "http://b.example:8080"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(
      "connect-src 'self' https://a.example http://b.example:8080 wss://a.example ws://b.example:8080;",
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("the chat page's allows its one inline style by hash, no inline script", () => {
    const csp = webchatCsp("body{margin:0}");
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
  });
});
