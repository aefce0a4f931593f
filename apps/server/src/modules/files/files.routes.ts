import { idParam, isInlineMime } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { contentDisposition, FILES_CSP } from "../../http/csp.js";
import { WavCache } from "../../lib/audio.js";
import { AppError } from "../../lib/errors.js";
import { instagramAudioPlan } from "../../channels/meta/instagram-audio.js";

export async function filesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const wavs = new WavCache();
  // Every answer of this scope, errors included: a file never runs as a page of our origin.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("content-security-policy", FILES_CSP);
    reply.header("x-content-type-options", "nosniff");
  });

  // Public, but only with a valid signature handed out by a presenter to an allowed user.
  app.get(
    "/files/:id",
    {
      config: { public: true },
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.object({
          exp: z.coerce.number().int(),
          sig: z.string().min(10).max(200),
          // An mp3 as WAV, for channels that do not take mp3 (Instagram fetches this link).
          format: z.enum(["wav"]).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!ctx.services.files.signer.verify(id, request.query.exp, request.query.sig)) {
        throw new AppError("ERR_NO_PERMISSION");
      }
      const found = await ctx.services.files.findById(id);
      // A legacy row's type was the sender's claim: checked from the bytes before serving.
      const row = found && (await ctx.services.files.checked(found));
      if (!row) throw new AppError("ERR_NOT_FOUND");
      if (
        request.query.format === "wav" &&
        instagramAudioPlan(row.mimeType, row.size) === "convert"
      ) {
        const converted = await wavs
          .wavOf(row.id, async () => {
            const chunks: Buffer[] = [];
            for await (const chunk of ctx.services.files.open(row)) chunks.push(Buffer.from(chunk));
            return Buffer.concat(chunks);
          })
          .catch(() => {
            throw new AppError("ERR_INSTAGRAM_AUDIO_FORMAT");
          });
        const name = `${row.name.replace(/\.[^.]*$/, "")}.wav`;
        return reply
          .header("content-type", "audio/wav")
          .header("cache-control", "private, max-age=3600")
          .header("cross-origin-resource-policy", "cross-origin")
          .header("content-disposition", contentDisposition(true, name))
          .send(converted);
      }
      // Only inert types (images, audio, video) inline; SVG, HTML, XML, PDF… are downloads.
      const inline = isInlineMime(row.mimeType);
      return (
        reply
          .header("content-type", row.mimeType)
          .header("content-length", String(row.size))
          .header("cache-control", "private, max-age=3600")
          // Signed URLs are the credential: the widget shows them on customers' sites.
          .header("cross-origin-resource-policy", "cross-origin")
          .header("access-control-allow-origin", "*")
          .header("content-disposition", contentDisposition(inline, row.name))
          .send(ctx.services.files.open(row))
      );
    },
  );
}
