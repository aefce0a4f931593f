import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instances } from "../src/db/schema/index.js";
import { createConnection, seedCompany, startTestServer, uid, type TestServer } from "./harness.js";

/**
 * The Content-Security-Policy of each kind of answer (issue 11, item 2; docs/security.md). The
 * browser side (no violations, the widget on another origin) is proved in e2e/csp.e2e.ts.
 */

let server: TestServer;
let instanceId: number;
const INSTANCE = "https://atendimento.example.com";

beforeAll(async () => {
  const base = mkdtempSync(path.join(tmpdir(), "atrium-csp-"));
  const web = path.join(base, "web");
  const widget = path.join(base, "widget");
  mkdirSync(web, { recursive: true });
  mkdirSync(widget, { recursive: true });
  writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Atrium SPA</title>");
  writeFileSync(path.join(widget, "widget.js"), "console.log('widget');");
  server = await startTestServer({ webDist: web, widgetDist: widget });
  // An instance companies use as API base: the SPA must be allowed to call it.
  const [row] = await server.db
    .insert(instances)
    .values({ name: "Atendimento", address: `${INSTANCE}/`, nodeId: `csp-${uid()}` })
    .returning();
  instanceId = row!.id;
});
afterAll(async () => {
  if (instanceId) await server.db.delete(instances).where(eq(instances.id, instanceId));
  await server?.close();
});

const html = { accept: "text/html,application/xhtml+xml" };

/** One directive of a policy, by name. */
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("Content-Security-Policy", () => {
  it("the SPA: scripts from itself only, the API instances and their websockets for connect", async () => {
    for (const url of ["/", "/tickets", "/index.html"]) {
      const res = await server.app.inject({ method: "GET", url, headers: html });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      expect(directive(csp, "script-src"), url).toBe("script-src 'self'");
      expect(directive(csp, "object-src"), url).toBe("object-src 'none'");
      expect(directive(csp, "base-uri"), url).toBe("base-uri 'none'");
      expect(directive(csp, "frame-ancestors"), url).toBe("frame-ancestors 'self'");
      const connect = directive(csp, "connect-src")!.split(" ");
      expect(connect, url).toEqual(
        expect.arrayContaining(["'self'", INSTANCE, "wss://atendimento.example.com"]),
      );
      expect(connect, url).toContain(new URL(server.config.PUBLIC_URL).origin);
    }
  });

  it("the chat page /webchat/<uuid>: its own policy; the inline style allowed by its hash", async () => {
    const seed = await seedCompany(server);
    const connection = await createConnection(server, seed.company.id);
    const res = await server.app.inject({
      method: "GET",
      url: `/webchat/${connection.uuid}`,
      headers: html,
    });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(directive(csp, "default-src")).toBe("default-src 'none'");
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const style = /<style>(.*?)<\/style>/.exec(res.body)![1]!;
    const hash = createHash("sha256").update(style).digest("base64");
    expect(directive(csp, "style-src")).toBe(`style-src 'self' 'sha256-${hash}'`);
    expect(res.body).toContain(`<script src="/widget.js" data-connection="${connection.uuid}"`);
  });

  it("widget.js loads on any site; the API's answers load nothing and are never framed", async () => {
    const widget = await server.app.inject({ method: "GET", url: "/widget.js" });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers["access-control-allow-origin"]).toBe("*");
    expect(widget.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(widget.headers["x-content-type-options"]).toBe("nosniff");
    for (const url of ["/health", "/auth/me", "/widget.js"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
    }
  });

  it("the widget's API calls are open to any origin (visitors carry a bearer token, no cookie)", async () => {
    const seed = await seedCompany(server);
    const connection = await createConnection(server, seed.company.id);
    const preflight = await server.app.inject({
      method: "OPTIONS",
      url: `/webchat/${connection.uuid}/messages`,
      headers: {
        origin: "https://loja.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    const config = await server.app.inject({
      method: "GET",
      url: `/webchat/${connection.uuid}/config`,
      headers: { origin: "https://loja.example" },
    });
    expect(config.statusCode).toBe(200);
    expect(config.headers["access-control-allow-origin"]).toBe("*");
  });
});
