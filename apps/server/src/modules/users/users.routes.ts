import { idParam, userCreateSchema, userListQuerySchema, userUpdateSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { presentUser } from "./users.presenter.js";

const params = z.object({ id: idParam });

/**
 * PUT changes only the fields the client sent. The shared schema carries the user form's
 * defaults (profile "user", queueIds [], …); applied to an update they would demote the user
 * and clear their queues whenever a field is left out, so they are dropped here.
 */
const userPatchSchema = z.object(
  Object.fromEntries(
    Object.entries(userUpdateSchema.shape).map(([key, field]) => {
      const inner = field.unwrap();
      return [key, inner instanceof z.ZodDefault ? inner.removeDefault().optional() : field];
    }),
  ),
) as unknown as typeof userUpdateSchema;

export async function usersRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { users } = ctx.services;

  app.get("/users/", { schema: { querystring: userListQuerySchema } }, (request) =>
    users.search(request.actor, request.query),
  );

  app.get(
    "/users/list",
    {
      schema: {
        querystring: z.object({ companyId: idParam.optional() }),
      },
    },
    (request) => users.list(request.actor, request.query.companyId),
  );

  app.get("/users/:id", { schema: { params } }, async (request) =>
    presentUser(ctx.db, await users.get(request.actor, request.params.id)),
  );

  app.post("/users", { schema: { body: userCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await users.create(request.actor, request.body)),
  );

  app.put("/users/:id", { schema: { params, body: userPatchSchema } }, (request) =>
    users.update(request.actor, request.params.id, request.body),
  );

  app.delete("/users/:id", { schema: { params } }, async (request, reply) => {
    await users.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
