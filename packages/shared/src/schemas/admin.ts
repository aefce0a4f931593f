import { z } from "zod";
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_REACTIONS,
  MESSAGE_TYPES,
  QUEUE_OPTION_FILE_TYPES,
  WEEKDAYS,
  type WorkingHoursEntry,
} from "../enums.js";
import { INT4_MAX, TEXT_MAX } from "../constants.js";
import { mimeEssence } from "../media.js";
import { adminMsg } from "../validation-texts.js";
import { idField, msg, pageNumberField, parseDateTime, searchField, textField } from "./common.js";

/**
 * Administration screens (admin-operator §2.2, §2.7–§2.12, §5): working hours, queue options,
 * tags page, quick messages, schedules, announcements and helps. Server and web forms share them.
 */

export { adminMsg };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** HH:MM (masked ##:## in the forms); empty means "no hours that day". */
const timeField = z
  .string()
  .trim()
  .refine((v) => v === "" || HHMM.test(v), adminMsg.invalidTime);

const WEEKDAY_KEYS = WEEKDAYS.map((d) => d.weekdayEn) as [
  WorkingHoursEntry["weekdayEn"],
  ...WorkingHoursEntry["weekdayEn"][],
];

export const workingHoursEntrySchema = z
  .object({
    weekday: z.string().trim().max(40).optional().default(""),
    weekdayEn: z.enum(WEEKDAY_KEYS),
    startTime: timeField.optional().default(""),
    endTime: timeField.optional().default(""),
  })
  .superRefine((e, ctx) => {
    if (Boolean(e.startTime) !== Boolean(e.endTime)) {
      ctx.addIssue({
        code: "custom",
        path: [e.startTime ? "endTime" : "startTime"],
        message: adminMsg.bothTimes,
      });
    } else if (HHMM.test(e.startTime) && HHMM.test(e.endTime) && e.startTime >= e.endTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: adminMsg.startBeforeEnd });
    }
  });

/** Seven entries, one per weekday (any order in, Monday-first out, labels filled in). */
export const workingHoursSchema = z
  .array(workingHoursEntrySchema)
  .length(7, adminMsg.sevenDays)
  .refine((list) => new Set(list.map((e) => e.weekdayEn)).size === 7, adminMsg.sevenDays)
  .transform((list): WorkingHoursEntry[] =>
    WEEKDAYS.map((day) => {
      const e = list.find((x) => x.weekdayEn === day.weekdayEn)!;
      return {
        weekday: e.weekday || day.weekday,
        weekdayEn: day.weekdayEn,
        startTime: e.startTime,
        endTime: e.endTime,
      };
    }),
  );

/** The seven entries of a queue or company that never had working hours. */
export function emptyWorkingHours(): WorkingHoursEntry[] {
  return WEEKDAYS.map((d) => ({ ...d, startTime: "", endTime: "" }));
}

export const companySchedulesSchema = z.object({
  schedules: workingHoursSchema,
});

export const listQuerySchema = z.object({
  searchParam: searchField,
  pageNumber: pageNumberField,
});

/** Multipart text fields arrive as strings; "true"/"1"/"on" are true. */
const formBoolean = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

const formOptionalId = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "" || v === "null" || Number(v) === -1) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > INT4_MAX) {
      ctx.addIssue({ code: "custom", message: "Invalid id" });
      return z.NEVER;
    }
    return n;
  });

// ---------------------------------------------------------------- queue options

/**
 * POST/PUT /queue-options fields (multipart). `parentId` -1, '' or absent means a root option;
 * `option` absent means "next ordinal among the siblings"; `fileType` '' means none.
 */
export const queueOptionSchema = z.object({
  title: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(TEXT_MAX.title, msg.tooLong),
  message: textField(TEXT_MAX.customerMessage).optional().default(""),
  option: z.union([z.number(), z.string()]).optional().transform(optionalPositiveInt),
  queueId: z.coerce.number({ error: msg.required }).int().positive(msg.required).max(INT4_MAX),
  parentId: formOptionalId,
  optionType: z.string().trim().max(40, msg.tooLong).optional(),
  fileType: z
    .union([z.enum(QUEUE_OPTION_FILE_TYPES), z.literal("")])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  finalize: formBoolean,
  waitTreatment: formBoolean,
});
export type QueueOptionInput = z.input<typeof queueOptionSchema>;

function optionalPositiveInt(v: number | string | undefined, ctx: z.RefinementCtx) {
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  if (Number.isInteger(n) && n > 0 && n <= INT4_MAX) return n;
  ctx.addIssue({ code: "custom", message: "Invalid number" });
  return z.NEVER;
}

export const queueOptionListQuerySchema = z.object({
  queueId: idField,
  parentId: formOptionalId,
});

/**
 * File accepted for a queue option of the given type (admin-operator §2.7): the extension the
 * spec names and, when known, a type of that kind (the server passes the type it detected from
 * the bytes, so a script named `menu.png` is refused).
 */
