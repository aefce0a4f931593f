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
} as const;
/** Dashboard period options, in days (agent-core §5). */
export const DASHBOARD_PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;
/** Longest internal chat title and message we store. */
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 10_000;

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
