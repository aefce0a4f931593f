import { z } from "zod";
import {
  ANNOUNCEMENT_CATEGORIES,
  CHANNEL_TYPES,
  CONNECTION_STATUSES,
  LANGUAGES,
  MESSAGE_MEDIA_TYPES,
  MESSAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PROFILES,
  RECURRENCES,
  TICKET_STATUSES,
  USE_TYPES,
  WEEKDAYS,
} from "../enums.js";
import { CONNECTION_LIMIT_KEYS } from "./operator.js";

/**
 * What the server answers, as the web client reads it: one zod schema per JSON shape. The
 * contract test checks the server's answers against them, the web's own DTO types are checked
 * equal to them, and the web tests' fetch stubs are typed by them (see `apiContract`).
 * Objects are not strict: a field the web does not read may be added; one it reads may not go.
 */

const id = z.number().int();
const stamp = z.string();
const ref = z.object({ id, name: z.string() });
const channelType = z.enum(CHANNEL_TYPES);
const connectionStatus = z.enum(CONNECTION_STATUSES);

export const settingResponse = z.object({ key: z.string(), value: z.string() });
export const queueRefResponse = z.object({ id, name: z.string(), color: z.string() });
export const tagResponse = z.object({ id, name: z.string(), color: z.string() });
export const storedFileResponse = z.object({
  id: id.optional(),
  name: z.string(),
  url: z.string(),
});
export const workingHoursResponse = z.object({
  weekday: z.string(),
  weekdayEn: z.enum(WEEKDAYS.map((d) => d.weekdayEn) as [WeekdayKey, ...WeekdayKey[]]),
  startTime: z.string(),
  endTime: z.string(),
});
type WeekdayKey = (typeof WEEKDAYS)[number]["weekdayEn"];

export const companyRefResponse = z.object({
  id,
  name: z.string(),
  instance: z.object({ id, name: z.string(), address: z.string() }).nullable(),
  settings: z.array(settingResponse),
  campaignsEnabled: z.boolean(),
  language: z.string(),
});

export const userResponse = z.object({
  id,
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  super: z.boolean(),
  online: z.boolean(),
  companyId: id,
  company: companyRefResponse.optional(),
  queues: z.array(queueRefResponse),
  queueIds: z.array(id),
  allowFinishTicketWithoutMessage: z.boolean(),
  allowChangeSignature: z.boolean(),
  selectedCompanyId: id.nullable(),
  selectedCompanyQueues: z.array(queueRefResponse),
  createdAt: stamp,
  updatedAt: stamp,
});

export const loginResponse = z.object({ token: z.string(), uuid: z.string(), user: userResponse });

