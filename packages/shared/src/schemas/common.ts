import { z } from "zod";
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from "../constants.js";

/** The spec's validation texts (agent-core §5, admin-operator §5). */
export const msg = {
  required: "Required",
  tooShort: "Too Short!",
  tooLong: "Too Long!",
  invalidEmail: "Invalid email",
  obrigatorio: "Obrigatório",
} as const;

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
  .pipe(z.email({ error: msg.invalidEmail }))
  .transform((e) => e.toLowerCase());

/** Path/query ids: positive integers given as strings or numbers. */
export const idParam = z.coerce.number().int().positive();

export const pageNumberField = z.coerce.number().int().min(1).default(1);