export function queueOptionFileAllowed(
  fileType: string | null | undefined,
  file: { filename: string; mimetype: string },
): boolean {
  const ext = file.filename.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  const mime = mimeEssence(file.mimetype);
  const typeIs = (...types: string[]) => !mime || types.includes(mime);
  switch (fileType) {
    case "VIDEO":
      return [".mpeg", ".mp4"].includes(ext) && typeIs("video/mp4", "video/mpeg");
    case "IMAGE":
      return [".jpeg", ".jpg", ".png"].includes(ext) && typeIs("image/jpeg", "image/png");
    case "AUDIO":
      // Recorded audio often comes in an MP4 or WebM container, detected as video.
      return (
        (mime.startsWith("audio/") ||
          [".mp3", ".ogg", ".oga", ".opus", ".wav", ".m4a", ".aac", ".webm"].includes(ext)) &&
        (!mime || mime.startsWith("audio/") || mime === "video/mp4" || mime === "video/webm")
      );
    default:
      return true;
  }
}

// ---------------------------------------------------------------- tags

export const tagUpdateSchema = z.object({
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
  /** Sent by the client; the tag keeps its creator. */
  userId: idField.nullable().optional(),
});

// ---------------------------------------------------------------- quick messages

export const quickMessageSchema = z.object({
  shortcode: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(3, msg.tooShort)
    .max(TEXT_MAX.shortcode, msg.tooLong),
  message: textField(TEXT_MAX.customerMessage).optional().default(""),
  /** Visible to the whole company (admins only). `geral` is the legacy name. */
  global: formBoolean,
  geral: formBoolean,
});

/** MESSAGE, FILE or FILE_AND_MESSAGE from what exists (quick messages, schedules). */
export function messageTypeOf(hasFile: boolean, text: string): (typeof MESSAGE_TYPES)[number] {
  if (hasFile && text.trim()) return "FILE_AND_MESSAGE";
  return hasFile ? "FILE" : "MESSAGE";
}

// ---------------------------------------------------------------- schedules

const sendAtField = z
  .union([z.string(), z.date()], { error: msg.obrigatorio })
  .transform((v, ctx) => {
    if (v === "") {
      ctx.addIssue({ code: "custom", message: msg.obrigatorio });
      return z.NEVER;
    }
    const date = parseDateTime(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message: adminMsg.invalidDate });
      return z.NEVER;
    }
    return date;
  });

export const scheduleSchema = z.object({
  contactId: z.coerce
    .number({ error: msg.obrigatorio })
    .int(msg.obrigatorio)
    .positive(msg.obrigatorio)
    .max(INT4_MAX),
  body: textField(TEXT_MAX.customerMessage).optional().default(""),
  sendAt: sendAtField,
  /** Informative: the stored type follows from the body and the attached file. */
  messageType: z.enum(MESSAGE_TYPES).optional(),
  openTicket: formBoolean,
  queueId: formOptionalId,
  whatsappId: formOptionalId,
  userId: formOptionalId,
});

/** The create form: the send time must be ahead of now. */
export const scheduleCreateSchema = scheduleSchema.refine((s) => s.sendAt.getTime() > Date.now(), {
  path: ["sendAt"],
  message: adminMsg.futureDate,
});

export const scheduleListQuerySchema = listQuerySchema.extend({
  contactId: idField.optional(),
});

// ---------------------------------------------------------------- announcements

export const announcementSchema = z.object({
  title: z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, msg.obrigatorio)
    .max(TEXT_MAX.title, msg.tooLong),
  text: z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, msg.obrigatorio)
    .max(TEXT_MAX.longText, msg.tooLong),
  link: z
    .string()
    .trim()
    .max(TEXT_MAX.url, msg.tooLong)
    .nullable()
    .optional()
    .transform((v) => v || null),
  priority: z.coerce.number().int().min(1).max(3).optional().default(3),
  category: z.enum(ANNOUNCEMENT_CATEGORIES, { error: msg.obrigatorio }).optional().default("NEW"),
  status: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => (v === undefined ? true : v === true || v === "true" || v === "1")),
});

export const announcementListQuerySchema = listQuerySchema.extend({
  all: z
    .string()
    .max(10)
    .optional()
    .transform((v) => v === "true"),
});

export const announcementReactionSchema = z.object({
  reaction: z.enum(ANNOUNCEMENT_REACTIONS),
});

/** Announcement attachments: .png, .jpg, .jpeg only (admin-operator §5), and so by content. */
export function announcementMediaAllowed(filename: string, mimetype = ""): boolean {
  const mime = mimeEssence(mimetype);
  return (
    /\.(png|jpe?g)$/i.test(filename) && (!mime || mime === "image/png" || mime === "image/jpeg")
  );
}

// ---------------------------------------------------------------- helps

export const helpSchema = z.object({
  title: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(TEXT_MAX.title, msg.tooLong),
  description: textField(TEXT_MAX.longText).optional().default(""),
  video: z.string().trim().max(500, msg.tooLong).optional().default(""),
  version: z
    .union([z.literal("1"), z.literal("2"), z.literal(1), z.literal(2)])
    .optional()
    .default("1")
    .transform((v) => String(v) as "1" | "2"),
});

export const helpListQuerySchema = z.object({
  version: z.enum(["1", "2", "all"]).optional().default("1"),
});

// ---------------------------------------------------------------- contacts import

export interface ContactImportResult {
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string }[];
}
