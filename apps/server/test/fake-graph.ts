import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestServer } from "./harness.js";

/** One request the fake Graph API received. */
export interface GraphRequest {
  method: string;
  /** Path without the version prefix: "/me/messages", "/12345/media". */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  /** Parsed JSON, or the fields of a multipart form (files as {name, type, size, text}). */
  body: Record<string, unknown>;
  /** Answered with a failure set by `fail()`. */
  failed?: boolean;
  /** When it arrived (Date.now()). */
  at: number;
}

interface Failure {
  method?: string;
  path: string | RegExp;
  status: number;
  error: { message: string; code?: number; type?: string };
  times: number;
  /** Extra answer headers (Retry-After). */
  headers?: Record<string, string>;
  /** Answer only after this long (longer than the client's timeout: a timeout). */
  delayMs?: number;
}

export interface FakeGraph {
  /** Base URL to use as GRAPH_API_URL (with the version segment, like the real one). */
  url: string;
  /** Origin of the server (media download and CDN URLs live here). */
  origin: string;
  requests: GraphRequest[];
  /** Objects answered by GET /{id} (pages, phone numbers, Instagram accounts, profiles). */
  objects: Map<string, Record<string, unknown>>;
  /** A WhatsApp Cloud media id: GET /{id} gives its URL, downloaded with the bearer token. */
  addMedia(id: string, data: Buffer, mimeType: string): void;
  /** A public CDN file (Messenger/Instagram attachment URLs); answers its URL. */
  addCdnFile(name: string, data: Buffer, mimeType: string): string;
  /** Runs before a Send API answer goes out, with the message id it carries (echo races). */
  beforeReply: ((messageId: string) => Promise<void>) | null;
  /** The next `times` matching requests fail with this Graph error. */
  fail(f: Omit<Failure, "times"> & { times?: number }): void;
  /** Drops the failures still pending (the provider is healthy again). */
  clearFailures(): void;
  /** Requests whose path matches (and method, when given). */
  find(path: string | RegExp, method?: string): GraphRequest[];
  close(): Promise<void>;
}

const VERSION = "v21.0";

/**
 * A real HTTP server that answers like Meta's Graph API does for the calls Atrium makes: the
 * Send API (Messenger, Instagram), the Cloud API (WhatsApp messages, media upload, media URL
 * and download), GET of pages/phone numbers/profiles; errors on demand. Every request is kept.
 */
