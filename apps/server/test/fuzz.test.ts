import { createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import {
  apiSendSchema,
  errorCatalogue,
  messageSendSchema,
  queueOptionSchema,
} from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../src/app.js";
import {
  createCompany,
  createConnection,
  createQueue,
  createUser,
  inbound,
  login,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";
import { multipart } from "./admin-helpers.js";
import {
  HUGE,
  jsonBodyFor,
  jsonSchemaOf,
  multipartFor,
  paramValue,
  queryFor,
  type JsonSchema,
  type RawBody,
} from "./fuzz-inputs.js";

/**
 * Schema-driven fuzz of every route the app registers (issue #11 item 5): whatever a client
 * sends, the answer is never 5xx and always `{ error, message }` with a catalogued code.
 * Seeded (FUZZ_SEED) and bounded (FUZZ_RUNS per route); a failure prints the request to replay.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 11_05);
const RUNS = Number(process.env.FUZZ_RUNS ?? 22);
const META_SECRET = "fuzz-meta-secret";
/** The app registers 151 routes (OPTIONS aside); fewer than this means routes went missing. */
const ROUTES_FLOOR = 130;
/** Share of answers other than 401/403: 95% with the default seed; the floor leaves margin. */
const REACHED_SHARE = 0.8;

/** Routes whose handler parses the body itself: the schema it applies. */
const HANDLER_SCHEMAS: Record<string, z.ZodType> = {
  "POST /messages/:ticketId": messageSendSchema,
  "POST /queue-options": queueOptionSchema,
  "PUT /queue-options/:id": queueOptionSchema,
  "POST /api/messages/send": apiSendSchema,
  "POST /webchat/:uuid/messages": z.object({ body: z.string(), clientId: z.string() }),
};

/** Never fuzzed with a session: it would end the session the other cases use. */
const ANONYMOUS_ONLY = new Set(["POST /auth/logout", "POST /auth/refresh_token"]);

let server: TestServer;
let world: Awaited<ReturnType<typeof seedWorld>>;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      BAILEYS_FAKE: "1",
      META_APP_SECRET: META_SECRET,
      META_VERIFY_TOKEN: "fuzz-verify",
      GRAPH_API_URL: "http://127.0.0.1:9",
    },
  });
  world = await seedWorld(server);
});
afterAll(async () => server?.close());

