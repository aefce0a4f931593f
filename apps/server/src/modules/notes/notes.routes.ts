import { and, desc, eq } from "drizzle-orm";
import { idParam, isAdmin, noteSchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { ticketNotes, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";

const present = (n: typeof ticketNotes.$inferSelect, userName: string | null) => ({
  id: n.id,
  note: n.note,
  ticketId: n.ticketId,
  contactId: n.contactId,
  userId: n.userId,
  user: n.userId ? { id: n.userId, name: userName ?? "" } : null,
  createdAt: n.createdAt.toISOString(),
});

/** Private notes on a ticket/contact: never sent to the contact. */
export async function notesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { tickets, contacts } = ctx.services;

  app.post("/ticket-notes", { schema: { body: noteSchema } }, async (request, reply) => {
    const { actor } = request;
    await contacts.findRow(actor.companyId, request.body.contactId);
    if (request.body.ticketId) {
      const ticket = await tickets.openable(actor, { id: request.body.ticketId });
      if (ticket.contactId !== request.body.contactId)
        throw new AppError("ERR_VALIDATION", "Ticket and contact differ");
    }
    const [note] = await ctx.db
      .insert(ticketNotes)
      .values({
        companyId: actor.companyId,
        ticketId: request.body.ticketId ?? null,
        contactId: request.body.contactId,
        userId: actor.id,
        note: request.body.note,
      })
      .returning();
    return reply.status(201).send(present(note!, actor.name));
  });

  app.get(
    "/ticket-notes/list",
    {
      schema: {
        querystring: z.object({
          contactId: idParam,
          ticketId: idParam.optional(),
        }),
      },
    },
    async (request) => {
      const { actor } = request;
      await contacts.findRow(actor.companyId, request.query.contactId);
      if (request.query.ticketId) await tickets.openable(actor, { id: request.query.ticketId });
      const rows = await ctx.db
        .select({ note: ticketNotes, userName: users.name })
        .from(ticketNotes)
        .leftJoin(users, eq(users.id, ticketNotes.userId))
        .where(
          and(
            eq(ticketNotes.companyId, actor.companyId),
            eq(ticketNotes.contactId, request.query.contactId),
          ),
        )
        .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
      return rows.map((r) => present(r.note, r.userName));
    },
  );

  app.delete(
    "/ticket-notes/:id",
    { schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      const { actor } = request;
      const [note] = await ctx.db
        .select()
        .from(ticketNotes)
        .where(
          and(eq(ticketNotes.id, request.params.id), eq(ticketNotes.companyId, actor.companyId)),
        );
      if (!note) throw new AppError("ERR_NOT_FOUND", "Note not found");
      if (note.userId !== actor.id && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION");
      await ctx.db.delete(ticketNotes).where(eq(ticketNotes.id, note.id));
      return reply.status(204).send();
    },
  );
}
