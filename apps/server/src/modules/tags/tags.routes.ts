import {
  idParam,
  listQuerySchema,
  tagSchema,
  tagSyncSchema,
  tagUpdateSchema,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { presentTicket } from "../tickets/tickets.presenter.js";
import { presentContact } from "../contacts/contacts.presenter.js";
import { replaceTags, tagIdsOf } from "./tags.service.js";

const params = z.object({ id: idParam });

export async function tagsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { tags, tickets, contacts } = ctx.services;

  app.get("/tags/list", (request) => tags.list(request.actor));

  app.get("/tags/", { schema: { querystring: listQuerySchema } }, (request) =>
    tags.search(request.actor, request.query),
  );
  app.get("/tags/:id", { schema: { params } }, (request) =>
    tags.get(request.actor, request.params.id),
  );
  app.put("/tags/:id", { schema: { params, body: tagUpdateSchema } }, (request) =>
    tags.update(request.actor, request.params.id, request.body),
  );
  app.delete("/tags/:id", { schema: { params } }, async (request, reply) => {
    await tags.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });

  app.post("/tags", { schema: { body: tagSchema } }, async (request, reply) =>
    reply.status(201).send(await tags.create(request.actor, request.body)),
  );

  // Replaces the tags of a ticket or a contact; the change is published live.
  app.post("/tags/sync", { schema: { body: tagSyncSchema } }, async (request) => {
    const { actor } = request;
    const ids = tagIdsOf(request.body.tags);
    if (request.body.ticketId) {
      const ticket = await tickets.openable(actor, { id: request.body.ticketId });
      await ctx.db.transaction((tx) =>
        replaceTags(tx, actor.companyId, { ticketId: ticket.id }, ids),
      );
      ctx.publisher.ticketChanged(null, await presentTicket(ctx.db, ticket.id));
      return { tags: await tags.tagsOf({ ticketId: ticket.id }) };
    }
    const contact = await contacts.findRow(actor.companyId, request.body.contactId!);
    await ctx.db.transaction((tx) =>
      replaceTags(tx, actor.companyId, { contactId: contact.id }, ids),
    );
    ctx.publisher.contactChanged(actor.companyId, "update", await presentContact(ctx.db, contact));
    return { tags: await tags.tagsOf({ contactId: contact.id }) };
  });
}
