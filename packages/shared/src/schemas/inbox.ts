import { z } from "zod";
import { isIsoDate } from "../billing.js";
import { CHANNEL_TYPES, MESSAGE_TYPES } from "../enums.js";
import {
  CONTACT_NUMBER_MAX,
  CONTACT_NUMBER_MIN,
  INT4_MAX,
  LIST_MAX,
  NAME_MAX,
  NAME_MIN,
  TEXT_MAX,
} from "../constants.js";
import { workingHoursSchema } from "./admin.js";
import {
  booleanFlag,
  idField,
  idList,
  msg,
  pageNumberField,
  requiredString,
  searchField,
  textField,
} from "./common.js";

const optionalEmail = z
  .union([z.literal(""), z.email({ error: msg.invalidEmail }).max(TEXT_MAX.email, msg.tooLong)])
  .optional()
  .default("");

/** Tags as the forms send them: ids or {id, name} objects. */
const tagRefs = z
  .array(z.union([idField, z.object({ id: idField })]))
  .max(LIST_MAX.ids, msg.tooLong);

/** What goes out to a customer (greetings, queue and connection texts): one WhatsApp text. */
const customerText = textField(TEXT_MAX.customerMessage).optional().default("");

const contactNumberField = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .min(CONTACT_NUMBER_MIN, msg.tooShort)
  .max(CONTACT_NUMBER_MAX, msg.tooLong);

export const contactSchema = z.object({
  name: requiredString(NAME_MIN, NAME_MAX),
  number: contactNumberField,
  email: optionalEmail,
  document: z.string().trim().max(TEXT_MAX.document, msg.tooLong).optional().default(""),
  extraInfo: z
    .array(
      z.object({
        name: z.string().trim().min(1, msg.required).max(TEXT_MAX.extraInfoName, msg.tooLong),
        value: z.string().trim().max(TEXT_MAX.extraInfoValue, msg.tooLong),
      }),
    )
    .max(LIST_MAX.extraInfo, msg.tooLong)
    .optional()
    .default([]),
  tags: tagRefs.optional(),
});
export type ContactInput = z.input<typeof contactSchema>;

/**
 * Editing a contact: a web-chat visitor may have no phone (the widget asks for it, optionally),
 * so the number may stay empty; the server still requires it for every other contact.
 */
export const contactUpdateSchema = contactSchema.extend({
  number: z.union([z.literal(""), contactNumberField]),
});

export const noteSchema = z.object({
  note: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(2, msg.tooShort)
    .max(TEXT_MAX.note, msg.tooLong),
  ticketId: idField.optional(),
  contactId: idField,
});

export const tagSchema = z.object({
  name: z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, msg.obrigatorio)
    .min(3, "Mensagem muito curta")
    .max(TEXT_MAX.tagName, msg.tooLong),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid color")
    .optional()
    .default("#eee"),
});

export const tagSyncSchema = z
  .object({
    ticketId: idField.optional(),
    contactId: idField.optional(),
    tags: tagRefs,
  })
  .refine((v) => Boolean(v.ticketId) !== Boolean(v.contactId), {
    message: "Give either ticketId or contactId",
    path: ["ticketId"],
  });

export const queueSchema = z.object({
  name: requiredString(2, 50),
  color: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(3, msg.tooShort)
    .max(9, msg.tooLong),
  greetingMessage: customerText,
  outOfHoursMessage: customerText,
  orderQueue: z.coerce.number().int().min(-INT4_MAX).max(INT4_MAX).nullable().optional(),
  userIds: idList.optional(),
  /** Working hours (scheduleType "queue"); absent on update keeps the stored ones. */
  schedules: workingHoursSchema.optional(),
});

