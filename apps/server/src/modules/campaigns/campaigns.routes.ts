import {
  campaignListQuerySchema,
  campaignSchema,
  campaignSettingsSchema,
  campaignShipmentQuerySchema,
  idParam,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";

const params = z.object({ id: idParam });

export async function campaignsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { campaigns } = ctx.services;

  app.get("/campaigns/", { schema: { querystring: campaignListQuerySchema } }, (request) =>
    campaigns.list(request.actor, request.query),
  );
  app.get("/campaigns/:id", { schema: { params } }, (request) =>
    campaigns.get(request.actor, request.params.id),
  );
  app.get(
    "/campaigns/:id/shipments",
    { schema: { params, querystring: campaignShipmentQuerySchema } },
    (request) => campaigns.shipments(request.actor, request.params.id, request.query),
  );
  app.post("/campaigns", { schema: { body: campaignSchema } }, async (request, reply) =>
    reply.status(201).send(await campaigns.create(request.actor, request.body)),
  );
  app.put("/campaigns/:id", { schema: { params, body: campaignSchema } }, (request) =>
    campaigns.update(request.actor, request.params.id, request.body),
  );
  app.delete("/campaigns/:id", { schema: { params } }, async (request, reply) => {
    await campaigns.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/campaigns/:id/pause", { schema: { params } }, (request) =>
    campaigns.pause(request.actor, request.params.id),
  );
  app.post("/campaigns/:id/resume", { schema: { params } }, (request) =>
    campaigns.resume(request.actor, request.params.id),
  );
  app.post("/campaigns/:id/cancel", { schema: { params } }, (request) =>
    campaigns.cancel(request.actor, request.params.id),
  );
  app.post("/campaigns/:id/duplicate", { schema: { params } }, async (request, reply) =>
    reply.status(201).send(await campaigns.duplicate(request.actor, request.params.id)),
  );
  app.post("/campaigns/:id/upload", { schema: { params } }, async (request) =>
    campaigns.attachFile(request.actor, request.params.id, await singleFile(request)),
  );
  app.delete("/campaigns/:id/upload", { schema: { params } }, (request) =>
    campaigns.removeFile(request.actor, request.params.id),
  );

  app.get("/campaign-settings", (request) => campaigns.settings(request.actor));
  app.put("/campaign-settings", { schema: { body: campaignSettingsSchema } }, (request) =>
    campaigns.saveSettings(request.actor, request.body),
  );
}
