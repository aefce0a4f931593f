import { z } from "zod";
import * as c from "./schemas/campaigns.js";
import * as r from "./schemas/responses.js";

/**
 * The HTTP calls the web client makes, "METHOD /path" as its `api/` modules send them (`:id`
 * is a number, any other `:name` a string), with the schema of the answer it reads; `null`
 * when it reads no body (any answer will do), "binary" for a file download. The contract test replays the web's own calls against the real
 * server and checks every answer here; the web tests' fetch stubs are typed by it, so a
 * stubbed answer the server could not give fails `typecheck`.
 */
export const apiContract = {
  "POST /auth/login": r.loginResponse,
  "POST /auth/signup": r.userResponse,
  "POST /auth/refresh_token": r.loginResponse,
  "GET /auth/me": r.userResponse,
  "POST /auth/logout": null,
  "POST /auth/set-password": null,

  "GET /users/": r.usersPageResponse,
  "GET /users/list": z.array(r.userOptionResponse),
  "GET /users/:id": r.userResponse,
  "POST /users": r.userResponse,
  "PUT /users/:id": r.userResponse,
  "DELETE /users/:id": null,

  "GET /tickets": r.ticketsPageResponse,
  "GET /tickets/u/:uuid": r.ticketResponse,
  "POST /tickets": r.ticketResponse,
  "PUT /tickets/:id": r.ticketResponse,
  "DELETE /tickets/:id": null,
  "PATCH /tickets/:id/close-all": null,

  "GET /messages/:id": r.messagesPageResponse,
  "POST /messages/:id": r.sentMessagesResponse,
  "POST /messages/:id/read": null,
  "POST /messages/:id/retry": r.retriedMessageResponse,
  "DELETE /messages/:id": null,

  "GET /contacts/": r.contactsPageResponse,
  "GET /contacts/:id": r.contactResponse,
  "POST /contacts": r.contactResponse,
  "PUT /contacts/:id": r.contactResponse,
  "DELETE /contacts/:id": null,
  "POST /contacts/import": r.contactImportResponse,
  "GET /contacts/export": "binary",

  "GET /ticket-notes/list": z.array(r.ticketNoteResponse),
  "POST /ticket-notes": r.ticketNoteResponse,
  "DELETE /ticket-notes/:id": null,

  "GET /tags/list": z.array(r.tagResponse),
  "GET /tags/": r.tagsPageResponse,
  "GET /tags/:id": r.tagRowResponse,
  "POST /tags": r.tagRowResponse,
  "PUT /tags/:id": r.tagRowResponse,
  "DELETE /tags/:id": null,
  "POST /tags/sync": r.tagsSyncResponse,

  "GET /whatsapp/": z.array(r.connectionResponse),
  "GET /whatsapp/:id": r.connectionResponse,
  "POST /whatsapp": r.connectionResponse,
  "PUT /whatsapp/:id": r.connectionResponse,
  "DELETE /whatsapp/:id": null,
  "POST /whatsapp/:id/upload": r.connectionResponse,
  "DELETE /whatsapp/:id/upload": r.connectionResponse,
  "POST /whatsappsession/:id": null,
  "PUT /whatsappsession/:id": null,
  "DELETE /whatsappsession/:id": null,
  "PATCH /whatsappsession/:id/restart": null,

  "GET /queue": z.array(r.queueResponse),
  "GET /queue/:id": r.queueResponse,
  "POST /queue": r.queueResponse,
  "PUT /queue/:id": r.queueResponse,
  "DELETE /queue/:id": null,
  "POST /queue/:id/upload": r.queueResponse,
  "DELETE /queue/:id/upload": r.queueResponse,

  "GET /queue-options": z.array(r.queueOptionResponse),
  "POST /queue-options": r.queueOptionResponse,
  "PUT /queue-options/:id": r.queueOptionResponse,
  "DELETE /queue-options/:id": null,
  "DELETE /queue-options/:id/upload": r.queueOptionResponse,

  "GET /quick-messages/list": z.array(r.quickMessageResponse),
  "GET /quick-messages/": r.quickMessagesPageResponse,
  "POST /quick-messages": r.quickMessageRecordResponse,
  "PUT /quick-messages/:id": r.quickMessageRecordResponse,
  "DELETE /quick-messages/:id": null,
  "POST /quick-messages/:id/upload": r.quickMessageRecordResponse,
  "DELETE /quick-messages/:id/upload": r.quickMessageRecordResponse,

  "GET /schedules/": r.schedulesPageResponse,
  "POST /schedules": r.scheduleResponse,
  "PUT /schedules/:id": r.scheduleResponse,
  "DELETE /schedules/:id": null,
  "POST /schedules/:id/upload": r.scheduleResponse,
  "DELETE /schedules/:id/upload": r.scheduleResponse,

  "GET /contact-lists/": c.contactListsPageResponse,
  "GET /contact-lists/list": z.array(z.object({ id: z.number(), name: z.string() })),
  "GET /contact-lists/template": "binary",
  "GET /contact-lists/:id": c.contactListResponse,
  "POST /contact-lists": c.contactListResponse,
  "PUT /contact-lists/:id": c.contactListResponse,
  "DELETE /contact-lists/:id": null,
  "POST /contact-lists/:id/upload": r.contactImportResponse,
  "POST /contact-lists/:id/validate": c.contactListValidateResponse,
  "GET /contact-list-items": c.contactListItemsPageResponse,
  "POST /contact-list-items": c.contactListItemResponse,
  "PUT /contact-list-items/:id": c.contactListItemResponse,
  "DELETE /contact-list-items/:id": null,

  "GET /campaigns/": c.campaignsPageResponse,
  "GET /campaigns/:id": c.campaignResponse,
  "GET /campaigns/:id/shipments": c.campaignShipmentsPageResponse,
  "POST /campaigns": c.campaignResponse,
  "PUT /campaigns/:id": c.campaignResponse,
  "DELETE /campaigns/:id": null,
  "POST /campaigns/:id/pause": c.campaignResponse,
  "POST /campaigns/:id/resume": c.campaignResponse,
  "POST /campaigns/:id/cancel": c.campaignResponse,
  "POST /campaigns/:id/duplicate": c.campaignResponse,
  "POST /campaigns/:id/upload": c.campaignResponse,
  "DELETE /campaigns/:id/upload": c.campaignResponse,
  "GET /campaign-settings": c.campaignSettingsResponse,
  "PUT /campaign-settings": c.campaignSettingsResponse,

  "GET /announcements/": r.announcementsPageResponse,
  "POST /announcements": r.announcementResponse,
  "PUT /announcements/:id": r.announcementResponse,
  "DELETE /announcements/:id": null,
  "POST /announcements/:id/media-upload": r.announcementResponse,
  "DELETE /announcements/:id/media-upload": r.announcementResponse,
  "POST /announcements/:id/view": r.announcementResponse,
  "POST /announcements/:id/reaction": r.announcementResponse,

  "GET /helps/list": z.array(r.helpResponse),
  "POST /helps": r.helpResponse,
  "PUT /helps/:id": r.helpResponse,
  "DELETE /helps/:id": null,

  "GET /chats": r.chatsPageResponse,
  "GET /chats/:ref": r.chatResponse,
  "POST /chats": r.chatResponse,
  "PUT /chats/:id": r.chatResponse,
  "DELETE /chats/:id": null,
  "POST /chats/:id/read": r.chatResponse,
  "GET /chats/:id/messages": r.chatMessagesPageResponse,
  "POST /chats/:id/messages": r.chatMessageResponse,

  "GET /dashboard": r.dashboardResponse,

  "GET /settings": z.array(r.settingResponse),
  "PUT /settings/:key": r.settingResponse,
  "GET /companies/:id": r.companyHoursResponse,
  "PUT /companies/:id/schedules": r.companyHoursResponse,

  "GET /plans/all": z.array(r.planResponse),
  "POST /plans": r.planResponse,
  "PUT /plans/:id": r.planResponse,
  "DELETE /plans/:id": null,

  "GET /companies/list": z.array(z.object({ id: z.number(), name: z.string() })),
  "GET /companies": z.array(r.operatorCompanyResponse),
  "GET /companies/dashboard": r.companiesDashboardResponse,
  "GET /instances": z.array(r.instanceResponse),
  "POST /companies": r.operatorCompanyResponse,
  "PUT /companies/:id": r.operatorCompanyResponse,
  "DELETE /companies/:id": null,
  "PATCH /companies/archived/:id": r.operatorCompanyResponse,
  "PATCH /companies/lastSendPayment/:id": r.operatorCompanyResponse,
  "PATCH /companies/:id/payment-status": r.operatorCompanyResponse,
  "PATCH /companies/:id/reset-password": null,
  "POST /companies/:id/:kind": r.operatorCompanyResponse,
  "DELETE /companies/:id/:kind": r.operatorCompanyResponse,

  "GET /api/messages/key": r.apiKeyStatusResponse,
  "POST /api/messages/key": r.apiKeyResponse,
  "POST /api/messages/send": r.apiSendResponse,
} as const satisfies Record<string, z.ZodType | null | "binary">;

