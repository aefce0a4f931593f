/** Business constants (agent-core §9, admin-operator §9). */
export const TOKEN_REFRESH_INTERVAL_MS = 900_000;
export const PRESENCE_INTERVAL_MS = 300_000;
/** A user is marked offline after missing two presence announcements (plus a grace minute). */
export const PRESENCE_OFFLINE_AFTER_MS = 2 * PRESENCE_INTERVAL_MS + 60_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const FORM_SUBMIT_DELAY_MS = 400;
export const CONNECTION_BADGE_DELAY_MS = 2000;
export const TICKET_VIEW_LOAD_DELAY_MS = 500;
export const LIST_REFRESH_AFTER_RESET_MS = 300;
export const DASHBOARD_FIRST_LOAD_MS = 1000;
export const INFINITE_SCROLL_BOTTOM_PX = 100;
export const INFINITE_SCROLL_TOP_PX = 50;
export const CHAT_HISTORY_TOP_PX = 600;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 25_000;
export const SOCKET_PING_TIMEOUT_MS = 60_000;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const ACCOUNT_LOGOUT_DELAY_MS = 1000;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;
export const AUDIO_MIN_BYTES = 10_000;
export const AUDIO_BITRATE = 128;
export const COMPOSER_ROWS = 5;
export const EMOJI_PER_LINE = 16;
export const SHORTCUT_LABEL_CUT = 35;
export const NOTIFICATION_POPOVER_PX = 350;
export const NOTES_LIST_MAX_PX = 200;
export const CONTACT_DRAWER_PX = 320;
export const QR_CODE_PX = 256;
export const NARROW_BREAKPOINT_PX = 600;
export const DRAWER_WIDTH_PX = 240;
export const PRIMARY_COLOR = "#002d6e";
/** Server page sizes ("not shown" in the spec; ours). */
export const PAGE_SIZE = {
  tickets: 40,
  messages: 20,
  users: 20,
  contacts: 20,
  tags: 20,
  chats: 20,
  chatMessages: 20,
  quickMessages: 20,
  schedules: 20,
  announcements: 20,
  contactLists: 20,
  contactListItems: 40,
  campaigns: 20,
  campaignShipments: 40,
} as const;
/** Campaigns (agent-core §9): up to 5 messages and 5 confirmation messages per campaign. */
export const CAMPAIGN_MESSAGES_MAX = 5;
/** A reply within this many days of a campaign message counts as its answer (report, opt-out). */
export const CAMPAIGN_REPLY_WINDOW_DAYS = 7;
/** Most items one contact list holds (an import beyond it is refused row by row). */
export const CONTACT_LIST_ITEMS_MAX = 50_000;
/**
 * List counts (the ticket tabs' badges, contacts, messages) are exact up to this number; a
 * longer list answers exactly this, which the badges show as '99+' (MUI's default badge limit,
 * as the inbox has always shown it). Counting stops there so a list call costs the same with
 * 100 or 1,000,000 rows behind it: at 500,000 tickets a tab's count up to 1,000 cost the
 * database 0.95 ms per list call, up to 100 it costs 0.05 ms.
 */
export const LIST_COUNT_LIMIT = 100;
/** Dashboard period options, in days (agent-core §5). */
export const DASHBOARD_PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;
/** Longest internal chat title and message we store. */
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 10_000;

/** The largest id (and count) a column holds: PostgreSQL int4. Larger ones are refused (400). */
export const INT4_MAX = 2_147_483_647;

/**
 * Longest texts a client may send (issue #11, docs/security.md "Input validation"); over the
 * maximum answers 400 'Too Long!'. Chosen as a helpdesk would: whatever goes out to a customer
 * fits one WhatsApp text (4096 characters).
 */
export const TEXT_MAX = {
  /** RFC 5321: the longest deliverable address. */
  email: 254,
  /** Sent to a customer: messages, quick messages, schedules, greetings, bot options, API. */
  customerMessage: 4096,
  /** Private ticket notes. */
  note: 5000,
  /** Tag names (a coloured chip). */
  tagName: 100,
  /** Quick-message shortcode. */
  shortcode: 100,
  /** Titles of announcements, helps, queue options; company names. */
  title: 200,
  /** Announcement text, help description. */
  longText: 10_000,
  /** Contact document (CPF/CNPJ and foreign ids). */
  document: 30,
  /** Contact extra information: name and value of one entry. */
  extraInfoName: 100,
  extraInfoValue: 1000,
  /** Search boxes. */
  search: 200,
  /** Connection tokens, provider names, signup token. */
  token: 200,
  /** Links and media URLs. */
  url: 2000,
  /** A setting's value. */
  settingValue: 5000,
  /** A query parameter carrying a JSON list of ids (ticket filters). */
  idListJson: 5000,
} as const;

/** Longest lists a client may send: ids (queues, tags, users) and contact extra information. */
export const LIST_MAX = { ids: 200, extraInfo: 50 } as const;

/** The deepest JSON body the API parses (the deepest real form nests 3 or 4 levels). */
export const JSON_MAX_DEPTH = 32;

/** Local storage keys the web client uses (agent-core §3). */
export const STORAGE_KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  userUuid: "userUuid",
  instanceAddress: "instanceAddress",
  cshow: "cshow",
  signOption: "signOption",
  language: "language",
} as const;
