import { idParam, TEXT_MAX } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { AppError } from "../../lib/errors.js";

const params = z.object({ connectionId: idParam });

/**
 * Browser-test hook (BAILEYS_FAKE=1 only, never in production): drives the fake WhatsApp socket
 * of a running session as the phone and WhatsApp would. Each answers 204, or 404
 * ERR_NO_WAPP_FOUND when no fake session runs for the connection.
 */
export async function baileysTestHookRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const fakes = ctx.services.whatsappSessions.fakes;
  if (!ctx.config.BAILEYS_FAKE || !fakes) return;
  const socketOf = (connectionId: number) => {
    const socket = fakes.get(connectionId);
    if (!socket) throw new AppError("ERR_NO_WAPP_FOUND", "No fake WhatsApp session is running");
    return socket;
  };
  const config = { public: true };

  app.post(
    "/test/baileys/:connectionId/qr",
    { config, schema: { params, body: z.object({ qr: z.string().min(1).max(2000) }) } },
    async (request, reply) => {
      await socketOf(request.params.connectionId).qr(request.body.qr);
      return reply.status(204).send();
    },
  );
  app.post(
    "/test/baileys/:connectionId/open",
    { config, schema: { params } },
    async (request, reply) => {
      await socketOf(request.params.connectionId).open();
      return reply.status(204).send();
    },
  );
  app.post(
    "/test/baileys/:connectionId/close",
    {
      config,
      schema: { params, body: z.object({ loggedOut: z.boolean().optional() }).nullish() },
    },
    async (request, reply) => {
      await socketOf(request.params.connectionId).close(request.body?.loggedOut ?? false);
      return reply.status(204).send();
    },
  );
  app.post(
    "/test/baileys/:connectionId/refuse",
    {
      config,
      schema: {
        params,
        body: z.object({ number: z.string().regex(/^\d{8,20}$/), refused: z.boolean() }),
      },
    },
    async (request, reply) => {
      // WhatsApp answers that this number is (not) on WhatsApp: its sends fail for good.
      const { invalidNumbers } = socketOf(request.params.connectionId);
      if (request.body.refused) invalidNumbers.add(request.body.number);
      else invalidNumbers.delete(request.body.number);
      return reply.status(204).send();
    },
  );
  app.post(
    "/test/baileys/:connectionId/message",
    {
      config,
      schema: {
        params,
        body: z.object({
          from: z.string().regex(/^\d{8,20}$/),
          name: z.string().max(100).optional(),
          text: z.string().min(1).max(TEXT_MAX.customerMessage),
        }),
      },
    },
    async (request, reply) => {
      const { from, name, text } = request.body;
      await socketOf(request.params.connectionId).textFrom(from, text, { name });
      return reply.status(204).send();
    },
  );
}
