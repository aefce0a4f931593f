import { z } from "zod";
import { TEXT_MAX } from "../constants.js";
import { emailField, idField, msg, nameField, passwordField } from "./common.js";

/** Login takes any stored password, but never megabytes to hash. */
const LOGIN_PASSWORD_MAX = 200;

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: msg.required })
    .min(1, msg.required)
    .max(LOGIN_PASSWORD_MAX, msg.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  /** The signup token field of the form; kept for the contract, not required. */
  token: z.string().max(TEXT_MAX.token, msg.tooLong).optional().default(""),
  companyId: idField.optional(),
  planId: idField.optional(),
  phone: z.string().max(50, msg.tooLong).optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /auth/set-password: the token of an access email's link and the new password. */
export const setPasswordSchema = z.object({
  token: z.string({ error: msg.required }).trim().min(1, msg.required).max(200, msg.tooLong),
  password: passwordField,
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
