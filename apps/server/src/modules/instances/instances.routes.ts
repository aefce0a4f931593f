import { asc } from "drizzle-orm";
import type { AppContext, AppInstance } from "../../app.js";
import { instances } from "../../db/schema/index.js";
import { authorize } from "../users/users.policy.js";

/** Server instances a company can be assigned to (admin-operator §3 Instance); super users. */
export async function instancesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/instances", async (request) => {
    authorize(request.actor.super);
    return ctx.db
      .select({ id: instances.id, name: instances.name, address: instances.address })
      .from(instances)
      .orderBy(asc(instances.name), asc(instances.id));
  });
}
