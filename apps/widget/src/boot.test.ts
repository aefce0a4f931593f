import { describe, expect, it } from "vitest";
import { findScript, optionsFromScript } from "./boot";

const script = (attrs: Record<string, string>) => {
  const s = document.createElement("script");
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  return s;
};
const page = { href: "https://shop.example/p/1", origin: "https://shop.example" };

describe("optionsFromScript", () => {
  it("talks to the script's own origin, bubble mode by default", () => {
    const s = script({ src: "https://chat.example:8443/widget.js", "data-connection": " abc " });
    expect(optionsFromScript(s, page, "pt-BR")).toEqual({
      uuid: "abc",
      origin: "https://chat.example:8443",
      mode: "bubble",
      lang: "pt",
      langForced: false,
    });
  });

  it("reads data-mode and data-lang; a relative src is the page's origin", () => {
    const s = script({
      src: "/widget.js",
      "data-connection": "u",
      "data-mode": "page",
      "data-lang": "es",
    });
    expect(optionsFromScript(s, page, "en-US")).toMatchObject({
      origin: "https://shop.example",
      mode: "page",
      lang: "es",
      langForced: true,
    });
    expect(optionsFromScript(script({ src: "/widget.js" }), page, "en")).toBeUndefined();
  });

  it("finds its tag when document.currentScript is gone", () => {
    document.body.append(script({ src: "/other.js", "data-connection": "x" }));
    document.body.append(script({ src: "/widget.js?v=2", "data-connection": "y" }));
    expect(findScript(document)?.dataset.connection).toBe("y");
  });
});
