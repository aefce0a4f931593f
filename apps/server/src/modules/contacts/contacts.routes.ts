import { contactSchema, contactUpdateSchema, idParam, listQuerySchema } from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { readMultipart } from "../../http/multipart.js";

const params = z.object({ id: idParam });
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function contactsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { contacts } = ctx.services;
  app.get("/contacts/", { schema: { querystring: listQuerySchema } }, (request) =>
    contacts.search(request.actor, request.query),
  );
  app.get("/contacts/list", (request) => contacts.list(request.actor));
  // CSV/XLSX import (multipart "file"); with no file, the device address book (none yet).
  app.post("/contacts/import", async (request) => {
    const form = request.isMultipart() ? await readMultipart(request) : undefined;
    return ctx.services.contactsTransfer.importFile(request.actor, form?.files[0]);
  });
  app.get("/contacts/export", async (request, reply) => {
    const xlsx = await ctx.services.contactsTransfer.exportXlsx(request.actor);
    return reply
      .header("content-type", XLSX_TYPE)
      .header("content-disposition", 'attachment; filename="contatos.xlsx"')
      .send(xlsx);
  });
  app.get("/contacts/:id", { schema: { params } }, (request) =>
    contacts.get(request.actor, request.params.id),
  );
  app.post("/contacts", { schema: { body: contactSchema } }, async (request, reply) =>
    reply.status(201).send(await contacts.create(request.actor, request.body)),
  );
  app.put("/contacts/:id", { schema: { params, body: contactUpdateSchema } }, (request) =>
    contacts.update(request.actor, request.params.id, request.body),
  );
  app.delete("/contacts/:id", { schema: { params } }, async (request, reply) => {
    await contacts.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
