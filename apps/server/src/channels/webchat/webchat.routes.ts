import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { bearerToken } from "../../http/authenticate.js";
import { readMultipart } from "../../http/multipart.js";
import { AppError } from "../../lib/errors.js";
import { visitorClaimsOf, type VisitorClaims } from "./webchat.service.js";

const params = z.object({ uuid: z.string().max(64) });
const VISITOR_TOKEN_TTL = 60 * 60 * 24 * 90;

/** Public endpoints of the web-chat widget; visitors authenticate with their own token. */
export async function webchatRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const webchat = ctx.services.webchat;

  // The widget runs on customers' sites: any origin may call these endpoints. Visitors
  // authenticate with a bearer token (no cookies), so a wildcard origin is safe.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("cross-origin-resource-policy", "cross-origin");
  });
  app.options("/webchat/*", { config: { public: true } }, async (_request, reply) =>
    reply
      .header("access-control-allow-methods", "GET, POST, OPTIONS")
      .header("access-control-allow-headers", "authorization, content-type")
      .header("access-control-max-age", "86400")
      .status(204)
      .send(),
  );
  const publicRoute = { public: true, rateLimit: { max: 120, timeWindow: 60_000 } };

  const visitorClaims = (request: FastifyRequest): VisitorClaims => {
    const token = bearerToken(request);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED");
    try {
      return visitorClaimsOf(app, token);
    } catch {
      throw new AppError("ERR_SESSION_EXPIRED");
    }
  };
  const optionalClaims = (request: FastifyRequest) => {
    try {
      return visitorClaims(request);
    } catch {
      return undefined;
    }
  };

  app.get("/webchat/:uuid/config", { config: publicRoute, schema: { params } }, (request) =>
    webchat.publicConfig(request.params.uuid),
  );

  app.post(
    "/webchat/:uuid/session",
    {
      config: publicRoute,
      schema: {
        params,
        body: z.object({
          name: z.string().trim().min(2, "Too Short!").max(50, "Too Long!"),
          email: z.union([z.literal(""), z.email({ error: "Invalid email" })]).optional(),
          phone: z.string().max(30).optional(),
        }),
      },
    },
    async (request) => {
      const visitor = await webchat.identify(
        request.params.uuid,
        request.body,
        optionalClaims(request),
      );
      const claims: VisitorClaims = {
        typ: "visitor",
        con: visitor.connectionId,
        vid: visitor.contactId,
      };
      const token = app.jwt.sign(claims, { expiresIn: VISITOR_TOKEN_TTL });
      return { token, visitor: { name: visitor.name } };
    },
  );

  app.get(
    "/webchat/:uuid/messages",
    { config: publicRoute, schema: { params } },
    async (request) => ({
      messages: await webchat.history(visitorClaims(request)),
    }),
  );

  app.post(
    "/webchat/:uuid/messages",
    { config: publicRoute, schema: { params } },
    async (request, reply) => {
      const claims = visitorClaims(request);
      if (request.isMultipart()) {
        const form = await readMultipart(request);
        const file = form.files[0];
        if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
        const message = await webchat.receive(claims, {
          body: form.fields.body ?? "",
          clientId: form.fields.clientId || `${Date.now()}`,
          file,
        });
        webchat.echo(claims, message);
        return reply.status(201).send({ message });
      }
      const body = z
        .object({ body: z.string().max(5000), clientId: z.string().min(1).max(64) })
        .safeParse(request.body);
      if (!body.success) throw new AppError("ERR_VALIDATION", body.error.issues[0]?.message);
      const message = await webchat.receive(claims, body.data);
      webchat.echo(claims, message);
      return reply.status(201).send({ message });
    },
  );
}
