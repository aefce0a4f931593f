import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import * as responses from "@atrium/shared";
import {
  errorCatalogue,
  SESSION_LOST_CODES,
  TOKEN_EXPIRED_CODE,
  type ErrorCode,
} from "@atrium/shared";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { REFRESH_COOKIE } from "../../modules/auth/tokens.js";
import { DOCS_CSP } from "../csp.js";
import { ROUTE_DOCS, undocumentedReason, type Answer, type RouteDoc } from "./route-docs.js";

/** Where the reference lives: the page at DOCS_PREFIX, the document at DOCUMENT_PATH. */
export const DOCS_PREFIX = "/api/docs";
export const DOCUMENT_PATH = `${DOCS_PREFIX}/openapi.json`;
const API_VERSION = "0.1.0";

/**
 * Named components: every answer shape of packages/shared/src/schemas/responses.ts under its
 * export's name without "Response" (userResponse → User), and the error body.
 */
const registry = z.registry<{ id: string }>();
const ERROR_CODES = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];
const errorBody = z
  .object({
    error: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ description: "Every error answer (docs/errors.md)." });
registry.add(errorBody, { id: "Error" });
for (const [name, value] of Object.entries(responses)) {
  if (!name.endsWith("Response") || name === "errorResponse") continue;
  if (!(value instanceof z.ZodType)) continue;
  const base = name.slice(0, -"Response".length);
  registry.add(value, { id: base[0]!.toUpperCase() + base.slice(1) });
}

