import {
  closeAllParamsSchema,
  companyArchiveSchema,
  companyCreateSchema,
  companyListQuerySchema,
  companyUpdateSchema,
  idParam,
  lastSendPaymentSchema,
  paymentStatusSchema,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { singleFile } from "../../http/multipart.js";
import { authorize } from "../users/users.policy.js";
import type { CompanyFileKind } from "./company-admin.service.js";

const params = z.object({ id: idParam });
const fileParams = z.object({ id: idParam, kind: z.enum(["invoice", "note"]) });

/** The platform operator's company routes (admin-operator §7 Companies); super users only. */
export async function companyAdminRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const service = ctx.services.companyAdmin;

  app.get("/companies", { schema: { querystring: companyListQuerySchema } }, (request) =>
    service.list(request.actor, request.query),
  );
  app.get("/companies/dashboard", (request) => service.dashboard(request.actor));
  app.post("/companies", { schema: { body: companyCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.actor, request.body)),
  );
  app.put("/companies/:id", { schema: { params, body: companyUpdateSchema } }, (request) =>
    service.update(request.actor, request.params.id, request.body),
  );
  app.delete("/companies/:id", { schema: { params } }, async (request, reply) => {
    await service.requestDelete(request.actor, request.params.id);
    return reply.status(202).send({ id: request.params.id, status: "scheduled" });
  });
  app.patch(
    "/companies/archived/:id",
    { schema: { params, body: companyArchiveSchema } },
    (request) => service.setArchived(request.actor, request.params.id, request.body.archived),
  );
  app.patch(
    "/companies/lastSendPayment/:id",
    { schema: { params, body: lastSendPaymentSchema.optional() } },
    (request) =>
      service.recordPaymentRequest(
        request.actor,
        request.params.id,
        request.body?.lastSendPaymentAt,
      ),
  );
  app.patch(
    "/companies/:id/payment-status",
    { schema: { params, body: paymentStatusSchema } },
    (request) =>
      service.setPaymentStatus(request.actor, request.params.id, request.body.paymentStatus),
  );
  app.patch("/companies/:id/reset-password", { schema: { params } }, (request) =>
    service.resetPassword(request.actor, request.params.id),
  );
  app.post("/companies/:id/:kind", { schema: { params: fileParams } }, async (request) => {
    authorize(request.actor.super); // before reading the upload
    const file = await singleFile(request);
    return service.attachFile(
      request.actor,
      request.params.id,
      request.params.kind as CompanyFileKind,
      file,
    );
  });
  app.delete("/companies/:id/:kind", { schema: { params: fileParams } }, (request) =>
    service.detachFile(request.actor, request.params.id, request.params.kind as CompanyFileKind),
  );
  app.patch(
    "/tickets/:companyId/close-all",
    { schema: { params: closeAllParamsSchema } },
    (request) => service.closeAllTickets(request.actor, request.params.companyId),
  );
}
