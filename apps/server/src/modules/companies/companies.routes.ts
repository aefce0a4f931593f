import { asc, eq } from "drizzle-orm";
import type { AppContext, AppInstance } from "../../app.js";
import { companies } from "../../db/schema/index.js";
import { authorize } from "../users/users.policy.js";

/** Company list for super users (support-access picker). The operator screens are a later issue. */
export async function companiesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/companies/list", async (request) => {
    authorize(request.actor.super);
    return ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.archived, false))
      .orderBy(asc(companies.name));
  });
}
