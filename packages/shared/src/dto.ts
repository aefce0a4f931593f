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