/** A company with one of everything, its admin, a super user, and victims to point ids at. */
async function seedWorld(server: TestServer) {
  const company = await createCompany(
    server.db,
    { apiEnabled: true },
    { campaignsEnabled: "true" },
  );
  const queue = await createQueue(server.db, company.id);
  const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
  const superUser = await createUser(server.db, {
    companyId: company.id,
    profile: "admin",
    super: true,
  });
  const victimUser = await createUser(server.db, { companyId: company.id });
  const victimCompany = await createCompany(server.db);
  await createUser(server.db, { companyId: victimCompany.id, profile: "admin" });
  const as = {
    admin: await login(server, admin.email),
    super: await login(server, superUser.email),
  };
  const webchat = await createConnection(server, company.id, { token: `tok-${uid()}` });
  await createConnection(server, company.id, {
    channelType: "WHATSAPP_BUSINESS",
    isDefault: false,
    config: { phoneNumberId: "1555000111", accessToken: "fuzz" },
  });
  const received = await inbound(server, webchat, { number: "5511999990000", body: "oi" });
  const ticket = received.ticket;
  const post = async (s: Session, url: string, body: unknown) => {
    const res = await request(server, s, "POST", url, body);
    if (res.statusCode >= 300) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const contact = await post(as.admin, "/contacts", { name: "Fuzz", number: "5511988887777" });
  const tag = await post(as.admin, "/tags", { name: "fuzz tag" });
  const quick = await post(as.admin, "/quick-messages", { shortcode: "fuzz", message: "hi" });
  const schedule = await post(as.admin, "/schedules", {
    contactId: contact.id,
    body: "later",
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const chat = await post(as.admin, "/chats", { title: "fuzz chat" });
  const contactList = await post(as.admin, "/contact-lists", { name: "fuzz list" });
  const listItem = await post(as.admin, "/contact-list-items", {
    contactListId: contactList.id,
    name: "Fuzz",
    number: "5511966665555",
  });
  const campaign = await post(as.admin, "/campaigns", {
    name: "fuzz campaign",
    whatsappId: webchat.id,
    contactListId: contactList.id,
    messages: ["oi {nome}"],
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await request(server, as.admin, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
  const sent = await post(as.admin, `/messages/${ticket.id}`, { body: "hello" });
  const option = (
    await multipart(server, as.admin, "POST", "/queue-options", {
      fields: { title: "Vendas", queueId: queue.id },
    })
  ).json();
  const announcement = await post(as.super, "/announcements", { title: "t", text: "x" });
  const help = await post(as.super, "/helps", { title: "help" });
  const plan = await post(as.super, "/plans", { name: `fuzz ${uid()}` });
  const apiKey = (await post(as.admin, "/api/messages/key", {})).key as string;
  const visitor = await post(as.admin, `/webchat/${webchat.uuid}/session`, { name: "Visitor" });
  const ids: Record<string, string> = {
    announcements: String(announcement.id),
    campaigns: String(campaign.id),
    "contact-lists": String(contactList.id),
    "contact-list-items": String(listItem.id),
    chats: String(chat.id),
    companies: String(victimCompany.id),
    contacts: String(contact.id),
    helps: String(help.id),
    plans: String(plan.id),
    "queue-options": String(option.id),
    queue: String(queue.id),
    "quick-messages": String(quick.id),
    schedules: String(schedule.id),
    tags: String(tag.id),
    tickets: String(ticket.id),
    users: String(victimUser.id),
    whatsapp: String(webchat.id),
    whatsappsession: String(webchat.id),
    messages: String(ticket.id),
    settings: "userRating",
    webchat: webchat.uuid,
  };
  /** Field values that make a body valid: ids of the seeded records by field name. */
  const known: Record<string, unknown> = {
    contactId: contact.id,
    ticketId: ticket.id,
    queueId: queue.id,
    userId: victimUser.id,
    planId: plan.id,
    whatsappId: webchat.id,
    quickMessageId: quick.id,
    contactListId: contactList.id,
    queueIds: [queue.id],
    userIds: [],
    tags: [tag.id],
    number: "5511977776666",
    clientId: uid(),
  };
  return {
    as,
    ids,
    known,
    ticket,
    messageId: String(sent.messages?.[0]?.id ?? ""),
    victimCompanyId: String(victimCompany.id),
    api: { key: apiKey, token: webchat.token },
    visitorToken: visitor.token as string,
    metaPhoneId: "1555000111",
  };
}

/** The valid value of a path parameter, chosen by the route's first path segment. */
function validParam(url: string, name: string, method: string): string | undefined {
  const segment = url.split("/")[1] ?? "";
  if (name === "kind") return "note";
  if (name === "uuid") return segment === "tickets" ? world.ticket.uuid : world.ids.webchat;
  if (name === "companyId") return world.victimCompanyId;
  if (segment === "messages" && name === "id" && method === "DELETE") return world.messageId;
  if (name === "connectionId") return world.ids.whatsapp;
  return world.ids[segment];
}

interface Case {
  route: RouteEntry;
  url: string;
  actor: "admin" | "super" | "anonymous" | "visitor";
  body?: RawBody;
}

function schemaOf(route: RouteEntry, part: "body" | "querystring" | "params"): JsonSchema | null {
  const handler = part === "body" ? HANDLER_SCHEMAS[`${route.method} ${route.url}`] : undefined;
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part] ?? handler;
  return schema ? jsonSchemaOf(schema) : null;
}

function metaPayload(): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
    fc.constant(HUGE.slice(0, 100_000)),
  );
  const message = fc.record({
    from: fc.oneof(fc.constant("5511977776666"), text),
    id: fc.oneof(
      fc.string({ maxLength: 30 }).map((s) => `wamid.${s}`),
      text,
    ),
    timestamp: fc.oneof(
      fc.constant(String(Math.floor(Date.now() / 1000))),
      fc.constantFrom("99999999999999999999", "-1", "abc\u0000", "1e400"),
    ),
    type: fc.constantFrom("text", "image", "unknown\u0000", "reaction"),
    text: fc.record({ body: text }),
  });
  const contactName = fc.record({ profile: fc.record({ name: text }), wa_id: text });
  return fc
    .tuple(fc.array(message, { maxLength: 2 }), fc.array(contactName, { maxLength: 1 }))
    .map(([messages, contacts]) => ({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: world.metaPhoneId },
                messages,
                contacts,
              },
            },
          ],
        },
      ],
    }));
}

