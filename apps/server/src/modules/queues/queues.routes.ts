import { idParam, queueSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

export async function queuesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { queues } = ctx.services;
  app.get(
    "/queue",
    {
      schema: {
        querystring: z.object({ companyId: idParam.optional() }),
      },
    },
    (request) => queues.list(request.actor, request.query.companyId),
  );
  app.get("/queue/:id", { schema: { params } }, (request) =>
    queues.get(request.actor, request.params.id),
  );
  app.post("/queue", { schema: { body: queueSchema } }, async (request, reply) =>
    reply.status(201).send(await queues.create(request.actor, request.body)),
  );
  app.put("/queue/:id", { schema: { params, body: queueSchema } }, (request) =>
    queues.update(request.actor, request.params.id, request.body),
  );
  app.delete("/queue/:id", { schema: { params } }, async (request, reply) => {
    await queues.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/queue/:id/upload", { schema: { params } }, async (request) =>
    queues.attachFile(request.actor, request.params.id, await singleFile(request)),
  );
  app.delete("/queue/:id/upload", { schema: { params } }, (request) =>
    queues.removeFile(request.actor, request.params.id),
  );
}
