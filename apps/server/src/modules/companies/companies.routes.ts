import { asc, eq } from "drizzle-orm";
import { companySchedulesSchema, idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { companies } from "../../db/schema/index.js";
import { authorize } from "../users/users.policy.js";

/** Company list for super users (support-access picker), a company's record and its working hours. */
export async function companiesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/companies/list", async (request) => {
    authorize(request.actor.super);
    return ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.archived, false))
      .orderBy(asc(companies.name));
  });

  const service = ctx.services.companies;
  const params = z.object({ id: idParam });
  // The operator gets the full record (billing, files, connections); a company's own users
  // get its public part.
  app.get("/companies/:id", { schema: { params } }, (request) =>
    request.actor.super
      ? ctx.services.companyAdmin.get(request.actor, request.params.id)
      : service.get(request.actor, request.params.id),
  );
  app.put(
    "/companies/:id/schedules",
    { schema: { params, body: companySchedulesSchema } },
    (request) => service.updateSchedules(request.actor, request.params.id, request.body.schedules),
  );
}
