import {
  idParam,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
  uuidParam,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";

const params = z.object({ id: idParam });

export async function ticketsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { tickets } = ctx.services;
  app.get("/tickets", { schema: { querystring: ticketListQuerySchema } }, (request) =>
    tickets.list(request.actor, request.query),
  );
  app.get("/tickets/u/:uuid", { schema: { params: z.object({ uuid: uuidParam }) } }, (request) =>
    tickets.get(request.actor, { uuid: request.params.uuid }),
  );
  app.get("/tickets/:id", { schema: { params } }, (request) =>
    tickets.get(request.actor, { id: request.params.id }),
  );
  app.post("/tickets", { schema: { body: ticketCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await tickets.create(request.actor, request.body)),
  );
  app.put("/tickets/:id", { schema: { params, body: ticketUpdateSchema } }, (request) =>
    tickets.update(request.actor, request.params.id, request.body),
  );
  app.delete("/tickets/:id", { schema: { params } }, async (request, reply) => {
    await tickets.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
