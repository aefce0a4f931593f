import { idParam, userCreateSchema, userListQuerySchema, userUpdateSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { presentUser } from "./users.presenter.js";

const params = z.object({ id: idParam });

export async function usersRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { users } = ctx.services;

  app.get("/users/", { schema: { querystring: userListQuerySchema } }, (request) =>
    users.search(request.actor, request.query),
  );

  app.get(
    "/users/list",
    { schema: { querystring: z.object({ companyId: z.coerce.number().int().positive().optional() }) } },
    (request) => users.list(request.actor, request.query.companyId),
  );

  app.get("/users/:id", { schema: { params } }, async (request) =>
    presentUser(ctx.db, await users.get(request.actor, request.params.id)),
  );

  app.post("/users", { schema: { body: userCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await users.create(request.actor, request.body)),
  );

  app.put("/users/:id", { schema: { params, body: userUpdateSchema } }, (request) =>
    users.update(request.actor, request.params.id, request.body),
  );

  app.delete("/users/:id", { schema: { params } }, async (request, reply) => {
    await users.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
