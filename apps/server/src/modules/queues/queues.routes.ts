import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { queues } from "../../db/schema/index.js";

/** The queue list (agents' pickers, the user modal). The queue admin screen is a later issue. */
export async function queuesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    "/queue",
    { schema: { querystring: z.object({ companyId: z.coerce.number().int().positive().optional() }) } },
    async (request) => {
      const { actor } = request;
      // Only a super user may look at another company's queues (support-access picker).
      const companyId = actor.super && request.query.companyId ? request.query.companyId : actor.companyId;
      const rows = await ctx.db
        .select()
        .from(queues)
        .where(eq(queues.companyId, companyId))
        .orderBy(asc(queues.orderQueue), asc(queues.name));
      return rows.map((q) => ({
        id: q.id,
        name: q.name,
        color: q.color,
        greetingMessage: q.greetingMessage,
        outOfHoursMessage: q.outOfHoursMessage,
        orderQueue: q.orderQueue,
        companyId: q.companyId,
      }));
    },
  );
}
