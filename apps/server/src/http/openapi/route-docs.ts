import {
  apiContract,
  apiSendSchema,
  helpResponse,
  messageFormSchema,
  messageSendSchema,
  planResponse,
  queueOptionResponse,
  queueOptionSchema,
  quickMessageRecordResponse,
  scheduleResponse,
  settingResponse,
  ticketResponse,
  announcementResponse,
  connectionResponse,
  type ApiRoute,
  type ErrorCode,
} from "@atrium/shared";
import { z } from "zod";
import { visitorMessage as visitorMessageBody } from "../../channels/webchat/webchat.routes.js";

/**
 * What the OpenAPI document says of each route that its own zod schemas (params, querystring,
 * body) cannot: a summary, the answer of success and the error codes worth naming. Keys are
 * "METHOD /url" exactly as the route is registered. Answers the web reads come from
 * `apiContract` (one source of truth with the contract test); the others are declared here.
 * The routes declare no `response` at run time on purpose: the zod serializer would strip the
 * fields the response schemas leave open.
 */

/** The success answer: a JSON schema, or a body that is not JSON. */
export type Answer =
  | z.ZodType
  | "empty" // no body (204)
  | "binary" // a file download
  | "text" // text/plain
  | "html"
  | "javascript";

export interface RouteDoc {
  summary: string;
  description?: string;
  /** Status of success; 200 unless given. */
  status?: number;
  answer: Answer;
  /** Codes this route answers beyond the ones every route of its kind may (see openapi.ts). */
  errors?: readonly ErrorCode[];
  /** A request body the route reads itself (multipart forms), for the document only. */
  body?: { schema: z.ZodType; types: readonly ("application/json" | "multipart/form-data")[] };
}

/** The contract's routes whose answer is JSON (not `null`, which reads no body, nor "binary"). */
type JsonRoute = {
  [K in ApiRoute]: (typeof apiContract)[K] extends z.ZodType ? K : never;
}[ApiRoute];

/** The answer the web reads for a contract route. */
function contract(route: JsonRoute): z.ZodType {
  return apiContract[route];
}

