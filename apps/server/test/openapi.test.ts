import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { errorCatalogue } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CSP, DOCS_CSP } from "../src/http/csp.js";
import { ROUTE_DOCS, undocumentedReason } from "../src/http/openapi/route-docs.js";
import type { z } from "zod";
import {
  createConnection,
  createTicket,
  createUser,
  login,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

/**
 * The OpenAPI reference (issue 15, "An OpenAPI reference"): every registered route is in the
 * document with the answer of its success, the document is valid OpenAPI 3.1, and /api/docs
 * serves Swagger UI under its own CSP. The page in a browser: e2e/api-docs.e2e.ts.
 */

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string }[];
  components: { securitySchemes: Record<string, { type: string; name?: string; in?: string }> };
}

let server: TestServer;
let document: Document;

beforeAll(async () => {
  // Every kind of route: the widget's, and the browser-test hooks (BAILEYS_FAKE).
  const widget = path.join(mkdtempSync(path.join(tmpdir(), "atrium-openapi-")), "widget");
  mkdirSync(widget, { recursive: true });
  writeFileSync(path.join(widget, "widget.js"), "console.log('widget');");
  server = await startTestServer({ widgetDist: widget, config: { BAILEYS_FAKE: "1" } });
  const res = await server.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
  expect(res.statusCode).toBe(200);
  document = res.json() as Document;
});
afterAll(async () => {
  await server?.close();
});

