import {
  companyCreateSchema,
  connectionLimitSchema,
  isIsoDate,
  passwordField,
  type CompanyLanguage,
  type ConnectionLimits,
  type PaymentMethod,
  type Recurrence,
  type UseType,
} from "@atrium/shared";
import { z } from "zod";
import type { CompanyPayload, OperatorCompanyDTO } from "../api/companiesApi";

/** What the company form edits; selects hold "" for "none chosen". */
export interface CompanyFormValues {
  name: string;
  email: string;
  /** The first admin's own name (create only); empty → the e-mail's name. */
  adminName: string;
  password: string;
  document: string;
  phone: string;
  status: "true" | "false";
  planId: number | "";
  instanceId: number | "";
  paymentMethod: PaymentMethod | "";
  dueDate: string;
  recurrence: Recurrence | "";
  useType: UseType;
  invoiceRequired: "true" | "false";
  segments: string;
  apiEnabled: "true" | "false";
  campaignsEnabled: "true" | "false";
  language: CompanyLanguage;
  connectionLimit: ConnectionLimits;
}

const NO_LIMITS: ConnectionLimits = {
  baileys: 0,
  facebook: 0,
  instagram: 0,
  whatsAppBusiness: 0,
  webChat: 0,
};

/** §3 defaults: active, no invoice, Cliente, pt-BR, API and campaigns off, connection limits 0. */
export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: "",
  email: "",
  adminName: "",
  password: "",
  document: "",
  phone: "",
  status: "true",
  planId: "",
  instanceId: "",
  paymentMethod: "",
  dueDate: "",
  recurrence: "MENSAL",
  useType: "CLIENTE",
  invoiceRequired: "false",
  segments: "",
  apiEnabled: "false",
  campaignsEnabled: "false",
  language: "pt-BR",
  connectionLimit: NO_LIMITS,
};

/**
 * The server's rules for what the form checks itself (§5: email and plan required; a name;
 * numeric limits; an optional admin password). Selects and dates are shaped on submit.
 */
export const companyFormSchema = z.object({
  name: companyCreateSchema.shape.name,
  email: companyCreateSchema.shape.email,
  adminName: companyCreateSchema.shape.adminName,
  password: z.preprocess((v) => (v === "" ? undefined : v), passwordField.optional()),
  planId: companyCreateSchema.shape.planId,
  connectionLimit: connectionLimitSchema,
});

export function companyToForm(company: OperatorCompanyDTO): CompanyFormValues {
  return {
    name: company.name,
    email: company.email ?? "",
    adminName: "",
    password: "",
    document: company.document ?? "",
    phone: company.phone ?? "",
    status: company.status ? "true" : "false",
    planId: company.planId ?? "",
    instanceId: company.instanceId ?? "",
    paymentMethod: company.paymentMethod ?? "",
    dueDate: company.dueDate?.slice(0, 10) ?? "",
    recurrence: company.recurrence ?? "",
    useType: company.useType ?? "CLIENTE",
    invoiceRequired: company.invoiceRequired ? "true" : "false",
    segments: company.segments ?? "",
    apiEnabled: company.apiEnabled ? "true" : "false",
    campaignsEnabled: company.campaignsEnabled ? "true" : "false",
    language: company.language ?? "pt-BR",
    connectionLimit: { ...NO_LIMITS, ...company.connectionLimit },
  };
}

/** §5: an empty or invalid due date and an empty instance are sent as null. */
export function formToPayload(values: CompanyFormValues, isNew: boolean): CompanyPayload {
  const limits = Object.fromEntries(
    Object.entries(values.connectionLimit).map(([key, value]) => [key, Number(value) || 0]),
  ) as unknown as ConnectionLimits;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(isNew && values.adminName.trim() ? { adminName: values.adminName.trim() } : {}),
    ...(isNew && values.password ? { password: values.password } : {}),
    document: values.document.trim(),
    phone: values.phone.trim(),
    status: values.status === "true",
    planId: values.planId === "" ? null : values.planId,
    instanceId: values.instanceId === "" ? null : values.instanceId,
    paymentMethod: values.paymentMethod || null,
    dueDate: isIsoDate(values.dueDate) ? values.dueDate : null,
    recurrence: values.recurrence || null,
    useType: values.useType,
    invoiceRequired: values.invoiceRequired === "true",
    segments: values.segments.trim(),
    apiEnabled: values.apiEnabled === "true",
    campaignsEnabled: values.campaignsEnabled === "true",
    language: values.language,
    connectionLimit: limits,
  };
}