const id = z.number().int();
const messageAnswer = z.object({ message: z.string() });
const companyRef = z.object({ id, name: z.string() });
const contactOption = z.object({ id, name: z.string(), number: z.string() });
const mailRecord = z.object({
  id,
  companyId: id.nullable(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
const widgetConfig = z.object({
  name: z.string(),
  title: z.string(),
  color: z.string(),
  online: z.boolean(),
  language: z.string(),
});
const visitorMessage = z.object({
  id,
  author: z.enum(["visitor", "agent"]),
  body: z.string(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  mediaInline: z.boolean(),
  fileName: z.string().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
/** The route's fields; a multipart message carries a file and may have no text. */
const visitorMessageForm = visitorMessageBody.partial({ body: true }).extend({
  file: z.file().optional(),
});
const fileForm = z.object({ file: z.file() });
const json = ["application/json"] as const;
const multipart = ["multipart/form-data"] as const;
const jsonOrMultipart = ["application/json", "multipart/form-data"] as const;
const upload = { schema: fileForm, types: multipart };
/** Every campaign and contact-list route: admins only, while campaigns are enabled. */
const CAMPAIGNS = ["ERR_CAMPAIGNS_DISABLED"] as const satisfies readonly ErrorCode[];
const CAMPAIGN_REFS = [
  ...CAMPAIGNS,
  "ERR_NO_WAPP_FOUND",
  "ERR_NO_CONTACT_LIST_FOUND",
  "ERR_NO_TAG_FOUND",
] as const satisfies readonly ErrorCode[];

/** Every documented route. The OpenAPI test fails when a registered route is missing here. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Auth
  "POST /auth/login": {
    summary: "Log in",
    description:
      "Answers the access token (Bearer, short-lived) and sets the httpOnly refresh cookie.",
    answer: contract("POST /auth/login"),
    errors: ["ERR_INVALID_CREDENTIALS", "ERR_TOO_MANY_ATTEMPTS", "ERR_TOO_MANY_REQUESTS"],
  },
  "POST /auth/refresh_token": {
    summary: "Renew the access token with the refresh cookie",
    answer: contract("POST /auth/refresh_token"),
    errors: ["ERR_SESSION_EXPIRED", "ERR_TOO_MANY_REQUESTS"],
  },
  "GET /auth/me": { summary: "The signed-in user", answer: contract("GET /auth/me") },
  "POST /auth/logout": { summary: "End this session", status: 204, answer: "empty" },
  "POST /auth/signup": {
    summary: "Create a user with a company's invitation token",
    status: 201,
    answer: contract("POST /auth/signup"),
    errors: ["ERR_EMAIL_ALREADY_EXISTS", "ERR_USER_LIMIT_REACHED", "ERR_TOO_MANY_REQUESTS"],
  },
  "POST /auth/set-password": {
    summary: "Set a password with an access e-mail's link token",
    status: 204,
    answer: "empty",
    errors: ["ERR_PASSWORD_LINK_INVALID", "ERR_TOO_MANY_REQUESTS"],
  },

  // Users
  "GET /users/": { summary: "Search users (paged)", answer: contract("GET /users/") },
  "GET /users/list": {
    summary: "Users of the company, short",
    answer: contract("GET /users/list"),
  },
  "GET /users/:id": {
    summary: "A user",
    answer: contract("GET /users/:id"),
    errors: ["ERR_NO_USER_FOUND"],
  },
  "POST /users": {
    summary: "Create a user",
    status: 201,
    answer: contract("POST /users"),
    errors: ["ERR_EMAIL_ALREADY_EXISTS", "ERR_USER_LIMIT_REACHED"],
  },
  "PUT /users/:id": {
    summary: "Update a user",
    answer: contract("PUT /users/:id"),
    errors: ["ERR_NO_USER_FOUND", "ERR_EMAIL_ALREADY_EXISTS"],
  },
  "DELETE /users/:id": {
    summary: "Delete a user",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_USER_FOUND"],
  },

  // Queues
  "GET /queue": { summary: "Queues of the company", answer: contract("GET /queue") },
  "GET /queue/:id": {
    summary: "A queue",
    answer: contract("GET /queue/:id"),
    errors: ["ERR_NO_QUEUE_FOUND"],
  },
  "POST /queue": {
    summary: "Create a queue",
    status: 201,
    answer: contract("POST /queue"),
    errors: ["ERR_QUEUE_COLOR_ALREADY_EXISTS", "ERR_QUEUE_LIMIT_REACHED"],
  },
  "PUT /queue/:id": {
    summary: "Update a queue",
    answer: contract("PUT /queue/:id"),
    errors: ["ERR_NO_QUEUE_FOUND", "ERR_QUEUE_COLOR_ALREADY_EXISTS"],
  },
  "DELETE /queue/:id": {
    summary: "Delete a queue and its options tree",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_QUEUE_FOUND"],
  },
  "POST /queue/:id/upload": {
    summary: "Attach the queue's greeting file",
    answer: contract("POST /queue/:id/upload"),
    body: upload,
    errors: ["ERR_NO_QUEUE_FOUND"],
  },
  "DELETE /queue/:id/upload": {
    summary: "Remove the queue's greeting file",
    answer: contract("DELETE /queue/:id/upload"),
    errors: ["ERR_NO_QUEUE_FOUND"],
  },

  // Companies (company side)
  "GET /companies/list": {
    summary: "Companies a super user may act in",
    answer: z.array(companyRef),
  },
  "GET /companies/:id": {
    summary: "A company with its working hours",
    answer: contract("GET /companies/:id"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "PUT /companies/:id/schedules": {
    summary: "Set the company's working hours",
    answer: contract("PUT /companies/:id/schedules"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },

  // Settings
  "GET /settings": { summary: "The company's settings", answer: contract("GET /settings") },
  "PUT /settings/:key": { summary: "Change a setting", answer: contract("PUT /settings/:key") },
  "GET /settings/:key": { summary: "One setting", answer: settingResponse },

  // Files
  "GET /files/:id": {
    summary: "Download a stored file (signed link)",
    description:
      "The link's `exp` and `sig` come from the presenters; types that are not inert go out as attachments, with a sandboxing CSP.",
    answer: "binary",
    errors: ["ERR_NOT_FOUND"],
  },

  // Contacts
  "GET /contacts/": { summary: "Search contacts (paged)", answer: contract("GET /contacts/") },
  "GET /contacts/list": { summary: "Every contact, short", answer: z.array(contactOption) },
  "POST /contacts/import": {
    summary: "Import contacts from a CSV or XLSX file",
    answer: contract("POST /contacts/import"),
    body: upload,
    errors: ["ERR_NO_ADDRESS_BOOK"],
  },
  "GET /contacts/export": { summary: "Export contacts as CSV", answer: "binary" },
  "GET /contacts/:id": {
    summary: "A contact",
    answer: contract("GET /contacts/:id"),
    errors: ["ERR_NO_CONTACT_FOUND"],
  },
  "POST /contacts": {
    summary: "Create a contact",
    status: 201,
    answer: contract("POST /contacts"),
    errors: ["ERR_DUPLICATED_CONTACT"],
  },
  "PUT /contacts/:id": {
    summary: "Update a contact",
    answer: contract("PUT /contacts/:id"),
    errors: ["ERR_NO_CONTACT_FOUND", "ERR_DUPLICATED_CONTACT"],
  },
  "DELETE /contacts/:id": {
    summary: "Delete a contact",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_CONTACT_FOUND"],
  },

  // Tickets
  "GET /tickets": { summary: "Search tickets (paged)", answer: contract("GET /tickets") },
  "GET /tickets/u/:uuid": {
    summary: "A ticket by uuid",
    answer: contract("GET /tickets/u/:uuid"),
    errors: ["ERR_NO_TICKET_FOUND"],
  },
  "GET /tickets/:id": {
    summary: "A ticket",
    answer: ticketResponse,
    errors: ["ERR_NO_TICKET_FOUND"],
  },
  "POST /tickets": {
    summary: "Open a ticket for a contact",
    status: 201,
    answer: contract("POST /tickets"),
    errors: ["ERR_OTHER_OPEN_TICKET", "ERR_CONTACT_UNREACHABLE", "ERR_NO_CONTACT_FOUND"],
  },
  "PUT /tickets/:id": {
    summary: "Accept, transfer, resolve or reopen a ticket",
    answer: contract("PUT /tickets/:id"),
    errors: ["ERR_NO_TICKET_FOUND", "ERR_OTHER_OPEN_TICKET"],
  },
  "DELETE /tickets/:id": {
    summary: "Delete a ticket",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_TICKET_FOUND"],
  },

  // Messages
  "GET /messages/:ticketId": {
    summary: "Messages of a ticket (paged, newest page first)",
    answer: contract("GET /messages/:id"),
    errors: ["ERR_NO_TICKET_FOUND"],
  },
  "POST /messages/:ticketId": {
    summary: "Send a message (text, or files as multipart medias[])",
    status: 201,
    answer: contract("POST /messages/:id"),
    body: {
      schema: messageSendSchema.pick({ body: true, quotedMsg: true, quickMessageId: true }).extend({
        quotedMsgId: messageFormSchema.shape.quotedMsgId,
        medias: z.array(z.file()).optional(),
      }),
      types: jsonOrMultipart,
    },
    errors: ["ERR_NO_TICKET_FOUND", "ERR_CONTACT_UNREACHABLE"],
  },
  "POST /messages/:ticketId/read": {
    summary: "Mark a ticket's messages read",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_TICKET_FOUND"],
  },
  "POST /messages/:id/retry": {
    summary: "Send a failed message again ('Tentar novamente')",
    description:
      "The message (one whose send failed: `error` set) goes back to the end of its connection's send lane with its error cleared; its live update follows on company-{id}-appMessage. Whoever may write in the ticket may retry.",
    answer: contract("POST /messages/:id/retry"),
    errors: ["ERR_NOT_FOUND", "ERR_MESSAGE_NOT_FAILED"],
  },
  "DELETE /messages/:id": {
    summary: "Delete one's own message",
    status: 204,
    answer: "empty",
    errors: ["ERR_NOT_FOUND"],
  },

  // Notes
  "POST /ticket-notes": {
    summary: "Add a note to a ticket",
    status: 201,
    answer: contract("POST /ticket-notes"),
  },
  "GET /ticket-notes/list": {
    summary: "Notes of a ticket",
    answer: contract("GET /ticket-notes/list"),
  },
  "DELETE /ticket-notes/:id": { summary: "Delete a note", status: 204, answer: "empty" },

  // Tags
  "GET /tags/list": { summary: "Every tag, short", answer: contract("GET /tags/list") },
  "GET /tags/": { summary: "Search tags (paged)", answer: contract("GET /tags/") },
  "GET /tags/:id": {
    summary: "A tag",
    answer: contract("GET /tags/:id"),
    errors: ["ERR_NO_TAG_FOUND"],
  },
  "PUT /tags/:id": {
    summary: "Update a tag",
    answer: contract("PUT /tags/:id"),
    errors: ["ERR_NO_TAG_FOUND"],
  },
  "DELETE /tags/:id": {
    summary: "Delete a tag",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_TAG_FOUND"],
  },
  "POST /tags": { summary: "Create a tag", status: 201, answer: contract("POST /tags") },
  "POST /tags/sync": {
    summary: "Replace the tags of a ticket or a contact",
    answer: contract("POST /tags/sync"),
  },

  // Quick messages
  "GET /quick-messages/list": {
    summary: "The composer's shortcuts",
    answer: contract("GET /quick-messages/list"),
  },
  "GET /quick-messages/": {
    summary: "Search quick messages (paged)",
    answer: contract("GET /quick-messages/"),
  },
  "GET /quick-messages/:id": {
    summary: "A quick message",
    answer: quickMessageRecordResponse,
    errors: ["ERR_NO_QUICK_MESSAGE_FOUND"],
  },
  "POST /quick-messages": {
    summary: "Create a quick message",
    status: 201,
    answer: contract("POST /quick-messages"),
    errors: ["ERR_DUPLICATED_SHORTCODE"],
  },
  "PUT /quick-messages/:id": {
    summary: "Update a quick message",
    answer: contract("PUT /quick-messages/:id"),
    errors: ["ERR_NO_QUICK_MESSAGE_FOUND", "ERR_DUPLICATED_SHORTCODE"],
  },
  "DELETE /quick-messages/:id": {
    summary: "Delete a quick message",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_QUICK_MESSAGE_FOUND"],
  },
  "POST /quick-messages/:id/upload": {
    summary: "Attach a quick message's file",
    answer: contract("POST /quick-messages/:id/upload"),
    body: upload,
    errors: ["ERR_NO_QUICK_MESSAGE_FOUND"],
  },
  "DELETE /quick-messages/:id/upload": {
    summary: "Remove a quick message's file",
    answer: contract("DELETE /quick-messages/:id/upload"),
    errors: ["ERR_NO_QUICK_MESSAGE_FOUND"],
  },

  // Connections
  "GET /whatsapp": { summary: "Connections of the company", answer: contract("GET /whatsapp/") },
  "GET /whatsapp/:id": {
    summary: "A connection",
    answer: contract("GET /whatsapp/:id"),
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "POST /whatsapp": {
    summary: "Create a connection",
    status: 201,
    answer: contract("POST /whatsapp"),
    errors: ["ERR_NO_OTHER_WHATSAPP", "ERR_WAPP_GREETING_REQUIRED", "ERR_CONNECTION_LIMIT_REACHED"],
  },
  "PUT /whatsapp/:id": {
    summary: "Update a connection",
    answer: contract("PUT /whatsapp/:id"),
    errors: ["ERR_NO_WAPP_FOUND", "ERR_WAPP_GREETING_REQUIRED"],
  },
  "DELETE /whatsapp/:id": {
    summary: "Delete a connection",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "POST /whatsapp/:id/upload": {
    summary: "Attach a connection's greeting file",
    answer: contract("POST /whatsapp/:id/upload"),
    body: upload,
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "DELETE /whatsapp/:id/upload": {
    summary: "Remove a connection's greeting file",
    answer: contract("DELETE /whatsapp/:id/upload"),
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "POST /whatsappsession/:id": {
    summary: "Start a connection's session (QR code or pairing code)",
    answer: messageAnswer,
    errors: ["ERR_NO_WAPP_FOUND", "ERR_WAPP_NOT_INITIALIZED"],
  },
  "PUT /whatsappsession/:id": {
    summary: "Start over with a new QR code",
    answer: messageAnswer,
    errors: ["ERR_NO_WAPP_FOUND", "ERR_CHANNEL_HAS_NO_SESSION"],
  },
  "DELETE /whatsappsession/:id": {
    summary: "Log the connection's device out",
    answer: messageAnswer,
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "PATCH /whatsappsession/:id/restart": {
    summary: "Restart a session (super users)",
    answer: connectionResponse,
    errors: ["ERR_NO_WAPP_FOUND"],
  },

  // Web chat (visitors)
  "GET /widget.js": { summary: "The web-chat widget script", answer: "javascript" },
  "GET /webchat/:uuid": { summary: "A connection's standalone chat page", answer: "html" },
  "GET /webchat/:uuid/config": {
    summary: "The widget's settings for a connection",
    answer: widgetConfig,
    errors: ["ERR_NO_WAPP_FOUND"],
  },
  "POST /webchat/:uuid/session": {
    summary: "Start or resume a visitor's session",
    description: "Answers the visitor token the other web-chat calls send as Bearer.",
    answer: z.object({ token: z.string(), visitor: z.object({ name: z.string() }) }),
    errors: ["ERR_NO_WAPP_FOUND", "ERR_TOO_MANY_REQUESTS"],
  },
  "GET /webchat/:uuid/messages": {
    summary: "The visitor's conversation",
    answer: z.object({ messages: z.array(visitorMessage) }),
    errors: ["ERR_SESSION_EXPIRED"],
  },
  "POST /webchat/:uuid/messages": {
    summary: "A visitor's message (text, or a file as multipart)",
    status: 201,
    answer: z.object({ message: visitorMessage }),
    body: { schema: visitorMessageForm, types: jsonOrMultipart },
    errors: ["ERR_SESSION_EXPIRED"],
  },

  // Queue options
  "GET /queue-options": { summary: "A queue's options", answer: contract("GET /queue-options") },
  "GET /queue-options/:id": {
    summary: "A queue option",
    answer: queueOptionResponse,
    errors: ["ERR_NO_QUEUE_OPTION_FOUND"],
  },
  "POST /queue-options": {
    summary: "Create a queue option (JSON, or multipart with its file)",
    status: 201,
    answer: contract("POST /queue-options"),
    body: {
      schema: queueOptionSchema.extend({ file: z.file().optional() }),
      types: jsonOrMultipart,
    },
  },
  "PUT /queue-options/:id": {
    summary: "Update a queue option",
    answer: contract("PUT /queue-options/:id"),
    errors: ["ERR_NO_QUEUE_OPTION_FOUND"],
  },
  "DELETE /queue-options/:id/upload": {
    summary: "Remove a queue option's file",
    answer: contract("DELETE /queue-options/:id/upload"),
    errors: ["ERR_NO_QUEUE_OPTION_FOUND"],
  },
  "DELETE /queue-options/:id": {
    summary: "Delete a queue option and its subtree",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_QUEUE_OPTION_FOUND"],
  },

  // Schedules
  "GET /schedules/": { summary: "Search schedules (paged)", answer: contract("GET /schedules/") },
  "GET /schedules/:id": {
    summary: "A schedule",
    answer: scheduleResponse,
    errors: ["ERR_NO_SCHEDULE_FOUND"],
  },
  "POST /schedules": {
    summary: "Schedule a message",
    status: 201,
    answer: contract("POST /schedules"),
  },
  "PUT /schedules/:id": {
    summary: "Update a schedule",
    answer: contract("PUT /schedules/:id"),
    errors: ["ERR_NO_SCHEDULE_FOUND", "ERR_SCHEDULE_ALREADY_SENT"],
  },
  "DELETE /schedules/:id": {
    summary: "Delete a schedule",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_SCHEDULE_FOUND"],
  },
  "POST /schedules/:id/upload": {
    summary: "Attach a schedule's file",
    answer: contract("POST /schedules/:id/upload"),
    body: upload,
    errors: ["ERR_NO_SCHEDULE_FOUND", "ERR_SCHEDULE_ALREADY_SENT"],
  },
  "DELETE /schedules/:id/upload": {
    summary: "Remove a schedule's file",
    answer: contract("DELETE /schedules/:id/upload"),
    errors: ["ERR_NO_SCHEDULE_FOUND", "ERR_SCHEDULE_ALREADY_SENT"],
  },

  // Announcements
  // Contact lists and campaigns (admins, campaigns enabled)
  "GET /contact-lists/": {
    summary: "Search contact lists (paged)",
    answer: contract("GET /contact-lists/"),
    errors: CAMPAIGNS,
  },
  "GET /contact-lists/list": {
    summary: "Every contact list, short",
    answer: contract("GET /contact-lists/list"),
    errors: CAMPAIGNS,
  },
  "GET /contact-lists/template": {
    summary: "A CSV model of a list import (name;number;email)",
    answer: "binary",
    errors: CAMPAIGNS,
  },
  "GET /contact-lists/:id": {
    summary: "A contact list",
    answer: contract("GET /contact-lists/:id"),
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_FOUND"],
  },
  "POST /contact-lists": {
    summary: "Create a contact list",
    status: 201,
    answer: contract("POST /contact-lists"),
    errors: CAMPAIGNS,
  },
  "PUT /contact-lists/:id": {
    summary: "Rename a contact list",
    answer: contract("PUT /contact-lists/:id"),
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_FOUND"],
  },
  "DELETE /contact-lists/:id": {
    summary: "Delete a contact list and its items",
    status: 204,
    answer: "empty",
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_FOUND", "ERR_CONTACT_LIST_IN_USE"],
  },
  "POST /contact-lists/:id/upload": {
    summary: "Import a list's items from a CSV or XLSX file",
    description:
      "A number already in the list is completed (name, e-mail); a repeated one is skipped; refused rows come back with their reason.",
    answer: contract("POST /contact-lists/:id/upload"),
    body: upload,
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_FOUND"],
  },
  "POST /contact-lists/:id/validate": {
    summary: "Check the list's numbers on WhatsApp through a connected Baileys connection",
    answer: contract("POST /contact-lists/:id/validate"),
    errors: [
      ...CAMPAIGNS,
      "ERR_NO_CONTACT_LIST_FOUND",
      "ERR_NO_WAPP_FOUND",
      "ERR_WAPP_NOT_INITIALIZED",
      "ERR_WAPP_CHECK_CONTACT",
    ],
  },
  "GET /contact-list-items": {
    summary: "A list's items (paged, searched by name, number or e-mail)",
    answer: contract("GET /contact-list-items"),
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_FOUND"],
  },
  "POST /contact-list-items": {
    summary: "Add an item to a list",
    status: 201,
    answer: contract("POST /contact-list-items"),
    errors: [
      ...CAMPAIGNS,
      "ERR_NO_CONTACT_LIST_FOUND",
      "ERR_CONTACT_LIST_ITEM_EXISTS",
      "ERR_CONTACT_LIST_FULL",
    ],
  },
  "PUT /contact-list-items/:id": {
    summary: "Change a list item",
    answer: contract("PUT /contact-list-items/:id"),
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_ITEM_FOUND", "ERR_CONTACT_LIST_ITEM_EXISTS"],
  },
  "DELETE /contact-list-items/:id": {
    summary: "Remove a list item",
    status: 204,
    answer: "empty",
    errors: [...CAMPAIGNS, "ERR_NO_CONTACT_LIST_ITEM_FOUND"],
  },
  "GET /campaigns/": {
    summary: "Search campaigns (paged), with their reports",
    answer: contract("GET /campaigns/"),
    errors: CAMPAIGNS,
  },
  "GET /campaigns/:id": {
    summary: "A campaign and its report",
    answer: contract("GET /campaigns/:id"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND"],
  },
  "GET /campaigns/:id/shipments": {
    summary: "A campaign's recipients and their outcome (paged)",
    answer: contract("GET /campaigns/:id/shipments"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND"],
  },
  "POST /campaigns": {
    summary: "Create a campaign (no time: it starts at once)",
    status: 201,
    answer: contract("POST /campaigns"),
    errors: [...CAMPAIGN_REFS, "ERR_CAMPAIGN_NO_RECIPIENTS"],
  },
  "PUT /campaigns/:id": {
    summary: "Change a scheduled or paused campaign",
    answer: contract("PUT /campaigns/:id"),
    errors: [
      ...CAMPAIGN_REFS,
      "ERR_NO_CAMPAIGN_FOUND",
      "ERR_CAMPAIGN_NOT_EDITABLE",
      "ERR_CAMPAIGN_NO_RECIPIENTS",
    ],
  },
  "DELETE /campaigns/:id": {
    summary: "Delete a campaign that is not running",
    status: 204,
    answer: "empty",
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_STATE"],
  },
  "POST /campaigns/:id/pause": {
    summary: "Pause a scheduled or running campaign",
    answer: contract("POST /campaigns/:id/pause"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_STATE"],
  },
  "POST /campaigns/:id/resume": {
    summary: "Resume a paused campaign",
    answer: contract("POST /campaigns/:id/resume"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_STATE"],
  },
  "POST /campaigns/:id/cancel": {
    summary: "Cancel a campaign (recipients not sent yet never are)",
    answer: contract("POST /campaigns/:id/cancel"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_STATE"],
  },
  "POST /campaigns/:id/duplicate": {
    summary: "Copy a campaign (scheduled, without a time: it starts when saved again)",
    status: 201,
    answer: contract("POST /campaigns/:id/duplicate"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND"],
  },
  "POST /campaigns/:id/upload": {
    summary: "Attach a campaign's file",
    answer: contract("POST /campaigns/:id/upload"),
    body: upload,
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_NOT_EDITABLE"],
  },
  "DELETE /campaigns/:id/upload": {
    summary: "Remove a campaign's file",
    answer: contract("DELETE /campaigns/:id/upload"),
    errors: [...CAMPAIGNS, "ERR_NO_CAMPAIGN_FOUND", "ERR_CAMPAIGN_NOT_EDITABLE"],
  },
  "GET /campaign-settings": {
    summary: "The company's campaign settings (defaults until saved)",
    answer: contract("GET /campaign-settings"),
    errors: CAMPAIGNS,
  },
  "PUT /campaign-settings": {
    summary: "Save the company's campaign settings",
    answer: contract("PUT /campaign-settings"),
    errors: CAMPAIGNS,
  },

  "GET /announcements/": {
    summary: "Search announcements (paged)",
    answer: contract("GET /announcements/"),
  },
  "GET /announcements/:id": {
    summary: "An announcement",
    answer: announcementResponse,
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "POST /announcements": {
    summary: "Create an announcement",
    status: 201,
    answer: contract("POST /announcements"),
  },
  "PUT /announcements/:id": {
    summary: "Update an announcement",
    answer: contract("PUT /announcements/:id"),
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "DELETE /announcements/:id": {
    summary: "Delete an announcement",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "POST /announcements/:id/media-upload": {
    summary: "Attach an announcement's file",
    answer: contract("POST /announcements/:id/media-upload"),
    body: upload,
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "DELETE /announcements/:id/media-upload": {
    summary: "Remove an announcement's file",
    answer: contract("DELETE /announcements/:id/media-upload"),
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "POST /announcements/:id/view": {
    summary: "Mark an announcement seen",
    answer: contract("POST /announcements/:id/view"),
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },
  "POST /announcements/:id/reaction": {
    summary: "React to an announcement",
    answer: contract("POST /announcements/:id/reaction"),
    errors: ["ERR_NO_ANNOUNCEMENT_FOUND"],
  },

  // Helps
  "GET /helps/list": { summary: "Help videos", answer: contract("GET /helps/list") },
  "GET /helps": { summary: "Help videos (active)", answer: z.array(helpResponse) },
  "GET /helps/:id": {
    summary: "A help video",
    answer: helpResponse,
    errors: ["ERR_NO_HELP_FOUND"],
  },
  "POST /helps": { summary: "Create a help video", status: 201, answer: contract("POST /helps") },
  "PUT /helps/:id": {
    summary: "Update a help video",
    answer: contract("PUT /helps/:id"),
    errors: ["ERR_NO_HELP_FOUND"],
  },
  "DELETE /helps/:id": {
    summary: "Delete a help video",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_HELP_FOUND"],
  },

  // Dashboard
  "GET /dashboard": {
    summary: "Attendance figures of a period",
    answer: contract("GET /dashboard"),
  },

  // Internal chats
  "GET /chats": { summary: "The caller's internal chats (paged)", answer: contract("GET /chats") },
  "GET /chats/:id": {
    summary: "An internal chat (by id or uuid)",
    answer: contract("GET /chats/:ref"),
    errors: ["ERR_NO_CHAT_FOUND"],
  },
  "POST /chats": {
    summary: "Create an internal chat",
    status: 201,
    answer: contract("POST /chats"),
    errors: ["ERR_NO_USER_FOUND"],
  },
  "PUT /chats/:id": {
    summary: "Rename a chat or change its members",
    answer: contract("PUT /chats/:id"),
    errors: ["ERR_NO_CHAT_FOUND"],
  },
  "DELETE /chats/:id": {
    summary: "Delete a chat",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_CHAT_FOUND"],
  },
  "POST /chats/:id/read": {
    summary: "Mark a chat read",
    answer: contract("POST /chats/:id/read"),
    errors: ["ERR_NO_CHAT_FOUND"],
  },
  "GET /chats/:id/messages": {
    summary: "Messages of a chat (paged)",
    answer: contract("GET /chats/:id/messages"),
    errors: ["ERR_NO_CHAT_FOUND"],
  },
  "POST /chats/:id/messages": {
    summary: "Write in a chat",
    status: 201,
    answer: contract("POST /chats/:id/messages"),
    errors: ["ERR_NO_CHAT_FOUND"],
  },

  // Platform operator
  "GET /companies": {
    summary: "Companies of the platform (super users)",
    answer: contract("GET /companies"),
  },
  "GET /companies/dashboard": {
    summary: "The operator's figures",
    answer: contract("GET /companies/dashboard"),
  },
  "POST /companies": {
    summary: "Create a company",
    status: 201,
    answer: contract("POST /companies"),
    errors: ["ERR_EMAIL_ALREADY_EXISTS"],
  },
  "PUT /companies/:id": {
    summary: "Update a company",
    answer: contract("PUT /companies/:id"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "DELETE /companies/:id": {
    summary: "Schedule a company's deletion",
    status: 202,
    answer: z.object({ id, status: z.literal("scheduled") }),
    errors: ["ERR_NO_COMPANY_FOUND", "ERR_COMPANY_NOT_ARCHIVED", "ERR_PLATFORM_COMPANY"],
  },
  "PATCH /companies/archived/:id": {
    summary: "Archive or restore a company",
    answer: contract("PATCH /companies/archived/:id"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "PATCH /companies/lastSendPayment/:id": {
    summary: "Record a payment reminder sent",
    answer: contract("PATCH /companies/lastSendPayment/:id"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "PATCH /companies/:id/payment-status": {
    summary: "Set a company's payment status",
    answer: contract("PATCH /companies/:id/payment-status"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "PATCH /companies/:id/reset-password": {
    summary: "E-mail a company's admin a new access link",
    answer: z.object({ delivery: z.enum(["smtp", "outbox"]), to: z.string() }),
    errors: ["ERR_NO_COMPANY_FOUND", "ERR_NO_COMPANY_ADMIN", "ERR_MAIL_NOT_SENT"],
  },
  "POST /companies/:id/:kind": {
    summary: "Attach a company file (logo, contract…)",
    answer: contract("POST /companies/:id/:kind"),
    body: upload,
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "DELETE /companies/:id/:kind": {
    summary: "Remove a company file",
    answer: contract("DELETE /companies/:id/:kind"),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "PATCH /tickets/:companyId/close-all": {
    summary: "Close every open and pending ticket of a company",
    answer: z.object({ closed: z.number().int() }),
    errors: ["ERR_NO_COMPANY_FOUND"],
  },
  "GET /plans/list": { summary: "Plans offered at sign-up", answer: z.array(planResponse) },
  "GET /plans/all": { summary: "Every plan (super users)", answer: contract("GET /plans/all") },
  "GET /plans/:id": { summary: "A plan", answer: planResponse, errors: ["ERR_NO_PLAN_FOUND"] },
  "POST /plans": {
    summary: "Create a plan",
    status: 201,
    answer: contract("POST /plans"),
    errors: ["ERR_PLAN_NAME_EXISTS"],
  },
  "PUT /plans/:id": {
    summary: "Update a plan",
    answer: contract("PUT /plans/:id"),
    errors: ["ERR_NO_PLAN_FOUND", "ERR_PLAN_NAME_EXISTS"],
  },
  "DELETE /plans/:id": {
    summary: "Delete a plan",
    status: 204,
    answer: "empty",
    errors: ["ERR_NO_PLAN_FOUND", "ERR_PLAN_IN_USE"],
  },
  "GET /instances": { summary: "Instances (API addresses)", answer: contract("GET /instances") },
  "GET /mail-outbox": { summary: "E-mails sent (super users)", answer: z.array(mailRecord) },

  // Messages API
  "POST /api/messages/send": {
    summary: "Send a WhatsApp message from an outside system",
    description:
      "Authenticated by the company's API key (X_KEY) and a connection's token (X_TOKEN); X-Key / X-Token are accepted too. 120 sends per key per minute per node.",
    status: 201,
    answer: contract("POST /api/messages/send"),
    body: {
      schema: apiSendSchema.extend({
        medias: z.array(z.file()).optional(),
      }),
      types: jsonOrMultipart,
    },
    errors: [
      "ERR_API_KEY_INVALID",
      "ERR_API_TOKEN_INVALID",
      "ERR_API_DISABLED",
      "ERR_INVALID_PHONE_NUMBER",
      "ERR_NO_QUEUE_FOUND",
      "ERR_API_CHANNEL_UNSUPPORTED",
      "ERR_WAPP_NOT_INITIALIZED",
      "ERR_TOO_MANY_REQUESTS",
    ],
  },
  "GET /api/messages/key": {
    summary: "Whether the company has an API key",
    answer: contract("GET /api/messages/key"),
  },
  "POST /api/messages/key": {
    summary: "Create or replace the company's API key (shown once)",
    status: 201,
    answer: contract("POST /api/messages/key"),
  },

  // Provider webhooks
  "GET /webhooks/meta": {
    summary: "Meta's subscription check (answers hub.challenge)",
    answer: "text",
    errors: ["ERR_WEBHOOK_VERIFICATION"],
  },
  "POST /webhooks/meta": {
    summary: "Meta's events (Messenger, Instagram, WhatsApp Business)",
    description:
      "Signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret). Answers once every event is stored; Meta retries on 5xx and duplicates are ignored.",
    answer: z.object({ received: z.literal(true) }),
    body: {
      schema: z.looseObject({ object: z.string(), entry: z.array(z.unknown()) }),
      types: json,
    },
    errors: ["ERR_WEBHOOK_SIGNATURE"],
  },

  "GET /health": {
    summary: "Liveness: the database answers",
    answer: z.object({ status: z.literal("ok") }),
  },
};

/**
 * Routes left out of the document on purpose, by reason. Browser-test hooks exist only with
 * BAILEYS_FAKE; the CORS preflight is a protocol detail; the docs serve themselves.
 */
export function undocumentedReason(method: string, url: string): string | undefined {
  if (url.startsWith("/test/")) return "browser-test hook (BAILEYS_FAKE only)";
  if (method === "OPTIONS") return "CORS preflight";
  if (url === "/api/docs" || url.startsWith("/api/docs/")) return "the reference itself";
  return undefined;
}
