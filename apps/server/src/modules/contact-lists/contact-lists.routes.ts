import {
  contactListItemQuerySchema,
  contactListItemSchema,
  contactListItemUpdateSchema,
  contactListQuerySchema,
  contactListSchema,
  contactListValidateSchema,
  idParam,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

export async function contactListsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { contactLists } = ctx.services;

  app.get("/contact-lists/", { schema: { querystring: contactListQuerySchema } }, (request) =>
    contactLists.list(request.actor, request.query),
  );
  app.get("/contact-lists/list", (request) => contactLists.options(request.actor));
  app.get("/contact-lists/template", async (request, reply) => {
    const csv = await contactLists.template(request.actor);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="modelo-lista.csv"')
      .send(csv);
  });
  app.get("/contact-lists/:id", { schema: { params } }, (request) =>
    contactLists.get(request.actor, request.params.id),
  );
  app.post("/contact-lists", { schema: { body: contactListSchema } }, async (request, reply) =>
    reply.status(201).send(await contactLists.create(request.actor, request.body)),
  );
  app.put("/contact-lists/:id", { schema: { params, body: contactListSchema } }, (request) =>
    contactLists.update(request.actor, request.params.id, request.body),
  );
  app.delete("/contact-lists/:id", { schema: { params } }, async (request, reply) => {
    await contactLists.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/contact-lists/:id/upload", { schema: { params } }, async (request) =>
    contactLists.importFile(request.actor, request.params.id, await singleFile(request)),
  );
  app.post(
    "/contact-lists/:id/validate",
    { schema: { params, body: contactListValidateSchema } },
    (request) =>
      ctx.services.contactListChecks.validate(
        request.actor,
        request.params.id,
        request.body.whatsappId,
      ),
  );

  app.get(
    "/contact-list-items",
    { schema: { querystring: contactListItemQuerySchema } },
    (request) => contactLists.items(request.actor, request.query),
  );
  app.post(
    "/contact-list-items",
    { schema: { body: contactListItemSchema } },
    async (request, reply) =>
      reply.status(201).send(await contactLists.addItem(request.actor, request.body)),
  );
  app.put(
    "/contact-list-items/:id",
    { schema: { params, body: contactListItemUpdateSchema } },
    (request) => contactLists.updateItem(request.actor, request.params.id, request.body),
  );
  app.delete("/contact-list-items/:id", { schema: { params } }, async (request, reply) => {
    await contactLists.deleteItem(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