export type ApiRoute = keyof typeof apiContract;

type Segment<Name extends string> = Name extends "id" ? number : string;
/** "GET /tags/:id" → `GET /tags/${number}`. */
type Concrete<P extends string> = P extends `${infer Head}:${infer Name}/${infer Rest}`
  ? `${Head}${Segment<Name>}/${Concrete<Rest>}`
  : P extends `${infer Head}:${infer Name}`
    ? `${Head}${Segment<Name>}`
    : P;

type Answer<K extends ApiRoute> = (typeof apiContract)[K] extends z.ZodType
  ? z.input<(typeof apiContract)[K]>
  : (typeof apiContract)[K] extends "binary"
    ? string
    : unknown;

/** A concrete "METHOD /path" the web calls (ids filled in). */
export type ApiCall = { [K in ApiRoute]: Concrete<K> }[ApiRoute];

/** The answer body of a concrete call: an exact route first, else the pattern it matches. */
export type ApiAnswer<Call extends string> = Call extends ApiRoute
  ? Answer<Call>
  : { [K in ApiRoute]: Call extends Concrete<K> ? Answer<K> : never }[ApiRoute];

const compiled = (Object.keys(apiContract) as ApiRoute[]).map((route) => {
  const [method, path] = route.split(" ") as [string, string];
  const source = path
    .split("/")
    .map((part) => (part === ":id" ? "\\d+" : part.startsWith(":") ? "[^/]+" : part))
    .join("/");
  return { route, method, exact: !path.includes(":"), pattern: new RegExp(`^${source}$`) };
});

/** The contract route of a request (an exact path before a pattern), or undefined. */
export function apiRouteOf(method: string, pathname: string): ApiRoute | undefined {
  const candidates = compiled.filter((c) => c.method === method && c.pattern.test(pathname));
  return (candidates.find((c) => c.exact) ?? candidates[0])?.route;
}
