import { describe, expect, it } from "vitest";
import { formatText, formatTime, linkify, newClientId, safeColor, textColorOn } from "./format";

describe("format", () => {
  it("formats HH:mm in local time", () => {
    const d = new Date(2025, 0, 2, 9, 5);
    expect(formatTime(d.toISOString())).toBe("09:05");
    expect(formatTime("nope")).toBe("");
  });

  it("accepts only plain colours", () => {
    expect(safeColor("#1a2B3c")).toBe("#1a2B3c");
    expect(safeColor("rgb(1, 2, 3)")).toBe("rgb(1, 2, 3)");
    expect(safeColor("red;}body{display:none")).toBe("#002d6e");
    expect(safeColor(undefined)).toBe("#002d6e");
  });

  it("picks readable text on the colour", () => {
    expect(textColorOn("#002d6e")).toBe("#ffffff");
    expect(textColorOn("#ffeb3b")).toBe("#111827");
    expect(textColorOn("#fff")).toBe("#111827");
    expect(textColorOn("rgb(0,0,0)")).toBe("#ffffff");
  });

  it("finds links without trailing punctuation", () => {
    expect(linkify("see https://a.com/x?y=1. ok")).toEqual([
      { text: "see " },
      { text: "https://a.com/x?y=1", href: "https://a.com/x?y=1" },
      { text: ". ok" },
    ]);
    expect(linkify("<b>no link</b>")).toEqual([{ text: "<b>no link</b>" }]);
  });

  it("makes unique client ids within the server's 64 chars", () => {
    const a = newClientId();
    const b = newClientId();
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(64);
  });
});

describe("WebChatApi.fileUrl", () => {
  it("prefixes the server origin and refuses non-http schemes", async () => {
    const { WebChatApi } = await import("./api");
    const api = new WebChatApi("https://chat.example", "u");
    expect(api.fileUrl("/files/3?exp=1&sig=abc")).toBe(
      "https://chat.example/files/3?exp=1&sig=abc",
    );
    expect(api.fileUrl("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    expect(api.fileUrl("javascript:alert(1)")).toBe("about:blank");
  });
});

describe("formatText", () => {
  it("renders *bold*, _italic_ and ~strike~ as styled parts, never as markup", () => {
    expect(formatText("*Ana Agente:*\nOlá _tudo_ ~bem~ <b>x</b>")).toEqual([
      { text: "Ana Agente:", style: "b" },
      { text: "\nOlá " },
      { text: "tudo", style: "i" },
      { text: " " },
      { text: "bem", style: "s" },
      { text: " <b>x</b>" },
    ]);
  });

  it("keeps links whole and leaves lone markers alone", () => {
    expect(formatText("veja https://exemplo.com/a_b_c e 2*3")).toEqual([
      { text: "veja " },
      { text: "https://exemplo.com/a_b_c", href: "https://exemplo.com/a_b_c" },
      { text: " e 2*3" },
    ]);
  });
});
