import { apiSendSchema } from "@atrium/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext, AppInstance } from "../../app.js";
import { parseFields, readMultipart } from "../../http/multipart.js";
import { clientKey } from "../../lib/attempts.js";

/** Sends per key (or per address without one) and minute, per node. */
export const MESSAGES_API_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** X_KEY / X_TOKEN as the spec names them; X-Key / X-Token for proxies that drop underscores. */
function header(request: FastifyRequest, name: "key" | "token"): string | undefined {
  const value = request.headers[`x_${name}`] ?? request.headers[`x-${name}`];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

export async function messagesApiRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { messagesApi } = ctx.services;

  // Public: the caller is authenticated by X_KEY (company) and X_TOKEN (connection).
  app.post(
    "/api/messages/send",
    {
      config: {
        public: true,
        rateLimit: {
          ...MESSAGES_API_RATE_LIMIT,
          keyGenerator: (request) => header(request, "key") ?? clientKey(request.ip),
        },
      },
    },
    async (request, reply) => {
      const caller = await messagesApi.authenticate(
        header(request, "key"),
        header(request, "token"),
      );
      if (request.isMultipart()) {
        const form = await readMultipart(request);
        const files = form.files.filter((f) => f.field === "medias" || f.field === "media");
        const input = parseFields(apiSendSchema, form.fields);
        return reply.status(201).send(await messagesApi.send(caller, { ...input, files }));
      }
      const input = parseFields(apiSendSchema, (request.body ?? {}) as Record<string, string>);
      return reply.status(201).send(await messagesApi.send(caller, { ...input, files: [] }));
    },
  );

  // The company's key, for its admins: status, and a new key shown once.
  app.get("/api/messages/key", (request) => messagesApi.keyStatus(request.actor));
  app.post("/api/messages/key", async (request, reply) =>
    reply.status(201).send(await messagesApi.rotateKey(request.actor)),
  );
}
