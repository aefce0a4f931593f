import { idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";

const params = z.object({ id: idParam });
const startBody = z
  .object({
    /** Pairing-code login instead of a QR code: the phone number with country code. */
    phoneNumber: z
      .string()
      .max(50, "Too Long!")
      .trim()
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(z.string().min(8, "Too Short!").max(20, "Too Long!"))
      .optional(),
  })
  .nullish();
const restartBody = z.object({ selectedCompanyId: idParam });

/** The spec's /whatsappsession calls (agent-core §7, admin-operator §7). */
export async function whatsappSessionsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { whatsappSessions } = ctx.services;
  app.post("/whatsappsession/:id", { schema: { params, body: startBody } }, async (request) => {
    await whatsappSessions.start(request.actor, request.params.id, request.body?.phoneNumber);
    return { message: "Starting session." };
  });
  app.put("/whatsappsession/:id", { schema: { params } }, async (request) => {
    await whatsappSessions.newQr(request.actor, request.params.id);
    return { message: "Starting session." };
  });
  app.delete("/whatsappsession/:id", { schema: { params } }, async (request) => {
    await whatsappSessions.disconnect(request.actor, request.params.id);
    return { message: "Session disconnected." };
  });
  app.patch("/whatsappsession/:id/restart", { schema: { params, body: restartBody } }, (request) =>
    whatsappSessions.restart(request.actor, request.params.id, request.body.selectedCompanyId),
  );
}
