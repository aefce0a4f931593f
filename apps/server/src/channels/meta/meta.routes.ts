import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { jsonTooDeep } from "../../http/input.js";
import { AppError } from "../../lib/errors.js";
import type { MetaWebhookPayload } from "./meta.map.js";
import { validSignature } from "./meta.webhooks.js";

const verifyQuery = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(200).optional(),
  "hub.challenge": z.string().max(200).optional(),
});

/**
 * Meta's webhook endpoint (Messenger, Instagram and WhatsApp Cloud share it). Public: Meta
 * authenticates by the verify token (subscription) and by signing every call with the app secret.
 */
export async function metaRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { META_VERIFY_TOKEN, META_APP_SECRET } = ctx.config;

  app.get(
    "/webhooks/meta",
    { config: { public: true }, schema: { querystring: verifyQuery } },
    async (request, reply) => {
      const q = request.query;
      if (
        q["hub.mode"] !== "subscribe" ||
        !META_VERIFY_TOKEN ||
        q["hub.verify_token"] !== META_VERIFY_TOKEN
      ) {
        throw new AppError("ERR_WEBHOOK_VERIFICATION");
      }
      return reply.type("text/plain").send(q["hub.challenge"] ?? "");
    },
  );

  // The signature covers the exact bytes Meta sent: this scope (and only it) keeps them raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/webhooks/meta",
    { config: { public: true }, bodyLimit: 5 * 1024 * 1024 },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["x-hub-signature-256"];
      if (!META_APP_SECRET) {
        request.log.error("META_APP_SECRET is not set: Meta webhooks are refused");
      }
      if (
        !validSignature(
          raw,
          typeof signature === "string" ? signature : undefined,
          META_APP_SECRET ?? "",
        )
      ) {
        throw new AppError("ERR_WEBHOOK_SIGNATURE");
      }
      let payload: MetaWebhookPayload;
      if (jsonTooDeep(raw.toString("utf8"))) {
        throw new AppError("ERR_VALIDATION", "The webhook body is nested too deeply");
      }
      try {
        payload = JSON.parse(raw.toString("utf8")) as MetaWebhookPayload;
      } catch {
        throw new AppError("ERR_VALIDATION", "The webhook body is not JSON");
      }
      // Answered only once everything is stored: a failure makes Meta deliver it again.
      await ctx.services.metaWebhooks.receive(payload);
      return reply.status(200).send({ received: true });
    },
  );
}
