import { contactSchema, idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";

const params = z.object({ id: idParam });
const listQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).default(1),
});

export async function contactsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { contacts } = ctx.services;
  app.get("/contacts/", { schema: { querystring: listQuery } }, (request) =>
    contacts.search(request.actor, request.query),
  );
  app.get("/contacts/list", (request) => contacts.list(request.actor));
  app.get("/contacts/:id", { schema: { params } }, (request) =>
    contacts.get(request.actor, request.params.id),
  );
  app.post("/contacts", { schema: { body: contactSchema } }, async (request, reply) =>
    reply.status(201).send(await contacts.create(request.actor, request.body)),
  );
  app.put("/contacts/:id", { schema: { params, body: contactSchema } }, (request) =>
    contacts.update(request.actor, request.params.id, request.body),
  );
  app.delete("/contacts/:id", { schema: { params } }, async (request, reply) => {
    await contacts.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
