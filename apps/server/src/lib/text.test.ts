import { describe, expect, it } from "vitest";
import { stripNul } from "./text.js";

describe("stripNul", () => {
  it("drops NUL from every string and key, however deep", () => {
    const file = Buffer.from("a\u0000b");
    const cleaned = stripNul({
      entry: [{ text: "oi\u0000 tudo", "k\u0000ey": ["x\u0000", 3, null] }],
      file,
      ok: "sem nada",
    });
    expect(cleaned).toEqual({
      entry: [{ text: "oi tudo", key: ["x", 3, null] }],
      file,
      ok: "sem nada",
    });
    expect(cleaned.file).toBe(file);
  });

  it("hands back the value itself when nothing holds a NUL", () => {
    const payload = { entry: [{ messaging: [{ message: { text: "olá" } }] }], n: 1 };
    expect(stripNul(payload)).toBe(payload);
    expect(stripNul("texto")).toBe("texto");
  });

  it("leaves the value it was given unchanged", () => {
    const payload = { text: "a\u0000b", nested: { list: ["c\u0000"] } };
    const cleaned = stripNul(payload);
    expect(payload).toEqual({ text: "a\u0000b", nested: { list: ["c\u0000"] } });
    expect(cleaned).toEqual({ text: "ab", nested: { list: ["c"] } });
  });
});
