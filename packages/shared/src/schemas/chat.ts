import { z } from "zod";
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX, INT4_MAX } from "../constants.js";
import { idField, msg, pageNumberField, searchField, UUID_PATTERN } from "./common.js";

/**
 * A chat named in a path: its numeric id or its uuid (the web routes are /chats/{uuid}).
 * Anything else fails validation.
 */
export const chatRefParam = z
  .string()
  .trim()
  .transform((value, ctx): { id: number } | { uuid: string } => {
    if (/^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= INT4_MAX) {
      return { id: Number(value) };
    }
    if (UUID_PATTERN.test(value)) return { uuid: value.toLowerCase() };
    ctx.addIssue({ code: "custom", message: "Expected a chat id or uuid" });
    return z.NEVER;
  });
export type ChatRef = z.output<typeof chatRefParam>;

const chatTitle = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(CHAT_TITLE_MAX, msg.tooLong);

/** The user picker sends [{id, name}]; only the id counts. */
const chatMembers = z.array(z.object({ id: idField })).max(500, msg.tooLong);

/** New chat dialog. The creator is always a member and need not be listed. */
export const chatCreateSchema = z.object({
  title: chatTitle,
  users: chatMembers.optional().default([]),
});
export type ChatCreateInput = z.input<typeof chatCreateSchema>;

/** Edit chat dialog: a field left out is not changed; `users` replaces the member list. */
export const chatUpdateSchema = z.object({
  title: chatTitle.optional(),
  users: chatMembers.optional(),
});
export type ChatUpdateInput = z.input<typeof chatUpdateSchema>;

export const chatListQuerySchema = z.object({
  searchParam: searchField,
  pageNumber: pageNumberField,
});

export const chatMessagesQuerySchema = z.object({ pageNumber: pageNumberField });

/** Empty or whitespace-only messages are not sent (admin-operator §5). */
export const chatMessageSchema = z.object({
  message: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(CHAT_MESSAGE_MAX, msg.tooLong),
});
export type ChatMessageInput = z.input<typeof chatMessageSchema>;
