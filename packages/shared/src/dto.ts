import type { ChannelType, ConnectionStatus, Profile } from "./enums.js";
import type { SettingDTO } from "./settings.js";

/** JSON shapes the server's presenters produce and the web client reads. */
export interface QueueRefDTO {
  id: number;
  name: string;
  color: string;
}

export interface CompanyRefDTO {
  id: number;
  name: string;
  instance: { id: number; name: string; address: string } | null;
  settings: SettingDTO[];
  campaignsEnabled: boolean;
  language: string;
}

export interface UserDTO {
  id: number;
  uuid: string;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  online: boolean;
  companyId: number;
  company?: CompanyRefDTO;
  queues: QueueRefDTO[];
  queueIds: number[];
  allowFinishTicketWithoutMessage: boolean;
  allowChangeSignature: boolean;
  selectedCompanyId: number | null;
  selectedCompanyQueues: QueueRefDTO[];
  createdAt: string;
  updatedAt: string;
}

export interface LoginResponse {
  token: string;
  uuid: string;
  user: UserDTO;
}

export interface ConnectionRefDTO {
  id: number;
  name: string;
  channelType: ChannelType;
  status: ConnectionStatus;
}

/** Internal team chat (admin-operator §3). `users` lists every member with their unread count. */
export interface ChatDTO {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  updatedAt: string;
  users: { userId: number; unreads: number; user: { id: number; name: string } }[];
}

export interface ChatMessageDTO {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
}

export interface DashboardAttendantDTO {
  id: number;
  name: string;
  /** Average rating (1–3) of the cycles they finished in the period; 0 without ratings. */
  rating: number;
  /** Minutes, one decimal. */
  avgSupportTime: number;
  supportFinished: number;
  online: boolean;
}

/** GET /dashboard. Times are minutes with one decimal; 0 when nothing was measured. */
export interface DashboardDTO {
  supportPending: number;
  supportHappening: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  attendants: DashboardAttendantDTO[];
  /** Today's tickets by hour of updatedAt: index 0 = 01:00 … index 22 = 23:00, index 23 = 00:00. */
  ticketsByHour: number[];
}
