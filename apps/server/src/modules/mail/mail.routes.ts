import { desc, eq } from "drizzle-orm";
import { idParam } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { mailOutbox } from "../../db/schema/index.js";
import { authorize } from "../users/users.policy.js";

const query = z.object({
  companyId: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
});

/**
 * Mail kept when no SMTP_URL is configured (access emails of new companies, password resets):
 * the operator reads it here, newest first.
 */
export async function mailRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/mail-outbox", { schema: { querystring: query } }, async (request) => {
    authorize(request.actor.super);
    const { companyId, limit } = request.query;
    const rows = await ctx.db
      .select()
      .from(mailOutbox)
      .where(companyId ? eq(mailOutbox.companyId, companyId) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
    return rows.map((m) => ({
      id: m.id,
      companyId: m.companyId,
      to: m.to,
      subject: m.subject,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    }));
  });
}