export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: GraphRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const media = new Map<string, { data: Buffer; mimeType: string }>();
  const cdn = new Map<string, { data: Buffer; mimeType: string }>();
  const failures: Failure[] = [];
  let counter = 0;
  let origin = "";
  // Assigned once the server listens, before anyone can call it; the handler reads beforeReply.
  // eslint-disable-next-line prefer-const
  let fake: FakeGraph;

  const server: Server = createServer(async (req, res) => {
    const arrived = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", origin);
    const send = (
      status: number,
      body: unknown,
      type = "application/json",
      headers: Record<string, string> = {},
    ) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };

    // Binary downloads: outside the versioned API, like Meta's CDN and lookaside URLs.
    if (url.pathname.startsWith("/download/")) {
      const item = media.get(decodeURIComponent(url.pathname.slice("/download/".length)));
      if (!item) return send(404, { error: { message: "Not found", code: 100 } });
      if (!req.headers.authorization?.startsWith("Bearer ")) {
        return send(401, { error: { message: "Missing access token", code: 190 } });
      }
      return send(200, item.data, item.mimeType);
    }
    if (url.pathname.startsWith("/cdn/")) {
      const item = cdn.get(decodeURIComponent(url.pathname.slice("/cdn/".length)));
      if (!item) return send(404, "not found", "text/plain");
      return send(200, item.data, item.mimeType);
    }

    const path = url.pathname.replace(`/${VERSION}`, "") || "/";
    const record: GraphRequest = {
      at: arrived,
      method: req.method ?? "GET",
      path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: await parseBody(req, raw),
    };
    requests.push(record);

    const failure = failures.find(
      (f) =>
        f.times > 0 &&
        (!f.method || f.method === record.method) &&
        (typeof f.path === "string" ? f.path === path : f.path.test(path)),
    );
    if (failure) {
      failure.times--;
      record.failed = true;
      if (failure.delayMs) await new Promise((r) => setTimeout(r, failure.delayMs));
      return send(
        failure.status,
        { error: { type: "OAuthException", fbtrace_id: "fake", ...failure.error } },
        "application/json",
        failure.headers,
      );
    }
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      return send(400, { error: { message: "An access token is required", code: 104 } });
    }

    const segments = path.split("/").filter(Boolean);
    if (record.method === "POST" && path === "/me/messages") {
      const body = record.body as { recipient?: { id?: string }; sender_action?: string };
      if (body.sender_action) return send(200, { recipient_id: body.recipient?.id });
      const messageId = `m_fake_${++counter}`;
      await fake.beforeReply?.(messageId);
      return send(200, { recipient_id: body.recipient?.id, message_id: messageId });
    }
    if (record.method === "POST" && segments.length === 2 && segments[1] === "messages") {
      const body = record.body as { to?: string; status?: string };
      if (body.status === "read") return send(200, { success: true });
      return send(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.fake${++counter}` }],
      });
    }
    if (record.method === "POST" && segments.length === 2 && segments[1] === "media") {
      return send(200, { id: `uploaded-media-${++counter}` });
    }
    if (record.method === "GET" && segments.length === 1) {
      const id = segments[0]!;
      const item = media.get(id);
      if (item) {
        return send(200, {
          messaging_product: "whatsapp",
          id,
          url: `${origin}/download/${encodeURIComponent(id)}`,
          mime_type: item.mimeType,
          file_size: item.data.length,
        });
      }
      const object = objects.get(id);
      if (object) return send(200, object);
      return send(404, {
        error: {
          message: `Unsupported get request. Object with ID '${id}' does not exist`,
          code: 100,
        },
      });
    }
    return send(400, { error: { message: `Unknown path ${path}`, code: 100 } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake = {
    url: `${origin}/${VERSION}`,
    origin,
    requests,
    objects,
    beforeReply: null,
    addMedia: (id, data, mimeType) => void media.set(id, { data, mimeType }),
    addCdnFile: (name, data, mimeType) => {
      cdn.set(name, { data, mimeType });
      return `${origin}/cdn/${encodeURIComponent(name)}`;
    },
    fail: (f) => void failures.push({ times: 1, ...f }),
    clearFailures: () => void failures.splice(0),
    find: (path, method) =>
      requests.filter(
        (r) =>
          (!method || r.method === method) &&
          (typeof path === "string" ? r.path === path : path.test(r.path)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"] ?? "";
  if (!raw.length) return {};
  if (type.includes("application/json")) return JSON.parse(raw.toString("utf8"));
  if (type.includes("multipart/form-data")) {
    const form = await new Response(raw, { headers: { "content-type": type } }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      out[key] =
        typeof value === "string"
          ? value
          : { name: value.name, type: value.type, size: value.size, text: await value.text() };
    }
    return out;
  }
  return { raw: raw.toString("utf8") };
}

/* ------------------------------------------------------------------ webhook helpers */

export const META_APP_SECRET = "test-meta-app-secret";
export const META_VERIFY_TOKEN = "test-meta-verify-token";

export function signBody(body: string, secret = META_APP_SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** POSTs a webhook call to /webhooks/meta as Meta does: JSON signed with the app secret. */
export function postWebhook(
  server: TestServer,
  payload: unknown,
  signature: string | null = signBody(JSON.stringify(payload)),
) {
  const body = JSON.stringify(payload);
  return server.app.inject({
    method: "POST",
    url: "/webhooks/meta",
    headers: {
      "content-type": "application/json",
      ...(signature !== null && { "x-hub-signature-256": signature }),
    },
    payload: body,
  });
}

/** A WhatsApp Cloud webhook call with these messages/statuses for one phone number id. */
export function whatsappPayload(
  phoneNumberId: string,
  value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] },
) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A Messenger ("page") or Instagram webhook call with these messaging events. */
export function messagingPayload(
  object: "page" | "instagram",
  ownId: string,
  messaging: unknown[],
) {
  return { object, entry: [{ id: ownId, time: Date.now(), messaging }] };
}
