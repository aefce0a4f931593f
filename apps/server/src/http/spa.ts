import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

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
export async function registerSpa(app: FastifyInstance, root: string | undefined): Promise<void> {
  if (!root) return;
  await app.register(fastifyStatic, { root, serve: false, wildcard: false });
  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html");

  app.addHook("onRequest", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/socket.io") || !isNavigation(request)) return;
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
    await reply.sendFile(path.relative(root, file));
    return true;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    serveSpaAsset?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}
