import type * as s from "@atrium/shared";
import type { z } from "zod";
import type { AnnouncementDTO } from "../features/announcements/api/announcementsApi";
import type { ApiKeyStatus, ApiSendResult } from "../features/messagesApi/api/messagesApiApi";
import type { ChatUserOption } from "../features/chats/api/chatsApi";
import type {
  CompaniesDashboardDTO,
  InstanceDTO,
  OperatorCompanyDTO,
} from "../features/companies/api/companiesApi";
import type { ConnectionDTO } from "../features/connections/api/connectionsApi";
import type {
  CampaignDTO,
  CampaignSettingsDTO,
  CampaignShipmentDTO,
} from "../features/campaigns/api/campaignsApi";
import type {
  ContactListDTO,
  ContactListItemDTO,
  RecordsPageDTO,
  ValidateResult,
} from "../features/contactLists/api/contactListsApi";
import type { ContactDTO, ContactsPage } from "../features/contacts/api/contactsApi";
import type { TicketNoteDTO } from "../features/contacts/api/notesApi";
import type { HelpDTO } from "../features/helps/api/helpsApi";
import type { MessageDTO, MessagesPage } from "../features/messages/api/messageTypes";
import type { PlanDTO } from "../features/plans/api/plansApi";
import type { QueueOptionDTO } from "../features/queues/api/queueOptionsApi";
import type { QueueDTO } from "../features/queues/api/queuesApi";
import type {
  QuickMessageDTO,
  QuickMessageRecord,
} from "../features/quickMessages/api/quickMessagesApi";
import type { ScheduleDTO } from "../features/schedules/api/schedulesApi";
import type { CompanyDTO } from "../features/settings/api/settingsApi";
import type { TagRowDTO } from "../features/tags/api/tagsApi";
import type { TagDTO, TicketDTO, TicketsPage } from "../features/tickets/api/ticketTypes";
import type { UsersPage } from "../features/users/api/usersApi";

/**
 * The web's DTO types are the server's contract (packages/shared responses): each pair below
 * must be the same type both ways, so a change on either side fails `typecheck` until the
 * other follows (and the contract test holds the server to the schemas).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Shape<T extends z.ZodType> = z.output<T>;

export const dtoContract: [
  Same<s.UserDTO, Shape<typeof s.userResponse>>,
  Same<s.LoginResponse, Shape<typeof s.loginResponse>>,
  Same<UsersPage, Shape<typeof s.usersPageResponse>>,
  Same<ChatUserOption, Shape<typeof s.userOptionResponse>>,
  Same<TicketDTO, Shape<typeof s.ticketResponse>>,
  Same<TicketsPage, Shape<typeof s.ticketsPageResponse>>,
  Same<MessageDTO, Shape<typeof s.messageResponse>>,
  Same<MessagesPage, Shape<typeof s.messagesPageResponse>>,
  Same<ContactDTO, Shape<typeof s.contactResponse>>,
  Same<ContactsPage, Shape<typeof s.contactsPageResponse>>,
  Same<s.ContactImportResult, Shape<typeof s.contactImportResponse>>,
  Same<TicketNoteDTO, Shape<typeof s.ticketNoteResponse>>,
  Same<ConnectionDTO, Shape<typeof s.connectionResponse>>,
  Same<QueueDTO, Shape<typeof s.queueResponse>>,
  Same<QueueOptionDTO, Shape<typeof s.queueOptionResponse>>,
  Same<TagDTO, Shape<typeof s.tagResponse>>,
  Same<TagRowDTO, Shape<typeof s.tagRowResponse>>,
  Same<QuickMessageDTO, Shape<typeof s.quickMessageResponse>>,
  Same<QuickMessageRecord, Shape<typeof s.quickMessageRecordResponse>>,
  Same<ScheduleDTO, Shape<typeof s.scheduleResponse>>,
  Same<AnnouncementDTO, Shape<typeof s.announcementResponse>>,
  Same<HelpDTO, Shape<typeof s.helpResponse>>,
  Same<s.ChatDTO, Shape<typeof s.chatResponse>>,
  Same<s.ChatMessageDTO, Shape<typeof s.chatMessageResponse>>,
  Same<s.DashboardDTO, Shape<typeof s.dashboardResponse>>,
  Same<s.SettingDTO, Shape<typeof s.settingResponse>>,
  Same<CompanyDTO, Shape<typeof s.companyHoursResponse>>,
  Same<PlanDTO, Shape<typeof s.planResponse>>,
  Same<OperatorCompanyDTO, Shape<typeof s.operatorCompanyResponse>>,
  Same<CompaniesDashboardDTO, Shape<typeof s.companiesDashboardResponse>>,
  Same<InstanceDTO, Shape<typeof s.instanceResponse>>,
  Same<ApiKeyStatus, Shape<typeof s.apiKeyStatusResponse>>,
  Same<ApiSendResult, Shape<typeof s.apiSendResponse>>,
  Same<RecordsPageDTO<ContactListDTO>, Shape<typeof s.contactListsPageResponse>>,
  Same<RecordsPageDTO<ContactListItemDTO>, Shape<typeof s.contactListItemsPageResponse>>,
  Same<ValidateResult, Shape<typeof s.contactListValidateResponse>>,
  Same<RecordsPageDTO<CampaignDTO>, Shape<typeof s.campaignsPageResponse>>,
  Same<RecordsPageDTO<CampaignShipmentDTO>, Shape<typeof s.campaignShipmentsPageResponse>>,
  Same<CampaignSettingsDTO, Shape<typeof s.campaignSettingsResponse>>,
] = [
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
];
