import { z } from "zod";
import { INT4_MAX, TEXT_MAX } from "../constants.js";
import { booleanFlag, msg, textField } from "./common.js";

/**
 * The messages API (admin-operator §2.13, §7): POST /api/messages/send. The number carries
 * country code, area code and number, without a mask; a mask is tolerated and dropped, but a
 * number starting with its area code in parentheses has no country code (see phone.ts).
 */

/** Body fields (JSON, or the text fields of the multipart form). */
export const apiSendSchema = z.object({
  number: z.union([z.string().max(50, msg.tooLong), z.number()]).transform(String),
  body: textField(TEXT_MAX.customerMessage).optional().default(""),
  /** 1: the conversation is opened as a ticket agents see; 0 (default): just sent. */
  ticket: booleanFlag,
  /** A queue of the company for the ticket (ticket 1). */
  queue: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : Number(v)))
    .pipe(z.number().int().positive().max(INT4_MAX).optional()),
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
