import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { AppContext, AppInstance } from "../../app.js";
import { files, quickMessages } from "../../db/schema/index.js";

/** The composer's '/' shortcuts: the company's shared ones and the user's own. */
export async function quickMessagesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/quick-messages/list", async (request) => {
    const { actor } = request;
    const rows = await ctx.db
      .select({ q: quickMessages, fileName: files.name })
      .from(quickMessages)
      .leftJoin(files, eq(files.id, quickMessages.fileId))
      .where(
        and(
          eq(quickMessages.companyId, actor.companyId),
          or(
            eq(quickMessages.global, true),
            eq(quickMessages.userId, actor.id),
            isNull(quickMessages.userId),
          ),
        ),
      )
      .orderBy(asc(quickMessages.shortcode));
    return rows.map(({ q, fileName }) => ({
      id: q.id,
      shortcode: q.shortcode,
      message: q.message,
      messageType: q.messageType,
      fileName: fileName ?? null,
      mediaUrl: q.fileId ? ctx.services.files.signer.url(q.fileId) : null,
    }));
  });
}
