import { idParam, messageFormSchema, messageSendSchema, pageNumberField } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { parseFields, readMultipart } from "../../http/multipart.js";
import { AppError } from "../../lib/errors.js";

const ticketParams = z.object({ ticketId: idParam });

export async function messagesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { messages, tickets } = ctx.services;

  app.get(
    "/messages/:ticketId",
    {
      schema: {
        params: ticketParams,
        querystring: z.object({
          pageNumber: pageNumberField,
          spy: z
            .union([z.boolean(), z.string()])
            .optional()
            .transform((v) => v === true || v === "true"),
        }),
      },
    },
    (request) =>
      messages.list(
        request.actor,
        request.params.ticketId,
        request.query.pageNumber,
        request.query.spy,
      ),
  );

  // JSON {body, quotedMsg, quickMessageId} or multipart {medias[], body}.
  app.post("/messages/:ticketId", { schema: { params: ticketParams } }, async (request, reply) => {
    const { ticketId } = request.params;
    if (request.isMultipart()) {
      const form = await readMultipart(request);
      const files = form.files.filter((f) => f.field === "medias" || f.field === "file");
      if (!files.length) throw new AppError("ERR_VALIDATION", "No file", { medias: "Required" });
      const fields = parseFields(messageFormSchema, form.fields);
      const sent = await messages.send(request.actor, ticketId, {
        body: fields.body,
        quotedMsgId: fields.quotedMsgId ?? null,
        files,
      });
      return reply.status(201).send({ messages: sent });
    }
    const body = messageSendSchema.safeParse(request.body ?? {});
    if (!body.success) throw new AppError("ERR_VALIDATION", body.error.issues[0]?.message);
    const sent = await messages.send(request.actor, ticketId, {
      body: body.data.body,
      quotedMsgId: body.data.quotedMsg?.id ?? null,
      quickMessageId: body.data.quickMessageId ?? null,
    });
    return reply.status(201).send({ messages: sent });
  });

  app.post(
    "/messages/:ticketId/read",
    { schema: { params: ticketParams } },
    async (request, reply) => {
      const ticket = await tickets.openable(request.actor, { id: request.params.ticketId });
      await messages.markRead(ticket);
      return reply.status(204).send();
    },
  );

  app.post(
    "/messages/:id/retry",
    { schema: { params: z.object({ id: idParam }) } },
    async (request) => ({ message: await messages.retry(request.actor, request.params.id) }),
  );

  app.delete(
    "/messages/:id",
    { schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      await messages.delete(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
}
