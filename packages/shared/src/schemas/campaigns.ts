import { z } from "zod";
import { CAMPAIGN_MESSAGES_MAX, INT4_MAX, TEXT_MAX } from "../constants.js";
import { CAMPAIGN_STATUSES } from "../enums.js";
import { adminMsg } from "../validation-texts.js";
import {
  booleanFlag,
  idField,
  msg,
  pageNumberField,
  parseDateTime,
  searchField,
  textField,
} from "./common.js";

/**
 * Campaigns (agent-core §2 admin group: /contact-lists, /campaigns, /campaigns-config; issue
 * #15): contact lists and their items, campaigns with up to five message variants and an
 * optional confirmation flow, and the company's campaign settings. Server and web forms share
 * these schemas.
 */

// ---------------------------------------------------------------- contact lists

const title = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(TEXT_MAX.title, msg.tooLong);

export const contactListSchema = z.object({ name: title });

export const contactListQuerySchema = z.object({
  searchParam: searchField,
  pageNumber: pageNumberField,
});

/** A list item: the number is normalised and checked by the server (10–15 digits). */
export const contactListItemSchema = z.object({
  contactListId: idField,
  name: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(TEXT_MAX.title, msg.tooLong),
  number: z.string({ error: msg.required }).trim().min(1, msg.required).max(40, msg.tooLong),
  email: z
    .string()
    .trim()
    .max(TEXT_MAX.email, msg.tooLong)
    .refine((v) => v === "" || z.email().safeParse(v).success, msg.invalidEmail)
    .optional()
    .default(""),
});

export const contactListItemUpdateSchema = contactListItemSchema.omit({ contactListId: true });

export const contactListItemQuerySchema = contactListQuerySchema.extend({
  contactListId: idField,
});

/** Checks the list's numbers on WhatsApp through a connected Baileys connection. */
export const contactListValidateSchema = z.object({ whatsappId: idField });

// ---------------------------------------------------------------- campaigns

const variants = (max: number) =>
  z
    .array(textField(TEXT_MAX.customerMessage))
    .max(max, msg.tooLong)
    .optional()
    .default([])
    .transform((list) => list.map((m) => m.trim()).filter((m) => m !== ""));

const optionalId = z
  .preprocess((v) => (v === "" || v === undefined || v === 0 ? null : v), idField.nullable())
  .optional()
  .transform((v) => v ?? null);

const scheduledAtField = z
  .preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.union([z.string().max(40), z.date()]).nullable(),
  )
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const date = parseDateTime(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message: adminMsg.invalidDate });
      return z.NEVER;
    }
    return date;
  });

export const campaignSchema = z
  .object({
    name: title,
    whatsappId: z.coerce
      .number({ error: msg.obrigatorio })
      .int(msg.obrigatorio)
      .positive(msg.obrigatorio)
      .max(INT4_MAX),
    /** Recipients: a contact list or a tag of contacts (exactly one). */
    contactListId: optionalId,
    tagId: optionalId,
    /** Variants: one is picked at random per contact; {nome} and the other variables apply. */
    messages: variants(CAMPAIGN_MESSAGES_MAX),
    /** Confirmation flow: a reply equal to confirmationReply gets one confirmation message. */
    confirmation: booleanFlag,
    confirmationMessages: variants(CAMPAIGN_MESSAGES_MAX),
    confirmationReply: z.string().trim().max(100, msg.tooLong).optional().default(""),
    /** Start time; empty or null: start as soon as it is saved ('Enviar agora'). */
    scheduledAt: scheduledAtField,
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.contactListId) === Boolean(c.tagId)) {
      ctx.addIssue({ code: "custom", path: ["contactListId"], message: msg.obrigatorio });
    }
    if (c.messages.length === 0) {
      ctx.addIssue({ code: "custom", path: ["messages"], message: msg.obrigatorio });
    }
    if (c.confirmation && c.confirmationMessages.length === 0) {
      ctx.addIssue({ code: "custom", path: ["confirmationMessages"], message: msg.obrigatorio });
    }
    if (c.confirmation && !c.confirmationReply) {
      ctx.addIssue({ code: "custom", path: ["confirmationReply"], message: msg.obrigatorio });
    }
  });
export type CampaignInput = z.output<typeof campaignSchema>;

