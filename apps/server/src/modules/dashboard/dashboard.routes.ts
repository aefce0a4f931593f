import { dashboardQuerySchema } from "@atrium/shared";
import type { AppContext, AppInstance } from "../../app.js";
import { authorize } from "../users/users.policy.js";
import { dashboardPolicy } from "./dashboard.policy.js";

export async function dashboardRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { dashboard } = ctx.services;
  app.get(
    "/dashboard",
    {
      // Checked before the query is validated: a user gets 403 whatever the filter says.
      onRequest: async (request) => authorize(dashboardPolicy.canView(request.actor)),
      schema: { querystring: dashboardQuerySchema },
    },
    (request) => dashboard.get(request.actor, request.query),
  );
}