export const usersPageResponse = z.object({
  users: z.array(userResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

/** GET /users/list: the light list the pickers read. */
export const userOptionResponse = z.object({
  id,
  name: z.string(),
  email: z.string().optional(),
  profile: z.string().optional(),
  online: z.boolean().optional(),
});

export const ticketContactResponse = z.object({
  id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
});

export const ticketResponse = z.object({
  id,
  uuid: z.string(),
  protocol: z.number(),
  status: z.enum(TICKET_STATUSES),
  companyId: id,
  queueId: id.nullable(),
  queue: queueRefResponse.nullable(),
  userId: id.nullable(),
  user: ref.nullable(),
  contactId: id,
  contact: ticketContactResponse,
  whatsappId: id,
  whatsapp: z.object({ id, name: z.string(), channelType, status: z.string() }).nullable(),
  channelType,
  lastMessage: z.string(),
  unreadMessages: z.number(),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  awaitingRating: z.boolean().optional(),
  tags: z.array(tagResponse),
  /** The campaign this conversation answers (a reply to a campaign message); single ticket only. */
  campaign: ref.nullable().optional(),
  createdAt: stamp,
  updatedAt: stamp,
});

export const ticketsPageResponse = z.object({
  tickets: z.array(ticketResponse),
  count: z.number(),
  hasMore: z.boolean(),
});

export const messageResponse = z.object({
  id,
  ticketId: id,
  contactId: id.nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  ack: z.number(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  editHistory: z.array(z.object({ body: z.string(), editedAt: stamp })),
  mediaType: z.enum(MESSAGE_MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  mediaInline: z.boolean(),
  fileName: z.string().nullable(),
  queueId: id.nullable(),
  queue: ref.nullable(),
  quotedMsg: z
    .object({
      id,
      body: z.string(),
      fromMe: z.boolean(),
      mediaType: z.string(),
      contact: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
  contact: ref.nullable(),
  senderId: id.nullable(),
  sender: ref.nullable(),
  participant: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  createdAt: stamp,
  updatedAt: stamp,
});

export const messagesPageResponse = z.object({
  messages: z.array(messageResponse),
  ticket: ticketResponse.optional(),
  count: z.number(),
  hasMore: z.boolean(),
});

export const sentMessagesResponse = z.object({ messages: z.array(messageResponse) });
export const retriedMessageResponse = z.object({ message: messageResponse });

export const contactResponse = z.object({
  id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  document: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  channelType: z.string().nullable(),
  companyId: id,
  extraInfo: z.array(z.object({ id: id.optional(), name: z.string(), value: z.string() })),
  tags: z.array(tagResponse),
  createdAt: stamp,
  updatedAt: stamp,
});

export const contactsPageResponse = z.object({
  contacts: z.array(contactResponse),
  hasMore: z.boolean(),
});

export const contactImportResponse = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

export const ticketNoteResponse = z.object({
  id,
  note: z.string(),
  ticketId: id.nullable(),
  contactId: id,
  userId: id.nullable(),
  user: ref.nullable(),
  createdAt: stamp,
});

export const connectionResponse = z.object({
  id,
  uuid: z.string(),
  name: z.string(),
  channelType,
  status: connectionStatus,
  qrcode: z.string().nullable(),
  retries: z.number(),
  isDefault: z.boolean(),
  number: z.string().nullable(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  transferMessage: z.string(),
  greetingMessageType: z.enum(MESSAGE_TYPES),
  token: z.string(),
  provider: z.string(),
  config: z.record(z.string(), z.string().optional()),
  file: z.object({ id, name: z.string(), url: z.string() }).nullable(),
  queues: z.array(queueRefResponse),
  queueIds: z.array(id),
  companyId: id,
  /** Sends are failing (circuit breaker tripped): they wait and are probed with back-off. */
  degraded: z.boolean(),
  /** Why the connection is down and since when (one alert per incident); null when healthy. */
  incidentReason: z.string().nullable(),
  incidentAt: stamp.nullable(),
  updatedAt: stamp,
});

export const queueResponse = queueRefResponse.extend({
  greetingMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  schedules: z.array(workingHoursResponse).nullable(),
  file: storedFileResponse.nullable(),
});

export const queueOptionResponse = z.object({
  id,
  title: z.string(),
  message: z.string(),
  option: z.number(),
  queueId: id,
  parentId: id.nullable(),
  fileType: z.enum(["IMAGE", "VIDEO", "AUDIO", "DOCUMENT", ""]),
  fileName: z.string().nullable(),
  path: z.string().nullable(),
  finalize: z.boolean(),
  waitTreatment: z.boolean(),
  childrenCount: z.number(),
});

export const tagRowResponse = tagResponse.extend({
  userId: id.nullable(),
  contactsCount: z.number(),
});

export const tagsPageResponse = z.object({ tags: z.array(tagRowResponse), hasMore: z.boolean() });
export const tagsSyncResponse = z.object({ tags: z.array(tagResponse) });

export const quickMessageResponse = z.object({
  id,
  shortcode: z.string(),
  message: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  mediaUrl: z.string().nullable(),
  fileName: z.string().nullable(),
});

export const quickMessageRecordResponse = quickMessageResponse.extend({
  global: z.boolean(),
  userId: id,
  file: storedFileResponse.nullable(),
});

export const quickMessagesPageResponse = z.object({
  records: z.array(quickMessageRecordResponse),
  hasMore: z.boolean(),
});

export const scheduleResponse = z.object({
  id,
  body: z.string(),
  sendAt: stamp,
  sentAt: stamp.nullable(),
  status: z.string(),
  error: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  openTicket: z.boolean(),
  contactId: id,
  contact: z.object({ id, name: z.string(), number: z.string() }).nullable(),
  userId: id.nullable(),
  queueId: id.nullable(),
  whatsappId: id.nullable(),
  ticketId: id.nullable(),
  file: storedFileResponse.nullable(),
  companyId: id,
});

export const schedulesPageResponse = z.object({
  schedules: z.array(scheduleResponse),
  hasMore: z.boolean(),
});

export const announcementResponse = z.object({
  id,
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  priority: z.number(),
  category: z.enum(ANNOUNCEMENT_CATEGORIES),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  views: z.number(),
  reactions: z.object({ bad: z.number(), neutral: z.number(), good: z.number() }),
  viewed: z.boolean(),
  reaction: z.enum(["bad", "neutral", "good"]).nullable(),
});

export const announcementsPageResponse = z.object({
  records: z.array(announcementResponse),
  hasMore: z.boolean(),
});

export const helpResponse = z.object({
  id,
  title: z.string(),
  description: z.string(),
  video: z.string(),
  version: z.string(),
});

export const chatResponse = z.object({
  id,
  uuid: z.string(),
  title: z.string(),
  ownerId: id.nullable(),
  lastMessage: z.string(),
  updatedAt: stamp,
  users: z.array(z.object({ userId: id, unreads: z.number(), user: ref })),
});

export const chatMessageResponse = z.object({
  id,
  chatId: id,
  message: z.string(),
  senderId: id.nullable(),
  sender: ref.nullable(),
  createdAt: stamp,
});

export const chatsPageResponse = z.object({ records: z.array(chatResponse), hasMore: z.boolean() });
export const chatMessagesPageResponse = z.object({
  records: z.array(chatMessageResponse),
  hasMore: z.boolean(),
});

export const dashboardResponse = z.object({
  supportPending: z.number(),
  supportHappening: z.number(),
  supportFinished: z.number(),
  leads: z.number(),
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  attendants: z.array(
    z.object({
      id,
      name: z.string(),
      rating: z.number(),
      avgSupportTime: z.number(),
      supportFinished: z.number(),
      online: z.boolean(),
    }),
  ),
  ticketsByHour: z.array(z.number()),
});

/** GET /companies/:id as a company's own users read it (settings' working hours). */
export const companyHoursResponse = z.object({
  id,
  name: z.string(),
  schedules: z.array(workingHoursResponse),
});

const connectionLimitsResponse = z.partialRecord(z.enum(CONNECTION_LIMIT_KEYS), z.number());

export const planResponse = z.object({
  id,
  name: z.string(),
  users: z.number().nullable(),
  queues: z.number().nullable(),
  userLimit: z.object({ limit: z.number().nullable() }).nullable().optional(),
  connectionLimit: connectionLimitsResponse.nullable().optional(),
  useCampaigns: z.boolean(),
});

const companyFileResponse = z.object({
  name: z.string(),
  uri: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});

export const operatorCompanyResponse = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document: z.string().nullable(),
  planId: id.nullable(),
  plan: z.object({ id: id.optional(), name: z.string() }).nullable(),
  instanceId: id.nullable(),
  instance: z.object({ id: id.optional(), name: z.string(), address: z.string() }).nullable(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(RECURRENCES).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  lastSendPaymentAt: z.string().nullable(),
  invoiceRequired: z.boolean(),
  useType: z.enum(USE_TYPES).nullable(),
  segments: z.string().nullable(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  apiEnabled: z.boolean(),
  /** The company's campaignsEnabled setting (effective only when its plan has useCampaigns). */
  campaignsEnabled: z.boolean(),
  invoiceFile: companyFileResponse.nullable(),
  noteFile: companyFileResponse.nullable(),
  whatsapps: z
    .array(z.object({ id, name: z.string(), channelType, status: z.string(), companyId: id }))
    .optional(),
  connectionLimit: connectionLimitsResponse.nullable().optional(),
  createdAt: stamp,
});

export const companiesDashboardResponse = z.object({
  clientCount: z.number(),
  testClientCount: z.number(),
  overdueClientCount: z.number(),
  baileysCount: z.number(),
  facebookCount: z.number(),
  instagramCount: z.number(),
  webChatCount: z.number(),
  whatsAppBusiness: z.number(),
});

export const instanceResponse = z.object({ id, name: z.string(), address: z.string() });

export const apiKeyStatusResponse = z.object({ apiEnabled: z.boolean(), hasKey: z.boolean() });
export const apiKeyResponse = apiKeyStatusResponse.extend({ key: z.string() });
export const apiSendResponse = z.object({
  ticketId: id,
  ticketUuid: z.string(),
  ticketStatus: z.enum(TICKET_STATUSES),
  contactId: id,
  messageIds: z.array(id),
});

/** An error answer (docs/errors.md). */
export const errorResponse = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
