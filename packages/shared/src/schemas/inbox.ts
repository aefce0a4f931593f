import { z } from "zod";
import { CHANNEL_TYPES, MESSAGE_TYPES } from "../enums.js";
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN, NAME_MAX, NAME_MIN } from "../constants.js";
import { workingHoursSchema } from "./admin.js";
import { msg, requiredString } from "./common.js";

const optionalEmail = z
  .union([z.literal(""), z.email({ error: msg.invalidEmail })])
  .optional()
  .default("");

const idList = z.array(z.coerce.number().int().positive());

export const contactSchema = z.object({
  name: requiredString(NAME_MIN, NAME_MAX),
  number: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(CONTACT_NUMBER_MIN, msg.tooShort)
    .max(CONTACT_NUMBER_MAX, msg.tooLong),
  email: optionalEmail,
  document: z.string().trim().max(30, msg.tooLong).optional().default(""),
  extraInfo: z
    .array(z.object({ name: z.string().trim().min(1, msg.required), value: z.string().trim() }))
    .optional()
    .default([]),
  tags: z
    .array(z.union([z.coerce.number().int().positive(), z.object({ id: z.coerce.number().int() })]))
    .optional(),
});
export type ContactInput = z.input<typeof contactSchema>;

export const noteSchema = z.object({
  note: z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort),
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive(),
});

export const tagSchema = z.object({
  name: z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, msg.obrigatorio)
    .min(3, "Mensagem muito curta"),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid color")
    .optional()
    .default("#eee"),
});

export const tagSyncSchema = z
  .object({
    ticketId: z.coerce.number().int().positive().optional(),
    contactId: z.coerce.number().int().positive().optional(),
    tags: z.array(
      z.union([z.coerce.number().int().positive(), z.object({ id: z.coerce.number().int() })]),
    ),
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
  greetingMessage: z.string().optional().default(""),
  outOfHoursMessage: z.string().optional().default(""),
  orderQueue: z.coerce.number().int().nullable().optional(),
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
  contactId: z.coerce.number().int().positive(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  whatsappId: z.coerce.number().int().positive().nullable().optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  status: z.literal("open").optional().default("open"),
});

export const ticketUpdateSchema = z.object({
  action: z.enum(TICKET_ACTIONS),
  status: z.enum(["pending", "open", "closed"]).optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  withMessage: z.boolean().optional(),
});

const jsonIdArray = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [] as number[];
    try {
      const parsed: unknown = JSON.parse(v);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list
        .map((x) => Number(typeof x === "object" && x ? (x as { id: unknown }).id : x))
        .filter(Number.isInteger);
    } catch {
      ctx.addIssue({ code: "custom", message: "Expected a JSON array" });
      return z.NEVER;
    }
  });

const boolString = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "true");

const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD")
  .optional();

export const ticketListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  searchParam: z.string().trim().max(200).optional().default(""),
  status: z.enum(["pending", "open", "closed", ""]).optional().default(""),
  showAll: boolString,
  withUnreadMessages: boolString,
  isInitial: boolString,
  tags: jsonIdArray,
  users: jsonIdArray,
  queueIds: jsonIdArray.or(z.array(z.coerce.number())).optional(),
  date: dateString,
  updatedAt: dateString,
  searchTab: z.enum(["open", "closed", "search", "assigned", "pending", ""]).optional().default(""),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

export const messageSendSchema = z.object({
  body: z.string().max(20_000).optional().default(""),
  quotedMsg: z.object({ id: z.coerce.number().int().positive() }).nullable().optional(),
  quickMessageId: z.coerce.number().int().positive().nullable().optional(),
  read: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  mediaUrl: z.string().optional(),
});

/** Page, Instagram account, phone number and WABA ids: Graph ids are digits. */
const metaId = z.string().trim().max(40, msg.tooLong).regex(/^\d*$/, "Digits only").optional();

export const connectionSchema = z
  .object({
    name: requiredString(2, 50),
    channelType: z.enum(CHANNEL_TYPES).optional().default("WEB_CHAT"),
    isDefault: z.boolean().optional().default(false),
    greetingMessage: z.string().optional().default(""),
    complationMessage: z.string().optional().default(""),
    outOfHoursMessage: z.string().optional().default(""),
    ratingMessage: z.string().optional().default(""),
    transferMessage: z.string().optional().default(""),
    token: z.string().max(200).optional().default(""),
    provider: z.string().optional().default("beta"),
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
        widgetTitle: z.string().max(80).optional(),
        widgetColor: z.string().max(20).optional(),
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
