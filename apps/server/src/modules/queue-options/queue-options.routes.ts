import { idParam, queueOptionListQuerySchema, queueOptionSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { parseFields, readMultipart } from "../../http/multipart.js";

const params = z.object({ id: idParam });

/** The queue modal's options tree; POST and PUT are multipart (fields + optional file). */
export async function queueOptionsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { queueOptions } = ctx.services;

  app.get("/queue-options", { schema: { querystring: queueOptionListQuerySchema } }, (request) =>
    queueOptions.list(request.actor, request.query.queueId, request.query.parentId),
  );
  app.get("/queue-options/:id", { schema: { params } }, (request) =>
    queueOptions.get(request.actor, request.params.id),
  );
  app.post("/queue-options", async (request, reply) => {
    const form = await readForm(request);
    const input = parseFields(queueOptionSchema, form.fields);
    return reply.status(201).send(await queueOptions.create(request.actor, input, form.files[0]));
  });
  app.put("/queue-options/:id", { schema: { params } }, async (request) => {
    const form = await readForm(request);
    const input = parseFields(queueOptionSchema, form.fields);
    return queueOptions.update(request.actor, request.params.id, input, form.files[0]);
  });
  app.delete("/queue-options/:id/upload", { schema: { params } }, (request) =>
    queueOptions.removeFile(request.actor, request.params.id),
  );
  app.delete("/queue-options/:id", { schema: { params } }, async (request, reply) => {
    await queueOptions.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}

/** Multipart as the spec sends it; a JSON body is accepted too (no file then). */
async function readForm(request: Parameters<typeof readMultipart>[0]) {
  if (request.isMultipart()) return readMultipart(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return { fields, files: [] };
}
