import {
  idParam,
  scheduleCreateSchema,
  scheduleListQuerySchema,
  scheduleSchema,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

export async function schedulesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { schedules } = ctx.services;

  app.get("/schedules/", { schema: { querystring: scheduleListQuerySchema } }, (request) =>
    schedules.list(request.actor, request.query),
  );
  app.get("/schedules/:id", { schema: { params } }, (request) =>
    schedules.get(request.actor, request.params.id),
  );
  app.post("/schedules", { schema: { body: scheduleCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await schedules.create(request.actor, request.body)),
  );
  app.put("/schedules/:id", { schema: { params, body: scheduleSchema } }, (request) =>
    schedules.update(request.actor, request.params.id, request.body),
  );
  app.delete("/schedules/:id", { schema: { params } }, async (request, reply) => {
    await schedules.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/schedules/:id/upload", { schema: { params } }, async (request) =>
    schedules.attachFile(request.actor, request.params.id, await singleFile(request)),
  );
  app.delete("/schedules/:id/upload", { schema: { params } }, (request) =>
    schedules.removeFile(request.actor, request.params.id),
  );
}
