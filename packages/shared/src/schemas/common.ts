import { z } from "zod";
import { isIsoDate } from "../billing.js";
import {
  INT4_MAX,
  LIST_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TEXT_MAX,
} from "../constants.js";

import { msg } from "../validation-texts.js";

export { msg };

export const requiredString = (min: number, max: number) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(min, msg.tooShort)
    .max(max, msg.tooLong);

export const nameField = requiredString(NAME_MIN, NAME_MAX);

export const passwordField = z
  .string({ error: msg.required })
  .min(PASSWORD_MIN, msg.tooShort)
  .max(PASSWORD_MAX, msg.tooLong);

export const emailField = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(TEXT_MAX.email, msg.tooLong)
  .pipe(z.email({ error: msg.invalidEmail }))
  .transform((e) => e.toLowerCase());

/** Optional free text of at most `max` characters ('Too Long!' beyond). */
export const textField = (max: number) => z.string().max(max, msg.tooLong);

/**
 * A flag as older API clients send it: true/false, 1/0 or their strings (admin-operator §3
 * "ticket (0 or 1)"); absent is false.
 */
export const booleanFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])], {
    error: "Expected true, false, 1 or 0",
  })
  .optional()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/**
 * A row id, given as a string or a number: a positive integer that fits the int4 columns
 * (1..2147483647); anything larger is refused here rather than by the database.
 */
export const idField = z.coerce.number().int().positive().max(INT4_MAX);

/** Path/query ids. */
export const idParam = idField;

/** A list of ids (queues, tags, users…), at most LIST_MAX.ids of them. */
export const idList = z.array(idField).max(LIST_MAX.ids, msg.tooLong);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid in a path (ticket /tickets/u/{uuid}, web-chat connection); other text is refused. */
export const uuidParam = z
  .string()
  .trim()
  .regex(UUID_PATTERN, "Invalid id")
  .transform((v) => v.toLowerCase());

export const pageNumberField = z.coerce.number().int().min(1).max(INT4_MAX).default(1);

/** Search box text. */
export const searchField = z
  .string()
  .trim()
  .max(TEXT_MAX.search, msg.tooLong)
  .optional()
  .default("");

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Years a date-time from a client may fall in: the database and every display handle them. */
const YEAR_MIN = 1900;
const YEAR_MAX = 9999;

/**
 * A date-time as clients send it (ISO 8601, or 'YYYY-MM-DD HH:mm:ss'), read only when it names
 * a real moment: the calendar day exists, the time is on the clock, the year is 1900–9999.
 * Otherwise null (JavaScript would roll 2024-02-30 over to March 1st).
 */
export function parseDateTime(value: string | Date): Date | null {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else {
    const match = DATE_TIME.exec(value.trim());
    if (!match || !isIsoDate(match[1]!)) return null;
    const [h, m, s] = [match[2], match[3], match[4]].map((x) => Number(x ?? 0));
    if (h! > 23 || m! > 59 || s! > 59) return null;
    date = new Date(value.trim().replace(" ", "T"));
  }
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < YEAR_MIN || year > YEAR_MAX) return null;
  return date;
}
