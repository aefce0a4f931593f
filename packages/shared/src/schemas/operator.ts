import { z } from "zod";
import { isIsoDate } from "../billing.js";
import {
  LANGUAGES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RECURRENCES,
  USE_TYPES,
  type ChannelType,
} from "../enums.js";
import { INT4_MAX, TEXT_MAX } from "../constants.js";
import {
  emailField,
  idField,
  msg,
  nameField,
  parseDateTime,
  passwordField,
  searchField,
} from "./common.js";

/**
 * The platform operator's screens (admin-operator §2.3, §2.4, §3, §5, §7): companies, plans and
 * the connection limits shared by both.
 */

/** The five per-channel connection limits, in the spec's key names. */
export const CONNECTION_LIMIT_KEYS = [
  "baileys",
  "facebook",
  "instagram",
  "whatsAppBusiness",
  "webChat",
] as const;
export type ConnectionLimitKey = (typeof CONNECTION_LIMIT_KEYS)[number];
export type ConnectionLimits = Record<ConnectionLimitKey, number>;

export const CHANNEL_LIMIT_KEY: Record<ChannelType, ConnectionLimitKey> = {
  BAILEYS: "baileys",
  FACEBOOK: "facebook",
  INSTAGRAM: "instagram",
  WHATSAPP_BUSINESS: "whatsAppBusiness",
  WEB_CHAT: "webChat",
};

/** A limit input: a whole number ≥ 0; empty (or null) counts as 0. */
const limitField = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === null || v === "" ? 0 : Number(v)))
  .pipe(
    z
      .number({ error: "Invalid number" })
      .int("Invalid number")
      .min(0, "Invalid number")
      .max(INT4_MAX, "Invalid number"),
  );

export const connectionLimitSchema = z.object(
  Object.fromEntries(CONNECTION_LIMIT_KEYS.map((k) => [k, limitField.optional()])) as Record<
    ConnectionLimitKey,
    z.ZodOptional<typeof limitField>
  >,
);

// ---------------------------------------------------------------- plans

export const planSchema = z.object({
  name: z.string({ error: msg.required }).trim().min(1, msg.required).max(100, msg.tooLong),
  /** Users allowed (also accepted as userLimit.limit; `users` wins when both are sent). */
  users: limitField.optional(),
  userLimit: z.object({ limit: limitField.optional() }).nullable().optional(),
  queues: limitField.optional(),
  connectionLimit: connectionLimitSchema.nullable().optional(),
  /** Days an overdue company keeps working before its users are blocked (default 7). */
  graceDays: limitField.optional(),
  /** Campaigns (issue #15) are offered to this plan's companies; absent on update keeps it. */
  useCampaigns: z.boolean().optional(),
});
export type PlanInput = z.output<typeof planSchema>;

export const planListQuerySchema = z.object({
  /** Accepted for the signup form's query string; ignored. */
  listPublic: z.string().max(20).optional(),
});

// ---------------------------------------------------------------- companies

/** Empty string → null, so a cleared select or input means "none". */
const emptyToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const optionalText = (max: number) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, msg.tooLong).nullable()).optional();
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToNull, z.enum(values).nullable()).optional();

/** §5: an empty or invalid due date is sent as null. */
const dueDateField = z
  .preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z
      .string()
      .max(40, "Invalid date")
      .nullable()
      .refine((v) => v === null || isIsoDate(v.slice(0, 10)), "Invalid date")
      .transform((v) => (v === null ? null : v.slice(0, 10))),
  )
  .optional();

const idOrNull = z
  .preprocess((v) => (v === "" || v === undefined || v === 0 ? null : v), idField.nullable())
  .optional();

const companyFields = {
  name: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(TEXT_MAX.title, msg.tooLong),
  email: emailField,
  phone: optionalText(50),
  document: optionalText(50),
  status: z.boolean().optional(),
  planId: z.coerce.number({ error: msg.required }).int().positive(msg.required).max(INT4_MAX),
  /** §5: empty is sent as null; the server then assigns its own instance. */
  instanceId: idOrNull,
  dueDate: dueDateField,
  recurrence: optionalEnum(RECURRENCES),
  paymentMethod: optionalEnum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  invoiceRequired: z.boolean().optional(),
  useType: z.enum(USE_TYPES).optional(),
  segments: optionalText(500),
  apiEnabled: z.boolean().optional(),
  /** The company's campaignsEnabled setting (campaigns also need the plan's useCampaigns). */
  campaignsEnabled: z.boolean().optional(),
  language: z.enum(LANGUAGES).optional(),
  /** Per-company connection limits; 0 (or empty) means "the plan decides". */
  connectionLimit: connectionLimitSchema.nullable().optional(),
};

export const companyCreateSchema = z.object({
  ...companyFields,
  /** Password of the company's first admin; absent → generated and sent by email. */
  password: passwordField.optional(),
  /**
   * The first admin's own name (the top bar greets them, signatures carry it); absent → the
   * e-mail's local part, never the company's name.
   */
  adminName: z.preprocess((v) => (v === "" ? undefined : v), nameField.optional()),
});
export type CompanyCreateInput = z.output<typeof companyCreateSchema>;

export const companyUpdateSchema = z.object(companyFields).partial();
export type CompanyUpdateInput = z.output<typeof companyUpdateSchema>;

export const companyListQuerySchema = z.object({
  /** Name or email contains (case-insensitive). */
  searchParam: searchField,
  /** "true": archived only; "false": not archived; absent: all. */
  archived: z.enum(["true", "false"]).optional(),
});

export const companyArchiveSchema = z.object({ archived: z.boolean() });

/** "YYYY-MM-DD HH:mm:ss" (§7) or any ISO date-time; absent → now. */
export const lastSendPaymentSchema = z.object({
  lastSendPaymentAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/, "Invalid date")
    .refine((v) => parseDateTime(v) !== null, "Invalid date")
    .optional(),
});

/**
 * The billing cycle's step (admin-operator §3 paymentStatus): PENDING 'Cobrança a enviar' →
 * SENDED 'Cobrança enviada' → COMPLETED 'Pagamento efetivado', and back (undo, next cycle).
 */
export const paymentStatusSchema = z.object({ paymentStatus: z.enum(PAYMENT_STATUSES) });

export const closeAllParamsSchema = z.object({ companyId: idField });
