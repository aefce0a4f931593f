import { connectionSchema, idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { readMultipart } from "../../http/multipart.js";
import { AppError } from "../../lib/errors.js";

const params = z.object({ id: idParam });

/** Connections, under the spec's "/whatsapp" paths whatever their channel. */
export async function connectionsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { connections } = ctx.services;
  app.get("/whatsapp", (request) => connections.list(request.actor));
  app.get("/whatsapp/:id", { schema: { params } }, (request) =>
    connections.get(request.actor, request.params.id),
  );
  app.post("/whatsapp", { schema: { body: connectionSchema } }, async (request, reply) =>
    reply.status(201).send(await connections.create(request.actor, request.body)),
  );
  app.put("/whatsapp/:id", { schema: { params, body: connectionSchema } }, (request) =>
    connections.update(request.actor, request.params.id, request.body),
  );
  app.delete("/whatsapp/:id", { schema: { params } }, async (request, reply) => {
    await connections.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/whatsapp/:id/upload", { schema: { params } }, async (request) => {
    const form = await readMultipart(request);
    const file = form.files[0];
    if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
    return connections.attachFile(request.actor, request.params.id, file);
  });
  app.delete("/whatsapp/:id/upload", { schema: { params } }, (request) =>
    connections.removeFile(request.actor, request.params.id),
  );
}