export const campaignListQuerySchema = z.object({
  searchParam: searchField,
  pageNumber: pageNumberField,
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

/** The report's recipient list, optionally one outcome only. */
export const CAMPAIGN_SHIPMENT_FILTERS = [
  "pending",
  "sent",
  "delivered",
  "read",
  "replied",
  "failed",
  "optedOut",
  "skipped",
] as const;

export const campaignShipmentQuerySchema = z.object({
  pageNumber: pageNumberField,
  status: z.enum(CAMPAIGN_SHIPMENT_FILTERS).optional(),
});

// ---------------------------------------------------------------- campaign settings

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const seconds = (max: number) =>
  z.coerce
    .number({ error: adminMsg.invalidNumber })
    .int(adminMsg.invalidNumber)
    .min(0, adminMsg.invalidNumber)
    .max(max, adminMsg.invalidNumber);

export const campaignSettingsSchema = z
  .object({
    /** Seconds between two messages: a random value in [min, max]. */
    messageIntervalMin: seconds(3600),
    messageIntervalMax: seconds(3600),
    /** After every N messages (0: never) a longer pause of greaterInterval seconds. */
    longerIntervalAfter: seconds(100_000),
    greaterInterval: seconds(86_400),
    /** Sending allowed from start to end (HH:MM, server time) on these weekdays (0 = Sunday). */
    allowedHoursStart: z.string().trim().regex(HHMM, adminMsg.invalidTime),
    allowedHoursEnd: z.string().trim().regex(HHMM, adminMsg.invalidTime),
    allowedDays: z
      .array(z.coerce.number().int().min(0).max(6))
      .min(1, msg.obrigatorio)
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    /** A reply equal to one of these words (case and accents ignored) opts the contact out. */
    optOutWords: z
      .array(z.string().trim().min(1, msg.required).max(50, msg.tooLong))
      .max(50, msg.tooLong),
  })
  .superRefine((s, ctx) => {
    if (s.messageIntervalMin > s.messageIntervalMax) {
      ctx.addIssue({
        code: "custom",
        path: ["messageIntervalMax"],
        message: adminMsg.minAboveMax,
      });
    }
    if (s.allowedHoursStart >= s.allowedHoursEnd) {
      ctx.addIssue({ code: "custom", path: ["allowedHoursEnd"], message: adminMsg.startBeforeEnd });
    }
  });
export type CampaignSettingsInput = z.output<typeof campaignSettingsSchema>;

/** What a company that never saved its campaign settings gets. */
export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettingsInput = {
  messageIntervalMin: 20,
  messageIntervalMax: 60,
  longerIntervalAfter: 20,
  greaterInterval: 300,
  allowedHoursStart: "00:00",
  allowedHoursEnd: "23:59",
  allowedDays: [0, 1, 2, 3, 4, 5, 6],
  optOutWords: ["SAIR", "PARAR", "STOP", "CANCELAR"],
};

// ---------------------------------------------------------------- responses

const id = z.number().int();
const stamp = z.string();
const ref = z.object({ id, name: z.string() });

export const contactListResponse = z.object({
  id,
  name: z.string(),
  companyId: id,
  itemsCount: z.number(),
  /** Items checked on WhatsApp and found there (null before any check). */
  validCount: z.number().nullable(),
  createdAt: stamp,
  updatedAt: stamp,
});

export const contactListsPageResponse = z.object({
  records: z.array(contactListResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

export const contactListItemResponse = z.object({
  id,
  contactListId: id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null: not checked; true/false: found or not on WhatsApp. */
  isWhatsappValid: z.boolean().nullable(),
  createdAt: stamp,
});

export const contactListItemsPageResponse = z.object({
  records: z.array(contactListItemResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

export const contactListValidateResponse = z.object({
  checked: z.number(),
  valid: z.number(),
  invalid: z.number(),
});

/** Counts of a campaign's recipients by outcome; `total` is every recipient. */
export const campaignReportResponse = z.object({
  total: z.number(),
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  replied: z.number(),
  confirmed: z.number(),
  failed: z.number(),
  optedOut: z.number(),
  skipped: z.number(),
});

export const campaignResponse = z.object({
  id,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  companyId: id,
  whatsappId: id.nullable(),
  whatsapp: z.object({ id, name: z.string(), channelType: z.string() }).nullable(),
  contactListId: id.nullable(),
  contactList: ref.nullable(),
  tagId: id.nullable(),
  tag: ref.nullable(),
  messages: z.array(z.string()),
  confirmation: z.boolean(),
  confirmationMessages: z.array(z.string()),
  confirmationReply: z.string(),
  scheduledAt: stamp.nullable(),
  startedAt: stamp.nullable(),
  completedAt: stamp.nullable(),
  file: z.object({ id: id.optional(), name: z.string(), url: z.string() }).nullable(),
  userId: id.nullable(),
  report: campaignReportResponse,
  createdAt: stamp,
  updatedAt: stamp,
});

export const campaignsPageResponse = z.object({
  records: z.array(campaignResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

export const campaignShipmentResponse = z.object({
  id,
  name: z.string(),
  number: z.string(),
  contactId: id.nullable(),
  ticketId: id.nullable(),
  /** The outcome as the report counts it (CAMPAIGN_SHIPMENT_FILTERS). */
  status: z.enum(CAMPAIGN_SHIPMENT_FILTERS),
  body: z.string().nullable(),
  error: z.string().nullable(),
  sentAt: stamp.nullable(),
  repliedAt: stamp.nullable(),
});

export const campaignShipmentsPageResponse = z.object({
  records: z.array(campaignShipmentResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

export const campaignSettingsResponse = z.object({
  messageIntervalMin: z.number(),
  messageIntervalMax: z.number(),
  longerIntervalAfter: z.number(),
  greaterInterval: z.number(),
  allowedHoursStart: z.string(),
  allowedHoursEnd: z.string(),
  allowedDays: z.array(z.number()),
  optOutWords: z.array(z.string()),
});

export type ContactListDTO = z.infer<typeof contactListResponse>;
export type ContactListItemDTO = z.infer<typeof contactListItemResponse>;
export type CampaignDTO = z.infer<typeof campaignResponse>;
export type CampaignReportDTO = z.infer<typeof campaignReportResponse>;
export type CampaignShipmentDTO = z.infer<typeof campaignShipmentResponse>;
export type CampaignSettingsDTO = z.infer<typeof campaignSettingsResponse>;
