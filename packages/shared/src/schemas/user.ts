import { z } from "zod";
import { PROFILES } from "../enums.js";
import {
  emailField,
  idField,
  idList,
  nameField,
  pageNumberField,
  passwordField,
  searchField,
} from "./common.js";

const queueIds = idList.default([]);

const userFields = {
  name: nameField,
  email: emailField,
  profile: z.enum(PROFILES).default("user"),
  queueIds,
  allowFinishTicketWithoutMessage: z.boolean().default(false),
  allowChangeSignature: z.boolean().default(true),
  /** Super users only: the company this user should be created in. */
  companyId: idField.optional(),
  /** Super users only: support access to another company (null = none). */
  selectedCompanyId: idField.nullable().optional(),
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
  searchParam: searchField,
  pageNumber: pageNumberField,
});
