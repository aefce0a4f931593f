import type { FastifyRequest } from "fastify";
import { msg, TEXT_MAX, textField, uuidParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { bearerToken } from "../../http/authenticate.js";
import { parseFields, readMultipart } from "../../http/multipart.js";
import { AppError } from "../../lib/errors.js";
import { visitorClaimsOf, type VisitorClaims } from "./webchat.service.js";

const params = z.object({ uuid: uuidParam });
/** A visitor's message (JSON); a file goes as multipart with the same fields. */
export const visitorMessage = z.object({
  body: textField(TEXT_MAX.customerMessage),
  clientId: z.string().min(1).max(64),
});
const VISITOR_TOKEN_TTL = 60 * 60 * 24 * 90;

/** Public endpoints of the web-chat widget; visitors authenticate with their own token. */
export async function webchatRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const webchat = ctx.services.webchat;

  // The widget runs on customers' sites: any origin may call these endpoints. Visitors
  // authenticate with a bearer token (no cookies), so a wildcard origin is safe.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("cross-origin-resource-policy", "cross-origin");
    reply.header("access-control-expose-headers", "retry-after");
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
      config: { public: true, rateLimit: ctx.limits.webchatSession },
      schema: {
        params,
        body: z.object({
          name: z.string().trim().min(2, msg.tooShort).max(50, msg.tooLong),
          email: z
            .union([
              z.literal(""),
              z.email({ error: msg.invalidEmail }).max(TEXT_MAX.email, msg.tooLong),
            ])
            .optional(),
          phone: z.string().max(30, msg.tooLong).optional(),
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
    // The visitor is a customer: NUL in their text is dropped by the inbound pipeline.
    { config: { ...publicRoute, providerText: true }, schema: { params } },
    async (request, reply) => {
      const claims = visitorClaims(request);
      if (request.isMultipart()) {
        const form = await readMultipart(request);
        const file = form.files[0];
        if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
        const fields = parseFields(visitorMessage.partial(), form.fields);
        const clientId = fields.clientId || `${Date.now()}`;
        const message = await webchat.receive(claims, { body: fields.body ?? "", clientId, file });
        webchat.echo(claims, message, clientId);
        return reply.status(201).send({ message });
      }
      const input = parseFields(visitorMessage, (request.body ?? {}) as Record<string, string>);
      const message = await webchat.receive(claims, input);
      webchat.echo(claims, message, input.clientId);
      return reply.status(201).send({ message });
    },
  );
}