const TAGS: readonly { name: string; description: string; match: RegExp }[] = [
  { name: "Auth", description: "Sessions and passwords", match: /^\/auth\// },
  { name: "Users", description: "The company's users", match: /^\/users/ },
  {
    name: "Company",
    description: "The caller's company: working hours",
    match: /^\/companies\/(list|:id|:id\/schedules)$/,
  },
  { name: "Settings", description: "Company settings", match: /^\/settings/ },
  { name: "Files", description: "Stored files behind signed links", match: /^\/files\// },
  { name: "Contacts", description: "Contacts, import and export", match: /^\/contacts/ },
  {
    name: "Tickets",
    description: "The inbox's tickets",
    match: /^\/tickets\/(?!:companyId)|^\/tickets$/,
  },
  { name: "Messages", description: "Messages of tickets", match: /^\/messages/ },
  { name: "Notes", description: "Internal notes on tickets", match: /^\/ticket-notes/ },
  { name: "Tags", description: "Tags of contacts and tickets", match: /^\/tags/ },
  { name: "Quick messages", description: "Reply shortcuts", match: /^\/quick-messages/ },
  { name: "Queue options", description: "The chatbot's options tree", match: /^\/queue-options/ },
  { name: "Queues", description: "Queues (departments)", match: /^\/queue/ },
  {
    name: "Connections",
    description: "Channels and their sessions",
    match: /^\/(whatsapp|whatsappsession)(\/|$)/,
  },
  {
    name: "Web chat",
    description: "The website widget's visitor API",
    match: /^\/(webchat|widget)/,
  },
  { name: "Schedules", description: "Scheduled messages", match: /^\/schedules/ },
  {
    name: "Campaigns",
    description: "Contact lists, campaigns and their settings (admins)",
    match: /^\/(contact-lists|contact-list-items|campaigns|campaign-settings)(\/|$)/,
  },
  { name: "Announcements", description: "Announcements to users", match: /^\/announcements/ },
  { name: "Helps", description: "Help videos", match: /^\/helps/ },
  { name: "Dashboard", description: "Attendance figures", match: /^\/dashboard/ },
  { name: "Internal chat", description: "Chats between users", match: /^\/chats/ },
  {
    name: "Platform operator",
    description: "Companies, plans and instances (super users)",
    match: /^\/(companies|plans|instances|mail-outbox|tickets\/:companyId)/,
  },
  {
    name: "Messages API",
    description: "Sending from outside systems with X_KEY / X_TOKEN",
    match: /^\/api\/messages\//,
  },
  { name: "Webhooks", description: "Providers' webhooks (public)", match: /^\/webhooks\// },
  { name: "Health", description: "Liveness", match: /^\/health$/ },
];

export function tagOf(url: string): string | undefined {
  return TAGS.find((t) => t.match.test(url))?.name;
}

type Security = Record<string, string[]>[];

function securityOf(url: string, route: RouteOptions): Security {
  if (url === "/api/messages/send") return [{ apiKey: [], apiToken: [] }];
  if (url === "/webchat/:uuid/messages") return [{ visitorToken: [] }];
  if (url === "/webchat/:uuid/session") return [{}, { visitorToken: [] }];
  if (url === "/auth/refresh_token") return [{ refreshCookie: [] }];
  if (route.config?.public) return [];
  return [{ bearerAuth: [] }];
}

/** The error codes a route may answer, by status. */
function errorsOf(doc: RouteDoc, schema: FastifySchema, security: Security, route: RouteOptions) {
  const codes = new Set<ErrorCode>(doc.errors ?? []);
  if (schema.body || schema.querystring || schema.params || doc.body) codes.add("ERR_VALIDATION");
  if (security.some((s) => "bearerAuth" in s)) {
    codes.add("ERR_SESSION_EXPIRED");
    codes.add(TOKEN_EXPIRED_CODE);
    for (const code of SESSION_LOST_CODES) codes.add(code);
    codes.add("ERR_NO_PERMISSION");
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
    codes.add("ERR_TOO_MANY_REQUESTS");
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const NON_JSON: Record<Exclude<Answer, z.ZodType | "empty">, [string, object]> = {
  binary: ["application/octet-stream", { type: "string", format: "binary" }],
  text: ["text/plain", { type: "string" }],
  html: ["text/html", { type: "string" }],
  javascript: ["application/javascript", { type: "string" }],
};

/**
 * zod → JSON Schema as fastify-type-provider-zod does it, except that a plain `z.object` says
 * nothing of extra properties: the answers' schemas are open on purpose (responses.ts), so the
 * document must not claim `additionalProperties: false` for them. Strict objects keep it.
 */
const zodToJsonConfig = {
  override(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) {
    const def = (ctx.zodSchema as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
    const json = ctx.jsonSchema;
    if (def.type === "object" && !def.catchall && json.additionalProperties === false) {
      delete json.additionalProperties;
    }
    if (def.type === "union" && Array.isArray(json.anyOf)) {
      json.anyOf = (json.anyOf as object[]).filter((s) => Object.keys(s).length > 0);
    }
    if (def.type === "date") Object.assign(json, { type: "string", format: "date-time" });
  },
};
const zodTransform = createJsonSchemaTransform({
  skipList: [],
  schemaRegistry: registry,
  zodToJsonConfig,
});
const zodTransformObject = createJsonSchemaTransformObject({
  schemaRegistry: registry,
  zodToJsonConfig,
});

type TransformInput = Parameters<typeof zodTransform>[0];

/** Adds what ROUTE_DOCS says to the route's own zod schemas, then converts them. */
function transform(input: TransformInput) {
  const { url, route } = input;
  const schema = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  const method = [route.method].flat()[0]!;
  const doc = ROUTE_DOCS[`${method} ${url}`];
  if (undocumentedReason(method, url) || !doc) return { schema: { hide: true }, url };

  const security = securityOf(url, route);
  const status = String(doc.status ?? 200);
  const response: Record<string, unknown> = {};
  if (doc.answer instanceof z.ZodType) {
    response[status] = {
      description: doc.summary,
      content: { "application/json": { schema: doc.answer } },
    };
  }
  for (const [code, codes] of errorsOf(doc, schema, security, route)) {
    response[String(code)] = {
      description: codes.join(", "),
      content: {
        "application/json": {
          schema: errorBody.extend({ error: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }),
        },
      },
    };
  }
  const withDocs = {
    ...schema,
    ...(doc.body && !schema.body && { body: doc.body.schema, consumes: [...doc.body.types] }),
    response,
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: [tagOf(url) ?? "Other"],
    security,
    operationId: `${method.toLowerCase()}${url.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string = "") => c.toUpperCase())}`,
  };
  const out = zodTransform({ ...input, schema: withDocs as never });
  const converted = out.schema as { response: Record<string, unknown> };
  if (doc.answer === "empty") {
    converted.response[status] = { type: "null", description: doc.summary };
  } else if (!(doc.answer instanceof z.ZodType)) {
    const [type, body] = NON_JSON[doc.answer];
    converted.response[status] = {
      description: doc.summary,
      content: { [type]: { schema: body } },
    };
  }
  return out;
}

/** Drops the "…Input" twins of the components that no request uses. */
function transformObject(input: Parameters<typeof zodTransformObject>[0]) {
  const document = zodTransformObject(input) as { components?: { schemas?: object } };
  const schemas = { ...(document.components?.schemas ?? {}) } as Record<string, unknown>;
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  let changed = true;
  const used = new Set<string>();
  // Components referenced by operations, then by the components they reference.
  const refs = (s: string) =>
    [...s.matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  for (const name of refs(text)) used.add(name);
  while (changed) {
    changed = false;
    for (const name of [...used]) {
      for (const ref of refs(JSON.stringify(schemas[name] ?? {}))) {
        if (!used.has(ref)) {
          used.add(ref);
          changed = true;
        }
      }
    }
  }
  for (const name of Object.keys(schemas)) {
    if (name.endsWith("Input") && !used.has(name)) delete schemas[name];
  }
  return { ...document, components: { ...document.components, schemas } };
}

/** Must run before the routes are registered: @fastify/swagger collects them as they come. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Atrium API",
        version: API_VERSION,
        description:
          "The HTTP API of Atrium. Paths are relative to the company's instance address. Every error is `{ error, message, fields? }` with a code of the catalogue (docs/errors.md). Realtime events, limits and the behaviour behind each call are in docs/api.md.",
      },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The access token answered by POST /auth/login or /auth/refresh_token.",
          },
          refreshCookie: {
            type: "apiKey",
            in: "cookie",
            name: REFRESH_COOKIE,
            description: "The httpOnly refresh cookie set at login.",
          },
          apiKey: {
            type: "apiKey",
            in: "header",
            name: "X_KEY",
            description:
              "The company's API key (atk_…), created on the Messages API page. X-Key is accepted too.",
          },
          apiToken: {
            type: "apiKey",
            in: "header",
            name: "X_TOKEN",
            description: "The token typed in a connection's form. X-Token is accepted too.",
          },
          visitorToken: {
            type: "http",
            scheme: "bearer",
            description: "A web-chat visitor's token, answered by POST /webchat/{uuid}/session.",
          },
        },
      },
    },
    transform: transform as never,
    transformObject: transformObject as never,
  });
}

/** The reference page and the document: public, with the page's own CSP. */
export async function registerDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    scope.addHook("onRequest", async (_request, reply) => {
      reply.header("content-security-policy", DOCS_CSP);
    });
    await scope.register(fastifySwaggerUi as never, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { deepLinking: true, tryItOutEnabled: false },
      validatorUrl: null,
      theme: { title: "Atrium API" },
    });
    scope.get(DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());
  });
}
