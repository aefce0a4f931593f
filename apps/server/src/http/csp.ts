import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { asc } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { cleanFileName } from "../lib/content-type.js";
import { instances } from "../db/schema/index.js";

/**
 * Content-Security-Policy of every kind of response (docs/security.md "Content-Security-Policy").
 * Each is one line so it can be read (and asserted) as it goes out.
 */

/** `/files/*`: no script, no subresource, an opaque origin even if a browser renders it. */
export const FILES_CSP = "default-src 'none'; sandbox";

/** API answers (JSON, errors, widget.js, static files): nothing to load, never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The API reference at /api/docs (Swagger UI, served from our origin): its scripts and
 * stylesheets from here, the document fetched from here. Swagger UI writes a <style> element
 * at run time (e2e/api-docs.e2e.ts sees the violation without it), hence 'unsafe-inline' for
 * styles only, as the SPA; its icons are data: SVGs. Nothing may frame it or post a form.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** YouTube players on the Help page (admin-operator "Helps"). */
const VIDEO_FRAMES = ["https://www.youtube.com", "https://www.youtube-nocookie.com"];

/**
 * The SPA. Scripts only from our origin; MUI's emotion writes its rules into <style> elements
 * at run time, so style-src needs 'unsafe-inline' (a nonce would need a per-request index.html;
 * styles cannot run script). `apiOrigins` are the instance addresses companies use as API base:
 * HTTP calls and the Socket.IO websocket go there.
 */
export function spaCsp(apiOrigins: readonly string[]): string {
  const sockets = apiOrigins.map((origin) => origin.replace(/^http/, "ws"));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Contacts' profile pictures come from the providers' CDNs (https).
    `img-src 'self' data: blob: https: ${apiOrigins.join(" ")}`.trimEnd(),
    `media-src 'self' blob: ${apiOrigins.join(" ")}`.trimEnd(),
    "font-src 'self' data:",
    `connect-src 'self' ${[...apiOrigins, ...sockets].join(" ")}`.trimEnd(),
    `frame-src ${VIDEO_FRAMES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * The standalone chat page `/webchat/<uuid>`: our widget script and its API on this origin, the
 * page's one inline style by its hash. The widget adopts its stylesheet through CSSOM
 * (constructable stylesheets), which style-src does not govern, so host sites with a strict
 * CSP need no 'unsafe-inline' for it either.
 */
export function webchatCsp(inlineStyle: string): string {
  const hash = createHash("sha256").update(inlineStyle).digest("base64");
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'sha256-${hash}'`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * `Content-Disposition` (RFC 6266): an ASCII fallback name plus the exact name in RFC 8187
 * encoding. Control characters are dropped so a hostile name cannot split the header.
 */
export function contentDisposition(inline: boolean, name: string): string {
  const clean = cleanFileName(name) || "file";
  const fallback =
    clean
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%]/g, "_")
      .trim() || "file";
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Origins the SPA may call: this node's PUBLIC_URL and every instance address (operators type
 * them; anything that is not an http(s) URL is skipped). Cached briefly: index.html is served
 * on every navigation.
 */
export class ApiOrigins {
  private cached?: { at: number; origins: string[] };

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly ttlMs = 60_000,
  ) {}

  async list(now = Date.now()): Promise<string[]> {
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.origins;
    const rows = await this.db
      .select({ address: instances.address })
      .from(instances)
      .orderBy(asc(instances.id));
    const origins = new Set<string>();
    for (const address of [this.publicUrl, ...rows.map((r) => r.address)]) {
      const origin = originOf(address);
      if (origin) origins.add(origin);
    }
    this.cached = { at: now, origins: [...origins] };
    return this.cached.origins;
  }
}

/** The http(s) origin of an address, or undefined for anything else. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Every answer without a policy of its own gets the API's: nothing to load, never framed. */
export function registerDefaultCsp(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", API_CSP);
    }
  });
}
