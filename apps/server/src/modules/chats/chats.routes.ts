import {
  chatCreateSchema,
  chatListQuerySchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatRefParam,
  chatUpdateSchema,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { authorize } from "../users/users.policy.js";
import { chatsPolicy } from "./chats.policy.js";

/** `:id` is the chat's numeric id or its uuid (the web routes are /chats/{uuid}). */
const params = z.object({ id: chatRefParam });

export async function chatsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { chats } = ctx.services;

  app.get("/chats", { schema: { querystring: chatListQuerySchema } }, (request) =>
    chats.list(request.actor, request.query),
  );

  app.get("/chats/:id", { schema: { params } }, (request) =>
    chats.get(request.actor, request.params.id),
  );

  app.post(
    "/chats",
    {
      // Only admins start chats: a user is refused before the body is looked at.
      onRequest: async (request) => authorize(chatsPolicy.canCreate(request.actor)),
      schema: { body: chatCreateSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await chats.create(request.actor, request.body)),
  );

  app.put("/chats/:id", { schema: { params, body: chatUpdateSchema } }, (request) =>
    chats.update(request.actor, request.params.id, request.body),
  );

  app.delete("/chats/:id", { schema: { params } }, async (request, reply) => {
    await chats.delete(request.actor, request.params.id);
    return reply.status(204).send();
  });

  // The client sends {userId}; the reader is always the caller, so the body is ignored.
  app.post("/chats/:id/read", { schema: { params } }, (request) =>
    chats.markRead(request.actor, request.params.id),
  );

  app.get(
    "/chats/:id/messages",
    { schema: { params, querystring: chatMessagesQuerySchema } },
    (request) => chats.messages(request.actor, request.params.id, request.query.pageNumber),
  );

  app.post(
    "/chats/:id/messages",
    { schema: { params, body: chatMessageSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await chats.sendMessage(request.actor, request.params.id, request.body.message)),
  );
}
