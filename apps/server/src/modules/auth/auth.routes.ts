import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { loginSchema, setPasswordSchema, signupSchema } from "@atrium/shared";
import type { AppContext, AppInstance } from "../../app.js";
import { bearerToken, makeVerifier } from "../../http/authenticate.js";
import { clientKey } from "../../lib/attempts.js";
import { AppError } from "../../lib/errors.js";
import { presentSessionUser, presentUser } from "../users/users.presenter.js";
import { userRowOf } from "./actor.js";
import type { IssuedSession } from "./auth.service.js";
import { parseRefreshCookie, REFRESH_COOKIE } from "./tokens.js";

export async function authRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { auth } = ctx.services;
  const verifyAccess = makeVerifier(app);
  const secure = ctx.config.PUBLIC_URL.startsWith("https://");

  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) => {
    if (!session.secret) return;
    reply.setCookie(REFRESH_COOKIE, `${session.sessionId}.${session.secret}`, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/auth",
      expires: session.expiresAt,
    });
  };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: "/auth" });

  const respondWithSession = async (reply: FastifyReply, session: IssuedSession) => {
    const token = app.jwt.sign({ sub: session.user.id, sid: session.sessionId, typ: "access" });
    setRefreshCookie(reply, session);
    return {
      token,
      uuid: session.user.uuid,
      user: await presentSessionUser(ctx.db, session.user),
    };
  };

  app.post(
    "/auth/login",
    {
      schema: { body: loginSchema },
      config: { public: true, rateLimit: ctx.limits.loginPerIp },
    },
    async (request, reply) => {
      const { email } = request.body;
      const client = clientKey(request.ip);
      const guard = ctx.limits.login;
      const wait = guard.retryAfterSeconds(email, client);
      if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", undefined, undefined, wait);
      // Held before the password check, right or wrong, so the delay tells nothing.
      const delay = guard.delayMs(email);
      if (delay) await sleep(delay);
      try {
        const session = await auth.login(request.body, sessionContext(request));
        guard.succeeded(email, client);
        return await respondWithSession(reply, session);
      } catch (err) {
        if (err instanceof AppError && err.code === "ERR_INVALID_CREDENTIALS") {
          guard.failed(email, client);
        }
        throw err;
      }
    },
  );

  app.post(
    "/auth/refresh_token",
    { config: { public: true, rateLimit: ctx.limits.loginPerIp } },
    async (request, reply) => {
      const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
      if (!cookie) throw new AppError("ERR_SESSION_EXPIRED");
      try {
        return await respondWithSession(reply, await auth.refresh(cookie.sid, cookie.secret));
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.get("/auth/me", async (request) => {
    // The row the request's authentication just read, not a second read of it.
    const user = userRowOf(request.actor) ?? (await ctx.services.users.findRow(request.actor.id));
    return presentSessionUser(ctx.db, user);
  });

  // Public: a client whose access token already expired can still end its session.
  app.post("/auth/logout", { config: { public: true } }, async (request, reply) => {
    const sids = new Set<string>();
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    if (cookie) sids.add(cookie.sid);
    const token = bearerToken(request);
    if (token) {
      try {
        sids.add(verifyAccess(token).sid);
      } catch {
        // An expired or invalid access token: the cookie (if any) identifies the session.
      }
    }
    for (const sid of sids) await auth.revoke(sid, "logout");
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.post(
    "/auth/signup",
    { schema: { body: signupSchema }, config: { public: true, rateLimit: ctx.limits.loginPerIp } },
    async (request, reply) => {
      const user = await auth.signup(request.body);
      return reply.status(201).send(await presentUser(ctx.db, user));
    },
  );

  // Public: the one-time link of an access email sets the password (and ends every session).
  app.post(
    "/auth/set-password",
    {
      schema: { body: setPasswordSchema },
      config: { public: true, rateLimit: ctx.limits.loginPerIp },
    },
    async (request, reply) => {
      await ctx.services.passwordLinks.use(request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );
}

function sessionContext(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
