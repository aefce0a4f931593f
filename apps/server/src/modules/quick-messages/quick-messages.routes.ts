import { idParam, listQuerySchema, quickMessageSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

/** Quick messages: the /quick-messages page and the composer's '/' shortcuts (/list). */
export async function quickMessagesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { quickMessages } = ctx.services;

  app.get("/quick-messages/list", (request) => quickMessages.list(request.actor));
  app.get("/quick-messages/", { schema: { querystring: listQuerySchema } }, (request) =>
    quickMessages.search(request.actor, request.query),
  );
  app.get("/quick-messages/:id", { schema: { params } }, (request) =>
    quickMessages.get(request.actor, request.params.id),
  );
  app.post("/quick-messages", { schema: { body: quickMessageSchema } }, async (request, reply) =>
    reply.status(201).send(await quickMessages.create(request.actor, request.body)),
  );
  app.put("/quick-messages/:id", { schema: { params, body: quickMessageSchema } }, (request) =>
    quickMessages.update(request.actor, request.params.id, request.body),
  );
  app.delete("/quick-messages/:id", { schema: { params } }, async (request, reply) => {
    await quickMessages.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/quick-messages/:id/upload", { schema: { params } }, async (request) =>
    quickMessages.attachFile(request.actor, request.params.id, await singleFile(request)),
  );
  app.delete("/quick-messages/:id/upload", { schema: { params } }, (request) =>
    quickMessages.removeFile(request.actor, request.params.id),
  );
}
