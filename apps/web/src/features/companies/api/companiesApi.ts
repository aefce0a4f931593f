import type {
  ChannelType,
  ConnectionLimits,
  CompanyLanguage,
  PaymentMethod,
  PaymentStatus,
  Recurrence,
  UseType,
} from "@atrium/shared";
import { api } from "../../../api/client";

export interface CompanyOption {
  id: number;
  name: string;
}

/** A billing file of a company (boleto = invoiceFile, nota = noteFile). */
export interface CompanyFileDTO {
  name: string;
  uri?: string | null;
  url?: string | null;
}

export interface CompanyConnectionDTO {
  id: number;
  name: string;
  channelType: ChannelType;
  status: string;
  companyId: number;
}

/** A company as the operator's list answers it (admin-operator §3 Company). */
export interface OperatorCompanyDTO {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  planId: number | null;
  plan: { id?: number; name: string } | null;
  instanceId: number | null;
  instance: { id?: number; name: string; address: string } | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence | null;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus | null;
  lastSendPaymentAt: string | null;
  invoiceRequired: boolean;
  useType: UseType | null;
  segments: string | null;
  archived: boolean;
  archivedAt: string | null;
  language: CompanyLanguage | null;
  apiEnabled: boolean;
  /** The company's own switch; campaigns also need the plan's useCampaigns. */
  campaignsEnabled: boolean;
  invoiceFile: CompanyFileDTO | null;
  noteFile: CompanyFileDTO | null;
  whatsapps?: CompanyConnectionDTO[];
  connectionLimit?: Partial<ConnectionLimits> | null;
  createdAt: string;
}

/** The body of POST /companies and PUT /companies/:id. */
export interface CompanyPayload {
  name: string;
  email: string;
  /** The first admin user's password (create only). */
  password?: string;
  /** The first admin user's own name (create only); absent → the e-mail's name. */
  adminName?: string;
  document: string;
  phone: string;
  status: boolean;
  planId: number | null;
  instanceId: number | null;
  paymentMethod: PaymentMethod | null;
  dueDate: string | null;
  recurrence: Recurrence | null;
  useType: UseType;
  invoiceRequired: boolean;
  segments: string;
  apiEnabled: boolean;
  /** Absent keeps the company's value (companySchema); the form always sends it. */
  campaignsEnabled?: boolean;
  language: CompanyLanguage;
  connectionLimit: ConnectionLimits;
}

export interface CompaniesDashboardDTO {
  clientCount: number;
  testClientCount: number;
  overdueClientCount: number;
  baileysCount: number;
  facebookCount: number;
  instagramCount: number;
  webChatCount: number;
  whatsAppBusiness: number;
}

export interface InstanceDTO {
  id: number;
  name: string;
  address: string;
}

/** 'YYYY-MM-DD HH:mm:ss' of now, local time (PATCH /companies/lastSendPayment, §7). */
function nowStamp(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

function fileForm(file: File): FormData {
  const body = new FormData();
  body.append("file", file);
  return body;
}

export type CompanyFileKind = "invoice" | "note";

export const companiesApi = {
  /** GET /companies/list: super users only. */
  options: (signal?: AbortSignal) => api.get<CompanyOption[]>("/companies/list", { signal }),
  list: (signal?: AbortSignal) => api.get<OperatorCompanyDTO[]>("/companies", { signal }),
  dashboard: (signal?: AbortSignal) =>
    api.get<CompaniesDashboardDTO>("/companies/dashboard", { signal }),
  instances: (signal?: AbortSignal) => api.get<InstanceDTO[]>("/instances", { signal }),
  create: (payload: CompanyPayload) => api.post<OperatorCompanyDTO>("/companies", payload),
  update: (id: number, payload: CompanyPayload) =>
    api.put<OperatorCompanyDTO>(`/companies/${id}`, payload),
  remove: (id: number) => api.delete(`/companies/${id}`),
  setArchived: (id: number, archived: boolean) =>
    api.patch<OperatorCompanyDTO>(`/companies/archived/${id}`, { archived }),
  recordPaymentRequest: (id: number) =>
    api.patch<OperatorCompanyDTO>(`/companies/lastSendPayment/${id}`, {
      lastSendPaymentAt: nowStamp(),
    }),
  /** PATCH /companies/:id/payment-status: any step of the billing cycle (undo included). */
  setPaymentStatus: (id: number, paymentStatus: PaymentStatus) =>
    api.patch<OperatorCompanyDTO>(`/companies/${id}/payment-status`, { paymentStatus }),
  resendAccessEmail: (id: number) => api.patch(`/companies/${id}/reset-password`),
  closeAllTickets: (id: number) => api.patch(`/tickets/${id}/close-all`),
  uploadFile: (id: number, kind: CompanyFileKind, file: File) =>
    api.post<OperatorCompanyDTO>(`/companies/${id}/${kind}`, fileForm(file)),
  deleteFile: (id: number, kind: CompanyFileKind) =>
    api.delete<OperatorCompanyDTO>(`/companies/${id}/${kind}`),
  restartConnection: (connectionId: number, companyId: number) =>
    api.patch<{ status?: string }>(`/whatsappsession/${connectionId}/restart`, {
      selectedCompanyId: companyId,
    }),
};

export const companiesKeys = {
  all: ["companies"] as const,
  options: () => [...companiesKeys.all, "options"] as const,
  operator: () => [...companiesKeys.all, "operator"] as const,
  list: () => [...companiesKeys.operator(), "list"] as const,
  dashboard: () => [...companiesKeys.operator(), "dashboard"] as const,
  instances: () => ["instances"] as const,
};
