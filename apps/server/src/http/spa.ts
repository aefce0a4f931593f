import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiOrigins, spaCsp, webchatCsp } from "./csp.js";

/** apps/web/dist, found from this file in src/ or in the bundled dist/. */
export function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "apps", "web", "dist");
    if (existsSync(path.join(candidate, "index.html"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** apps/widget/dist (the web-chat widget), found like the SPA. */
export function findWidgetDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "apps", "widget", "dist");
    if (existsSync(path.join(candidate, "widget.js"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** A speech bubble, as the chat page's favicon. */
const CHAT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#002d6e" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z"/></svg>',
)}`;

/**
 * The widget script (one tag on any site) and a standalone chat page per connection, for
 * testing a connection without embedding it anywhere.
 */
function registerWidget(app: FastifyInstance, widgetRoot: string): void {
  const script = () => readFileSync(path.join(widgetRoot, "widget.js"), "utf8");
  app.get("/widget.js", { config: { public: true } }, async (_request, reply) =>
    reply
      .header("content-type", "application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("access-control-allow-origin", "*")
      .header("cross-origin-resource-policy", "cross-origin")
      .send(script()),
  );
  app.get<{ Params: { uuid: string } }>(
    "/webchat/:uuid",
    { config: { public: true } },
    async (request, reply) => {
      const uuid = request.params.uuid.replace(/[^0-9a-fA-F-]/g, "");
      // The widget sets the page's language from the company's setting; the icon is inline so
      // the browser asks for no /favicon.ico.
      const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Chat</title><link rel="icon" href="${CHAT_ICON}"><style>${PAGE_STYLE}</style></head><body><script src="/widget.js" data-connection="${uuid}" data-mode="page"></script></body></html>`;
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", PAGE_CSP)
        .send(html);
    },
  );
}

/** The standalone chat page's one inline style, allowed by its hash in the page's CSP. */
const PAGE_STYLE =
  "html,body{margin:0;height:100%;font-family:system-ui,sans-serif;background:#f4f6f8}";
const PAGE_CSP = webchatCsp(PAGE_STYLE);

/** A browser navigation (typing a URL, reload) rather than an API call from the client. */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  if (request.headers["sec-fetch-mode"] === "navigate") return true;
  const accept = request.headers.accept ?? "";
  return accept.startsWith("text/html");
}

/**
 * Serves the built SPA from the same origin as the API. The API and the SPA share paths
 * (/users, /tickets/…), so navigations get index.html and API calls (Accept: JSON) get JSON.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string | undefined,
  widgetRoot: string | undefined,
  apiOrigins: ApiOrigins,
): Promise<void> {
  if (widgetRoot) registerWidget(app, widgetRoot);
  if (!root) return;
  // cacheControl off: the headers set below (immutable assets, no-cache index) must stand.
  await app.register(fastifyStatic, { root, serve: false, wildcard: false, cacheControl: false });
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .header("cache-control", "no-cache")
      .header("content-security-policy", spaCsp(await apiOrigins.list()))
      .sendFile("index.html");

  app.addHook("onRequest", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (!isNavigation(request) || /^\/(socket\.io|webchat|widget|files|api)\b/.test(url)) return;
    const file = path.join(root, path.normalize(url));
    if (url !== "/" && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return;
    return sendIndex(reply);
  });
  app.decorate("serveSpaAsset", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = decodeURIComponent(request.url.split("?")[0] ?? "/");
    const file = path.join(root, path.normalize(url));
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      return false;
    }
    const immutable = url.startsWith("/assets/");
    reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (file.endsWith(".html")) {
      reply.header("content-security-policy", spaCsp(await apiOrigins.list()));
    }
    await reply.sendFile(path.relative(root, file));
    return true;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    serveSpaAsset?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}
