import { STORAGE_KEYS } from "@atrium/shared";
import { describe, expect, it } from "vitest";
import { widgetOrigin, widgetSnippet, widgetTestPageUrl } from "./widgetSnippet";

const uuid = "0f8c2a1e-7d3b-4c55-9a10-000000000042";

describe("web-chat widget code", () => {
  it("is one async script tag naming the connection", () => {
    expect(widgetSnippet(uuid, "https://atende.acme.test")).toBe(
      '<script src="https://atende.acme.test/widget.js" data-connection="0f8c2a1e-7d3b-4c55-9a10-000000000042" async></script>',
    );
  });

  it("has a standalone test page per connection", () => {
    expect(widgetTestPageUrl(uuid, "https://atende.acme.test")).toBe(
      "https://atende.acme.test/webchat/0f8c2a1e-7d3b-4c55-9a10-000000000042",
    );
  });

  it("points at the company's instance address, or this page's origin", () => {
    expect(widgetOrigin()).toBe(window.location.origin);
    expect(widgetSnippet(uuid)).toBe(
      `<script src="${window.location.origin}/widget.js" data-connection="${uuid}" async></script>`,
    );
    localStorage.setItem(STORAGE_KEYS.instanceAddress, "https://node-2.atrium.test/");
    expect(widgetOrigin()).toBe("https://node-2.atrium.test");
  });
});