function casesFor(route: RouteEntry, index: number): Case[] {
  const key = `${route.method} ${route.url}`;
  const paramsSchema = schemaOf(route, "params");
  const query = schemaOf(route, "querystring");
  const body = schemaOf(route, "body") ?? {};
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const path = fc
    .tuple(...names.map((n) => paramValue(validParam(route.url, n, route.method))))
    .map((values) => {
      let url = route.url;
      names.forEach((n, i) => (url = url.replace(`:${n}`, values[i]!)));
      return url.replace("*", "config");
    });
  const qs = query ? queryFor(query) : fc.constantFrom("", "x=%00", `q=${"a".repeat(3000)}`);
  const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method);
  const payload: fc.Arbitrary<RawBody | undefined> = hasBody
    ? route.url === "/webhooks/meta"
      ? fc.oneof(
          metaPayload().map((p) => ({
            contentType: "application/json",
            payload: JSON.stringify(p),
          })),
          jsonBodyFor({}),
        )
      : fc.oneof(
          { arbitrary: jsonBodyFor(body, world.known), weight: 3 },
          { arbitrary: multipartFor(body), weight: 1 },
        )
    : fc.constant(undefined);
  const actors: Case["actor"][] = ANONYMOUS_ONLY.has(key)
    ? ["anonymous"]
    : route.url.startsWith("/webchat/")
      ? ["visitor", "anonymous"]
      : route.public
        ? ["anonymous"]
        : ["admin", "super"];
  void paramsSchema;
  const arb = fc.record({
    url: fc.tuple(path, qs).map(([p, q]) => (q ? `${p}?${q}` : p)),
    actor: fc.constantFrom(...actors),
    body: payload,
  });
  return fc.sample(arb, { seed: SEED + index, numRuns: RUNS }).map((c) => ({ route, ...c }));
}

function send(c: Case, n: number) {
  const headers: Record<string, string> = { accept: "application/json" };
  const session =
    c.actor === "admin" ? world.as.admin : c.actor === "super" ? world.as.super : undefined;
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (c.actor === "visitor") headers.authorization = `Bearer ${world.visitorToken}`;
  if (c.route.url === "/api/messages/send") {
    headers.x_key = world.api.key;
    headers.x_token = world.api.token;
  }
  if (c.body?.contentType) headers["content-type"] = c.body.contentType;
  if (c.route.url === "/webhooks/meta" && c.body) {
    headers["x-hub-signature-256"] =
      `sha256=${createHmac("sha256", META_SECRET).update(c.body.payload).digest("hex")}`;
  }
  return server.app.inject({
    method: c.route.method as "GET",
    url: c.url,
    headers,
    // A different client address per request: the per-address rate limits stay out of the way.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(c.body && { payload: c.body.payload }),
  });
}

const describeCase = (c: Case) =>
  `${c.route.method} ${c.url.slice(0, 200)} as ${c.actor}` +
  (c.body ? ` [${c.body.contentType}] ${String(c.body.payload).slice(0, 200)}` : "");

describe("fuzz: every route, hostile input", () => {
  it("never answers 5xx, always { error, message } with a catalogued code", async () => {
    const routes = server.routes.filter((r) => r.method !== "OPTIONS");
    // Deletes last, so the records the other cases point at still exist.
    const order = [...routes].sort(
      (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
    );
    const cases = order.flatMap((route, i) => casesFor(route, i));
    const failures: string[] = [];
    const started = Date.now();
    let n = 0;
    // Answers past authentication and authorisation: the cases reach the routes' own checks.
    let reached = 0;
    for (const c of cases) {
      const res = await send(c, ++n);
      if (res.statusCode !== 401 && res.statusCode !== 403) reached++;
      let problem: string | null = null;
      if (res.statusCode >= 500) problem = `status ${res.statusCode}`;
      else if (res.statusCode >= 400) {
        const body = (() => {
          try {
            return res.json() as { error?: string; message?: unknown };
          } catch {
            return null;
          }
        })();
        if (!body || typeof body.message !== "string" || !body.error) problem = "no error body";
        else if (!Object.hasOwn(errorCatalogue, body.error)) problem = `unknown code ${body.error}`;
      }
      if (problem) failures.push(`${problem}: ${describeCase(c)} → ${res.body.slice(0, 300)}`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `fuzz: ${cases.length} requests over ${routes.length} routes in ${seconds} s (seed ${SEED}); ${reached} past 401/403; ${failures.length} failures\n`,
    );
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, failures.join("\n"));
    expect(failures, failures.slice(0, 40).join("\n")).toEqual([]);
    // Every route is exercised, and most answers come from the routes' own checks rather than
    // the authentication wall (a broken session would turn the run into 401s that pass).
    expect(routes.length).toBeGreaterThan(ROUTES_FLOOR);
    expect(reached).toBeGreaterThan(cases.length * REACHED_SHARE);
  }, 600_000);
});
