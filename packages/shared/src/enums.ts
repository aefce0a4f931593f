export const PROFILES = ["admin", "user"] as const;
export type Profile = (typeof PROFILES)[number];

export const TICKET_STATUSES = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CHANNEL_TYPES = [
  "BAILEYS",
  "FACEBOOK",
  "INSTAGRAM",
  "WHATSAPP_BUSINESS",
  "WEB_CHAT",
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CONNECTION_STATUSES = [
  "qrcode",
  "PAIRING",
  "OPENING",
  "CONNECTED",
  "TIMEOUT",
  "DISCONNECTED",
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses that raise the '!' badge of the /connections menu entry. */
export const CONNECTION_ATTENTION_STATUSES: readonly ConnectionStatus[] = [
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
];

export const MESSAGE_MEDIA_TYPES = [
  "chat",
  "image",
  "audio",
  "video",
  "document",
  "sticker",
  "location",
  "vcard",
  "reaction",
  /** A kind the channel sent that Atrium cannot show as itself: the body names it. */
  "unsupported",
  "internal",
  "note",
  "other",
] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

export const MESSAGE_TYPES = ["MESSAGE", "FILE", "FILE_AND_MESSAGE"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const USE_TYPES = ["CLIENTE", "TESTE", "INTERNO"] as const;
export type UseType = (typeof USE_TYPES)[number];

export const PAYMENT_METHODS = [
  "mercado_pago",
  "hotmart",
  "pix",
  "transferencia",
  "cartao",
  "boleto",
  "asaas",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ["PENDING", "SENDED", "COMPLETED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const LANGUAGES = ["pt-BR", "es-ES", "en-EN"] as const;
export type CompanyLanguage = (typeof LANGUAGES)[number];

export const SCHEDULE_TYPES = ["disabled", "queue", "company"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_STATUSES = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const QUEUE_OPTION_FILE_TYPES = ["IMAGE", "VIDEO", "AUDIO", "DOCUMENT"] as const;
export type QueueOptionFileType = (typeof QUEUE_OPTION_FILE_TYPES)[number];

export const ANNOUNCEMENT_CATEGORIES = ["NEW", "IMPROVIMENT", "FIX"] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

export const ANNOUNCEMENT_REACTIONS = ["bad", "neutral", "good"] as const;
export type AnnouncementReaction = (typeof ANNOUNCEMENT_REACTIONS)[number];

export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;
export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];

export interface WorkingHoursEntry {
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

/** Campaign states: Programada, Em andamento, Pausada, Cancelada, Finalizada. */
export const CAMPAIGN_STATUSES = [
  "PROGRAMADA",
  "EM_ANDAMENTO",
  "PAUSADA",
  "CANCELADA",
  "FINALIZADA",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