export const TICKET_ACTIONS = [
  "accept",
  "move_to_pending",
  "finished",
  "reopen",
  "transfer_to_user_and_queue",
  "move_to_queue",
  "transfer_to_user",
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const ticketCreateSchema = z.object({
  contactId: idField,
  queueId: idField.nullable().optional(),
  whatsappId: idField.nullable().optional(),
  userId: idField.nullable().optional(),
  status: z.literal("open").optional().default("open"),
});

export const ticketUpdateSchema = z.object({
  action: z.enum(TICKET_ACTIONS),
  status: z.enum(["pending", "open", "closed"]).optional(),
  userId: idField.nullable().optional(),
  queueId: idField.nullable().optional(),
  withMessage: z.boolean().optional(),
});

/** A JSON list of ids in a query string (`[1,2]`, `[{"id":1}]` or `3`); non-integers are ignored. */
const jsonIdArray = z
  .string()
  .max(TEXT_MAX.idListJson, msg.tooLong)
  .optional()
  .transform((v, ctx) => {
    if (!v) return [] as number[];
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: "custom", message: "Expected a JSON array" });
      return z.NEVER;
    }
    const ids = (Array.isArray(parsed) ? parsed : [parsed])
      .map((x) => Number(typeof x === "object" && x ? (x as { id: unknown }).id : x))
      .filter(Number.isInteger);
    if (ids.some((id) => id > INT4_MAX || id < -INT4_MAX) || ids.length > LIST_MAX.ids) {
      ctx.addIssue({ code: "custom", message: "Invalid id" });
      return z.NEVER;
    }
    return ids;
  });

const boolString = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "true");

const dateString = z.string().refine(isIsoDate, "Invalid date").optional();

export const ticketListQuerySchema = z.object({
  pageNumber: pageNumberField,
  searchParam: searchField,
  status: z.enum(["pending", "open", "closed", ""]).optional().default(""),
  showAll: boolString,
  withUnreadMessages: boolString,
  isInitial: boolString,
  tags: jsonIdArray,
  users: jsonIdArray,
  queueIds: jsonIdArray.or(idList).optional(),
  date: dateString,
  updatedAt: dateString,
  searchTab: z.enum(["open", "closed", "search", "assigned", "pending", ""]).optional().default(""),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

export const messageSendSchema = z.object({
  body: textField(TEXT_MAX.customerMessage).optional().default(""),
  quotedMsg: z.object({ id: idField }).nullable().optional(),
  quickMessageId: idField.nullable().optional(),
  // Older clients send 0/1 (agent-core §7 gives no type): read as booleans.
  read: booleanFlag,
  fromMe: booleanFlag,
  mediaUrl: textField(TEXT_MAX.url).optional(),
});

/** The text fields of a multipart message (files in `medias`): caption and quoted message. */
export const messageFormSchema = z.object({
  body: textField(TEXT_MAX.customerMessage).optional().default(""),
  quotedMsgId: z.preprocess((v) => (v === "" || v === "null" ? undefined : v), idField.optional()),
});

/** Page, Instagram account, phone number and WABA ids: Graph ids are digits. */
const metaId = z.string().trim().max(40, msg.tooLong).regex(/^\d*$/, "Digits only").optional();

export const connectionSchema = z
  .object({
    name: requiredString(2, 50),
    channelType: z.enum(CHANNEL_TYPES).optional().default("WEB_CHAT"),
    isDefault: z.boolean().optional().default(false),
    greetingMessage: customerText,
    complationMessage: customerText,
    outOfHoursMessage: customerText,
    ratingMessage: customerText,
    transferMessage: customerText,
    token: textField(TEXT_MAX.token).optional().default(""),
    provider: textField(40).optional().default("beta"),
    queueIds: idList.optional().default([]),
    greetingMessageType: z.enum(MESSAGE_TYPES).optional(),
    config: z
      .object({
        pageId: metaId,
        instagramAccountId: metaId,
        phoneNumberId: metaId,
        wabaId: metaId,
        // Sent back as its mask (or empty) on edit: the stored token is kept.
        accessToken: z.string().trim().max(1000, msg.tooLong).optional(),
        widgetTitle: textField(80).optional(),
        widgetColor: textField(20).optional(),
      })
      .optional()
      .default({}),
  })
  .superRefine((value, ctx) => {
    // The id that routes the channel's webhooks is required (the token is checked by the server:
    // on edit an empty one keeps the stored token).
    const key = META_ROUTING_KEY[value.channelType];
    if (key && !value.config[key]) {
      ctx.addIssue({ code: "custom", path: ["config", key], message: msg.required });
    }
  });

/** The config field that routes each Meta channel's webhooks to its connection. */
export const META_ROUTING_KEY: Partial<
  Record<(typeof CHANNEL_TYPES)[number], "pageId" | "instagramAccountId" | "phoneNumberId">
> = {
  FACEBOOK: "pageId",
  INSTAGRAM: "instagramAccountId",
  WHATSAPP_BUSINESS: "phoneNumberId",
};
