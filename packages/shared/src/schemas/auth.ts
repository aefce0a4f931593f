import { z } from "zod";
import { emailField, msg, nameField, passwordField } from "./common.js";

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: msg.required }).min(1, msg.required),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  /** The signup token field of the form; kept for the contract, not required. */
  token: z.string().optional().default(""),
  companyId: z.coerce.number().int().positive().optional(),
  planId: z.coerce.number().int().positive().optional(),
  phone: z.string().optional(),
});
export type SignupInput = z.input<typeof signupSchema>;
