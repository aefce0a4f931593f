import {
  announcementListQuerySchema,
  announcementReactionSchema,
  announcementSchema,
  idParam,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

export async function announcementsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { announcements } = ctx.services;

  app.get("/announcements/", { schema: { querystring: announcementListQuerySchema } }, (request) =>
    announcements.list(request.actor, request.query),
  );
  app.get("/announcements/:id", { schema: { params } }, (request) =>
    announcements.get(request.actor, request.params.id),
  );
  app.post("/announcements", { schema: { body: announcementSchema } }, async (request, reply) =>
    reply.status(201).send(await announcements.create(request.actor, request.body)),
  );
  app.put("/announcements/:id", { schema: { params, body: announcementSchema } }, (request) =>
    announcements.update(request.actor, request.params.id, request.body),
  );
  app.delete("/announcements/:id", { schema: { params } }, async (request, reply) => {
    await announcements.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/announcements/:id/media-upload", { schema: { params } }, async (request) =>
    announcements.attachMedia(request.actor, request.params.id, await singleFile(request)),
  );
  app.delete("/announcements/:id/media-upload", { schema: { params } }, (request) =>
    announcements.removeMedia(request.actor, request.params.id),
  );
  app.post("/announcements/:id/view", { schema: { params } }, (request) =>
    announcements.view(request.actor, request.params.id),
  );
  app.post(
    "/announcements/:id/reaction",
    { schema: { params, body: announcementReactionSchema } },
    (request) => announcements.react(request.actor, request.params.id, request.body.reaction),
  );
}
