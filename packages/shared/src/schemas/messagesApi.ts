import { z } from "zod";
import { msg } from "./common.js";

/**
 * The messages API (admin-operator §2.13, §7): POST /api/messages/send. The number carries
 * country code, area code and number, without a mask; spaces, '+', '-', '.', '(' and ')' are
 * tolerated and dropped, anything else makes it invalid.
 */
export const API_NUMBER_MIN_DIGITS = 10;
export const API_NUMBER_MAX_DIGITS = 15;

/** The digits of a number as the API accepts it, or null when it is not a phone number. */
export function normalizeApiNumber(raw: string): string | null {
  const digits = raw.trim().replace(/[\s+\-.()]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length < API_NUMBER_MIN_DIGITS || digits.length > API_NUMBER_MAX_DIGITS) return null;
  return digits;
}

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/** Body fields (JSON, or the text fields of the multipart form). */
export const apiSendSchema = z.object({
  number: z.union([z.string(), z.number()]).transform(String),
  body: z.string().max(20_000).optional().default(""),
  /** 1: the conversation is opened as a ticket agents see; 0 (default): just sent. */
  ticket: flag,
  /** A queue of the company for the ticket (ticket 1). */
  queue: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : Number(v)))
    .pipe(z.number().int().positive().optional()),
});
export type ApiSendInput = z.output<typeof apiSendSchema>;

/** The web test form (admin-operator §5): key, token, number and body (or a file) required. */
export const apiTestFormSchema = z.object({
  key: z.string().trim().min(1, msg.required),
  token: z.string().trim().min(1, msg.required),
  number: z.string().trim().min(1, msg.required),
  body: z.string(),
  ticket: z.boolean(),
  /** A queue id, or "" for none. */
  queue: z.string(),
});
