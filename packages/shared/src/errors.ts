/**
 * The error catalogue. Every error response of the API is `{ error: CODE, message }`.
 * Codes marked "spec" come from agent-core §8 / admin-operator §8; the others were added
 * by us and are documented in docs/errors.md.
 */
export const errorCatalogue = {
  // session (spec)
  SM00011: { status: 401, message: "Session lost: the user no longer exists" },
  SM00012: { status: 401, message: "Session lost: the company is not active" },
  SM00014: { status: 401, message: "Session lost: this account was accessed on another computer" },
  ERR_SESSION_EXPIRED: { status: 401, message: "Session expired. Please log in." },
  // added: the access token expired; the client refreshes once and retries
  ERR_TOKEN_EXPIRED: { status: 401, message: "Access token expired" },
  ERR_INVALID_CREDENTIALS: { status: 401, message: "Authentication error. Please try again." },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: "Too many attempts. Please wait and try again." },
  // added: failed logins for one email from one client address; Retry-After says how long
  ERR_TOO_MANY_ATTEMPTS: {
    status: 429,
    message: "Too many failed attempts for this account. Please wait and try again.",
  },
  // added: a set-password link that is unknown, expired or already used
  ERR_PASSWORD_LINK_INVALID: {
    status: 400,
    message: "This link is invalid, expired or was already used. Ask for a new one.",
  },
  // added: the agents' realtime socket opened from a page of another origin
  ERR_ORIGIN_NOT_ALLOWED: { status: 403, message: "This origin may not open the realtime socket" },
  ERR_USER_CREATION_DISABLED: {
    status: 403,
    message: "User creation was disabled by the administrator",
  },
  ERR_COMPANY_NOT_IDENTIFIED: { status: 400, message: "Empresa não identificada!" },
  ERR_NO_PERMISSION: { status: 403, message: "You do not have permission to access this resource" },
  ERR_VALIDATION: { status: 400, message: "Invalid data" },
  ERR_NOT_FOUND: { status: 404, message: "Not found" },
  ERR_INTERNAL: { status: 500, message: "Internal error" },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: "The request is too large" },
  ERR_EMAIL_ALREADY_EXISTS: { status: 409, message: "An user with this email already exists" },
  ERR_NO_COMPANY_FOUND: { status: 404, message: "No company found with this ID" },
  ERR_NO_SETTING_FOUND: { status: 404, message: "No setting found with this ID" },
  ERR_NO_CONTACT_FOUND: { status: 404, message: "No contact found with this ID" },
  ERR_NO_TICKET_FOUND: { status: 404, message: "No ticket found with this ID" },
  ERR_NO_USER_FOUND: { status: 404, message: "No user found with this ID" },
  ERR_NO_QUEUE_FOUND: { status: 404, message: "No queue found with this ID" },
  ERR_NO_CHAT_FOUND: { status: 404, message: "No chat found with this ID" },
  ERR_USER_LIMIT_REACHED: { status: 403, message: "The plan's user limit has been reached" },
  ERR_LAST_SUPER_USER: { status: 400, message: "The last super user cannot be removed" },
  // connections and messages (spec)
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: "At least one default connection is needed" },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: "No default connection found" },
  ERR_NO_WAPP_FOUND: { status: 404, message: "No connection found with this ID" },
  ERR_WAPP_NOT_INITIALIZED: { status: 400, message: "This connection has not been initialized" },
  ERR_WAPP_CHECK_CONTACT: { status: 400, message: "Could not check the contact" },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: "This is not a valid WhatsApp number" },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 500, message: "Could not download the media" },
  ERR_SENDING_WAPP_MSG: { status: 500, message: "Error sending the message" },
  ERR_DELETE_WAPP_MSG: { status: 500, message: "Could not delete the message" },
  ERR_CREATING_MESSAGE: { status: 500, message: "Error creating the message in the database" },
  ERR_OTHER_OPEN_TICKET: {
    status: 409,
    message: "There is already an open ticket for this contact",
  },
  ERR_DUPLICATED_CONTACT: { status: 409, message: "A contact with this number already exists" },
  ERR_CREATING_TICKET: { status: 500, message: "Error creating the ticket" },
  ERR_FETCH_WAPP_MSG: { status: 400, message: "Message too old" },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: "This color is already in use" },
  ERR_CONNECTION_HAS_TICKETS: {
    status: 409,
    message: "This connection has conversations; disconnect it instead of deleting it",
  },
  ERR_WAPP_GREETING_REQUIRED: {
    status: 400,
    message: "A greeting message is required when there is more than one queue",
  },
  ERR_CONTACT_UNREACHABLE: {
    status: 400,
    message:
      "This contact cannot receive messages on this connection: a web-chat visitor only on the web chat they wrote from, a phone channel needs a phone number",
  },
  ERR_INVALID_PHONE_NUMBER: {
    status: 400,
    message:
      "Invalid phone number: use country code, area code and number, digits only (e.g. 5511988887777)",
  },
  // outbound lanes (added)
  ERR_MESSAGE_NOT_FAILED: {
    status: 409,
    message: "Only a message whose sending failed can be sent again",
  },
  ERR_SEND_INTERRUPTED: {
    status: 500,
    message:
      "The send was interrupted and may or may not have reached the contact; check before sending again",
  },
  ERR_CHANNEL_HAS_NO_SESSION: {
    status: 400,
    message: "Only WhatsApp (Baileys) connections have a session to start or stop",
  },
  // administration screens (added)
  ERR_NO_TAG_FOUND: { status: 404, message: "No tag found with this ID" },
  ERR_NO_QUICK_MESSAGE_FOUND: { status: 404, message: "No quick message found with this ID" },
  ERR_NO_SCHEDULE_FOUND: { status: 404, message: "No schedule found with this ID" },
  ERR_NO_QUEUE_OPTION_FOUND: { status: 404, message: "No queue option found with this ID" },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404, message: "No announcement found with this ID" },
  ERR_NO_HELP_FOUND: { status: 404, message: "No help record found with this ID" },
  ERR_DUPLICATED_SHORTCODE: {
    status: 409,
    message: "You already have a quick message with this shortcode",
  },
  ERR_SCHEDULE_ALREADY_SENT: {
    status: 409,
    message: "This schedule was already sent and can no longer be changed",
  },
  // messages API (added; admin-operator §7 "Messages API")
  ERR_API_KEY_INVALID: { status: 401, message: "Invalid or missing API key (X_KEY)" },
  ERR_API_DISABLED: { status: 403, message: "The messages API is disabled for this company" },
  ERR_API_TOKEN_INVALID: {
    status: 401,
    message: "Invalid or missing connection token (X_TOKEN)",
  },
  ERR_API_CHANNEL_UNSUPPORTED: {
    status: 400,
    message: "This connection's channel cannot start a conversation with a phone number",
  },
  // Meta webhooks (added; /webhooks/meta)
  ERR_WEBHOOK_VERIFICATION: {
    status: 403,
    message: "Webhook verification failed: wrong mode or verify token",
  },
  ERR_WEBHOOK_SIGNATURE: {
    status: 401,
    message: "Invalid or missing webhook signature (X-Hub-Signature-256)",
  },
  ERR_INSTAGRAM_AUDIO_FORMAT: {
    status: 400,
    message:
      "Instagram takes audio only as AAC, M4A, WAV or MP4 (MP3 is converted); send another file",
  },
  ERR_NO_ADDRESS_BOOK: {
    status: 400,
    message: "No connection offers an address book to import from; send a CSV or XLSX file instead",
  },
  // platform operator: companies, plans, billing (added; admin-operator §2.3, §2.4, §4)
  ERR_COMPANY_OVERDUE: {
    status: 401,
    message: "Session lost: the company's payment is overdue. Contact the platform operator.",
  },
  ERR_QUEUE_LIMIT_REACHED: { status: 403, message: "The plan's queue limit has been reached" },
  ERR_CONNECTION_LIMIT_REACHED: {
    status: 403,
    message: "The plan's connection limit for this channel has been reached",
  },
  ERR_NO_PLAN_FOUND: { status: 404, message: "No plan found with this ID" },
  ERR_PLAN_NAME_EXISTS: { status: 409, message: "A plan with this name already exists" },
  ERR_PLAN_IN_USE: { status: 409, message: "This plan is used by companies and cannot be deleted" },
  ERR_NO_INSTANCE_FOUND: { status: 404, message: "No instance found with this ID" },
  ERR_COMPANY_NOT_ARCHIVED: {
    status: 409,
    message: "Only an archived company can be deleted; archive it first",
  },
  ERR_PLATFORM_COMPANY: {
    status: 400,
    message: "The platform's own company cannot be archived, deactivated or deleted",
  },
  ERR_NO_COMPANY_ADMIN: { status: 404, message: "This company has no user to send access to" },
  ERR_MAIL_NOT_SENT: { status: 502, message: "The email could not be sent" },
  // campaigns and contact lists (added; issue #15)
  ERR_CAMPAIGNS_DISABLED: {
    status: 403,
    message: "Campaigns are not enabled for this company (plan or company setting)",
  },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404, message: "No contact list found with this ID" },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404, message: "No list item found with this ID" },
  ERR_CONTACT_LIST_ITEM_EXISTS: { status: 409, message: "This number is already in the list" },
  ERR_CONTACT_LIST_FULL: { status: 409, message: "The list already holds the most items allowed" },
  ERR_CONTACT_LIST_IN_USE: {
    status: 409,
    message: "The list is used by a scheduled, running or paused campaign",
  },
  ERR_NO_CAMPAIGN_FOUND: { status: 404, message: "No campaign found with this ID" },
  ERR_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    message: "Only a scheduled or paused campaign can be changed",
  },
  ERR_CAMPAIGN_STATE: {
    status: 409,
    message: "This action does not apply to the campaign in its current state",
  },
  ERR_CAMPAIGN_NO_RECIPIENTS: {
    status: 400,
    message: "The campaign's list or tag has no contact to send to",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Codes after which the client must drop its session and go to /login. */
export const SESSION_LOST_CODES: readonly ErrorCode[] = [
  "SM00011",
  "SM00012",
  "SM00014",
  "ERR_SESSION_EXPIRED",
  "ERR_COMPANY_OVERDUE",
];

/** Code after which the client refreshes its access token once and retries. */
export const TOKEN_EXPIRED_CODE: ErrorCode = "ERR_TOKEN_EXPIRED";

/** The JSON body of every failed response. `fields` carries validation messages. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