/** "/tickets/u/:uuid" → "/tickets/u/{uuid}", as the document writes paths. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const operationOf = (method: string, url: string) =>
  document.paths[openapiPath(url)]?.[method.toLowerCase()];

describe("OpenAPI document", () => {
  it("has every registered route with the answer of its success; hides only the test hooks, the preflight and itself", () => {
    const routes = server.routes.filter((r) => r.method !== "HEAD");
    expect(routes.some((r) => r.url.startsWith("/test/"))).toBe(true); // the hooks are registered
    const problems: string[] = [];
    let documented = 0;
    for (const { method, url } of routes) {
      const operation = operationOf(method, url);
      if (undocumentedReason(method, url)) {
        if (operation) problems.push(`${method} ${url}: documented but should be hidden`);
        continue;
      }
      if (!ROUTE_DOCS[`${method} ${url}`]) {
        problems.push(`${method} ${url}: no entry in ROUTE_DOCS (http/openapi/route-docs.ts)`);
        continue;
      }
      if (!operation) {
        problems.push(`${method} ${url}: missing from the document`);
        continue;
      }
      documented++;
      const success = Object.entries(operation.responses).filter(([s]) => /^2\d\d$/.test(s));
      if (success.length !== 1) {
        problems.push(`${method} ${url}: ${success.length} success answers`);
        continue;
      }
      const [status, answer] = success[0]!;
      const schemas = Object.values(answer.content ?? {}).filter((c) => c.schema);
      if (status !== "204" && schemas.length === 0) {
        problems.push(`${method} ${url}: no response schema for ${status}`);
      }
      if (status === "204" && answer.content) problems.push(`${method} ${url}: 204 with a body`);
      if (!operation.summary) problems.push(`${method} ${url}: no summary`);
      if (!operation.tags?.length || operation.tags[0] === "Other") {
        problems.push(`${method} ${url}: no domain tag`);
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
    expect(documented).toBeGreaterThan(130);

    // No stale entry: each documented route is registered.
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const stale = Object.keys(ROUTE_DOCS).filter((key) => !registered.has(key));
    expect(stale).toEqual([]);

    // Nothing else in the document: every operation is a registered route.
    const operations = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations.length).toBe(documented);
  });

  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    // The validator does refuse a broken document (an answer without its description).
    const broken = structuredClone(document);
    broken.paths["/tickets"]!.get!.responses["200"] = {} as never;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it("errors are { error, message } with catalogued codes, each under its own status", () => {
    let checked = 0;
    for (const [p, ops] of Object.entries(document.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          if (!/^[45]\d\d$/.test(status)) continue;
          const schema = answer.content?.["application/json"]?.schema as {
            properties: { error: { enum: string[] }; message: unknown };
            required: string[];
          };
          expect(schema.required, `${m} ${p} ${status}`).toEqual(["error", "message"]);
          for (const code of schema.properties.error.enum) {
            const entry = errorCatalogue[code as keyof typeof errorCatalogue];
            expect(entry?.status, `${m} ${p} ${status} ${code}`).toBe(Number(status));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    // Bad input is always named.
    expect(Object.keys(operationOf("PUT", "/tags/:id")!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404"]),
    );
  });

  it("security: bearer token, X_KEY + X_TOKEN for the messages API, none for public routes", () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X_KEY" });
    expect(schemes.apiToken).toMatchObject({ type: "apiKey", in: "header", name: "X_TOKEN" });
    expect(operationOf("POST", "/api/messages/send")!.security).toEqual([
      { apiKey: [], apiToken: [] },
    ]);
    expect(operationOf("GET", "/api/messages/key")!.security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf("GET", "/tickets")!.security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf("POST", "/auth/login")!.security).toEqual([]);
    expect(operationOf("POST", "/webhooks/meta")!.security).toEqual([]);
    expect(operationOf("GET", "/webchat/:uuid/messages")!.security).toEqual([{ visitorToken: [] }]);
  });

  it("answers the web reads come from the shared response schemas, by reference", () => {
    const ref = (method: string, url: string, status = "200") =>
      operationOf(method, url)!.responses[status]!.content!["application/json"]!.schema;
    expect(ref("GET", "/auth/me")).toEqual({ $ref: "#/components/schemas/User" });
    expect(ref("POST", "/api/messages/send", "201")).toEqual({
      $ref: "#/components/schemas/ApiSend",
    });
    expect(ref("GET", "/tickets")).toEqual({ $ref: "#/components/schemas/TicketsPage" });
    const tags = new Set(document.tags.map((t) => t.name));
    for (const name of ["Auth", "Tickets", "Messages API", "Webhooks", "Platform operator"]) {
      expect(tags.has(name), name).toBe(true);
    }
  });
});

describe("answers the document declares itself (routes the web does not call)", () => {
  it("match what the server answers", async () => {
    const seed = await seedCompany(server);
    const superUser = await createUser(server.db, { companyId: seed.company.id, super: true });
    const operator = await login(server, superUser.email);
    const ticket = await createTicket(server.db, seed.company.id, { status: "pending" });
    const site = await createConnection(server, seed.company.id);
    const calls: [string, string, typeof seed.as.admin | null][] = [
      ["GET /health", "/health", null],
      ["GET /settings/:key", "/settings/userRating", seed.as.admin],
      ["GET /contacts/list", "/contacts/list", seed.as.admin],
      ["GET /tickets/:id", `/tickets/${ticket.id}`, seed.as.admin],
      ["GET /helps", "/helps", seed.as.admin],
      ["GET /plans/list", "/plans/list", null],
      ["GET /plans/:id", `/plans/${seed.company.planId}`, operator],
      ["GET /mail-outbox", "/mail-outbox", operator],
      ["GET /companies/list", "/companies/list", operator],
      ["GET /webchat/:uuid/config", `/webchat/${site.uuid}/config`, null],
      ["PATCH /tickets/:companyId/close-all", `/tickets/${seed.company.id}/close-all`, operator],
    ];
    for (const [key, url, session] of calls) {
      const method = key.split(" ")[0] as "GET" | "PATCH";
      const res = await request(server, session, method, url);
      const doc = ROUTE_DOCS[key]!;
      expect(res.statusCode, `${key} ${res.body}`).toBe(doc.status ?? 200);
      const answer = doc.answer as z.ZodType;
      const parsed = answer.safeParse(res.json());
      expect(parsed.error?.issues ?? [], key).toEqual([]);
    }
    // A positive control: the check does refuse an answer of another shape.
    expect(
      (ROUTE_DOCS["GET /contacts/list"]!.answer as z.ZodType).safeParse([{ id: 1 }]).success,
    ).toBe(false);
  });
});

describe("/api/docs", () => {
  it("serves the page, its assets and the document without a token, under the docs' CSP", async () => {
    const page = await server.app.inject({
      method: "GET",
      url: "/api/docs",
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toBe(DOCS_CSP);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toContain("/api/docs/static/swagger-ui-bundle.js");
    for (const asset of [...assets, "/api/docs/static/swagger-initializer.js", "/api/docs/json"]) {
      const res = await server.app.inject({ method: "GET", url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers["content-security-policy"], asset).toBe(DOCS_CSP);
    }
    const initializer = await server.app.inject({
      method: "GET",
      url: "/api/docs/static/swagger-initializer.js",
    });
    // No call to the online validator (its badge would load from another origin).
    expect(initializer.body).toContain("validatorUrl: null");
    expect(DOCS_CSP).toContain("script-src 'self'");
    expect(DOCS_CSP).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("leaves the API's own CSP as strict as it was", async () => {
    for (const url of ["/health", "/api/docs-not-here", "/tickets"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toBe(API_CSP);
    }
    // The docs' scope opens only its own routes: the API still asks for a token.
    const tickets = await server.app.inject({ method: "GET", url: "/tickets" });
    expect(tickets.statusCode).toBe(401);
  });
});
