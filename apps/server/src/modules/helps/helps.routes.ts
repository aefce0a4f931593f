import { helpListQuerySchema, helpSchema, idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";

const params = z.object({ id: idParam });

export async function helpsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { helps } = ctx.services;

  app.get("/helps/list", { schema: { querystring: helpListQuerySchema } }, (request) =>
    helps.list(request.query.version),
  );
  app.get("/helps", (request) => helps.list(request.actor.super ? "all" : "1"));
  app.get("/helps/:id", { schema: { params } }, (request) => helps.get(request.params.id));
  app.post("/helps", { schema: { body: helpSchema } }, async (request, reply) =>
    reply.status(201).send(await helps.create(request.actor, request.body)),
  );
  app.put("/helps/:id", { schema: { params, body: helpSchema } }, (request) =>
    helps.update(request.actor, request.params.id, request.body),
  );
  app.delete("/helps/:id", { schema: { params } }, async (request, reply) => {
    await helps.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
