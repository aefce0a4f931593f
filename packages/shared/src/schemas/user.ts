import { z } from "zod";
import { PROFILES } from "../enums.js";
import { emailField, nameField, passwordField } from "./common.js";

const queueIds = z.array(z.coerce.number().int().positive()).default([]);

const userFields = {
  name: nameField,
  email: emailField,
  profile: z.enum(PROFILES).default("user"),
  queueIds,
  allowFinishTicketWithoutMessage: z.boolean().default(false),
  allowChangeSignature: z.boolean().default(true),
  /** Super users only: the company this user should be created in. */
  companyId: z.coerce.number().int().positive().optional(),
  /** Super users only: support access to another company (null = none). */
  selectedCompanyId: z.coerce.number().int().positive().nullable().optional(),
  selectedCompanyQueueIds: queueIds,
  super: z.boolean().optional(),
};

export const userCreateSchema = z.object({ ...userFields, password: passwordField });
export type UserCreateInput = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z.union([passwordField, z.literal("")]).optional(),
  })
  .partial();
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

export const userListQuerySchema = z.object({
  searchParam: z.string().trim().optional().default(""),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
