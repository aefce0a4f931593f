import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { AppError } from "../../lib/errors.js";

const INLINE = /^(image|audio|video)\//;

export async function filesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  // Public, but only with a valid signature handed out by a presenter to an allowed user.
  app.get(
    "/files/:id",
    {
      config: { public: true },
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(10) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!ctx.services.files.signer.verify(id, request.query.exp, request.query.sig)) {
        throw new AppError("ERR_NO_PERMISSION");
      }
      const row = await ctx.services.files.findById(id);
      if (!row) throw new AppError("ERR_NOT_FOUND");
      const disposition = INLINE.test(row.mimeType) ? "inline" : "attachment";
      return (
        reply
          .header("content-type", row.mimeType)
          .header("content-length", String(row.size))
          .header("cache-control", "private, max-age=3600")
          .header("x-content-type-options", "nosniff")
          // Signed URLs are the credential: the widget shows them on customers' sites.
          .header("cross-origin-resource-policy", "cross-origin")
          .header("access-control-allow-origin", "*")
          .header(
            "content-disposition",
            `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
          )
          .send(ctx.services.files.open(row))
      );
    },
  );
}
