import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { AppError } from "../lib/errors.js";
import { loadActor, type AccessClaims, type Actor } from "../modules/auth/actor.js";

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Routes are authenticated unless they say `config: { public: true }`. */
    public?: boolean;
  }
}

export type VerifyAccessToken = (token: string) => AccessClaims;

/** Verifies an access token; an expired one asks the client to refresh and retry. */
export function makeVerifier(app: FastifyInstance): VerifyAccessToken {
  return (token) => {
    try {
      const claims = app.jwt.verify<AccessClaims & { typ?: string }>(token);
      if (claims.typ !== "access" || typeof claims.sub !== "number") throw new Error("bad token");
      return { sub: claims.sub, sid: claims.sid };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "FAST_JWT_EXPIRED") throw new AppError("ERR_TOKEN_EXPIRED");
      throw new AppError("ERR_SESSION_EXPIRED");
    }
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Every route is authenticated by default: a route added without thinking about auth is
 * closed, not open. Public routes opt out with `config: { public: true }`.
 */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  const verify = makeVerifier(app);
  app.decorateRequest("actor", null as unknown as Actor);
  app.addHook("onRoute", (route) => {
    if (route.config?.public) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request: FastifyRequest) => {
        // A plugin's scope may open its routes after this hook saw them (the API reference).
        if (request.routeOptions.config.public) return;
        const token = bearerToken(request);
        if (!token) throw new AppError("ERR_SESSION_EXPIRED");
        request.actor = await loadActor(db, verify(token));
      },
      ...existing,
    ];
  });
}
