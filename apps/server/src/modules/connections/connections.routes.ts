import { connectionSchema, idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { readMultipart } from "../../http/multipart.js";
import { AppError } from "../../lib/errors.js";

const params = z.object({ id: idParam });

/** Channels whose credentials are checked with the provider when saved (Meta's Graph API). */
const CHECKED_ON_SAVE = new Set(["FACEBOOK", "INSTAGRAM", "WHATSAPP_BUSINESS"]);

/** Connections, under the spec's "/whatsapp" paths whatever their channel. */
export async function connectionsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { connections } = ctx.services;

  /**
   * A saved Meta connection goes live without a further click: its token is checked in the
   * background and the status (CONNECTED, or DISCONNECTED with the reason) arrives live.
   */
  const checkCredentials = (companyId: number, saved: { id: number; channelType: string }) => {
    if (!CHECKED_ON_SAVE.has(saved.channelType)) return;
    void connections
      .findRow(companyId, saved.id)
      .then((row) => ctx.channels.get(row.channelType)?.start(row))
      .catch((err: unknown) =>
        ctx.logger.info({ err, connectionId: saved.id }, "connection credentials refused"),
      );
  };
  app.get("/whatsapp", (request) => connections.list(request.actor));
  app.get("/whatsapp/:id", { schema: { params } }, (request) =>
    connections.get(request.actor, request.params.id),
  );
  app.post("/whatsapp", { schema: { body: connectionSchema } }, async (request, reply) => {
    const created = await connections.create(request.actor, request.body);
    checkCredentials(request.actor.companyId, created);
    return reply.status(201).send(created);
  });
  app.put("/whatsapp/:id", { schema: { params, body: connectionSchema } }, async (request) => {
    const updated = await connections.update(request.actor, request.params.id, request.body);
    checkCredentials(request.actor.companyId, updated);
    return updated;
  });
  app.delete("/whatsapp/:id", { schema: { params } }, async (request, reply) => {
    await connections.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
  app.post("/whatsapp/:id/upload", { schema: { params } }, async (request) => {
    const form = await readMultipart(request);
    const file = form.files[0];
    if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
    return connections.attachFile(request.actor, request.params.id, file);
  });
  app.delete("/whatsapp/:id/upload", { schema: { params } }, (request) =>
    connections.removeFile(request.actor, request.params.id),
  );
}
