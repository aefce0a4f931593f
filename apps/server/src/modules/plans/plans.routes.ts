import { idParam, planListQuerySchema, planSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";

const params = z.object({ id: idParam });

/** Plans (admin-operator §2.4, §7 Plans): public list for signup, the rest for super users. */
export async function plansRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { plans } = ctx.services;

  app.get(
    "/plans/list",
    { schema: { querystring: planListQuerySchema }, config: { public: true } },
    () => plans.list(),
  );
  app.get("/plans/all", (request) => plans.all(request.actor));
  app.get("/plans/:id", { schema: { params } }, (request) =>
    plans.get(request.actor, request.params.id),
  );
  app.post("/plans", { schema: { body: planSchema } }, async (request, reply) =>
    reply.status(201).send(await plans.create(request.actor, request.body)),
  );
  app.put("/plans/:id", { schema: { params, body: planSchema } }, (request) =>
    plans.update(request.actor, request.params.id, request.body),
  );
  app.delete("/plans/:id", { schema: { params } }, async (request, reply) => {
    await plans.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
