import { PHONE_ERROR_MESSAGE } from "@atrium/shared";

/** The widget's texts in Portuguese (default), English and Spanish. */

export type Lang = "pt" | "en" | "es";

const pt = {
  greeting: "Olá! Como podemos ajudar?",
  name: "Seu nome",
  email: "E-mail (opcional)",
  phone: "Telefone (opcional)",
  start: "Iniciar conversa",
  placeholder: "Digite sua mensagem…",
  send: "Enviar",
  attach: "Anexar arquivo",
  typing: "digitando…",
  deleted: "Mensagem apagada",
  retrying: "Não foi possível enviar. Tentando novamente…",
  sending: "Enviando…",
  failed: "Não foi possível enviar.",
  retryNow: "Tentar de novo",
  open: "Abrir chat",
  close: "Fechar chat",
  online: "Online",
  offline: "Offline",
  nameTooShort: "Nome muito curto",
  nameTooLong: "Nome muito longo",
  invalidEmail: "E-mail inválido",
  invalidPhone: "Telefone inválido: informe DDI, DDD e número (ex.: +55 11 98888-7777)",
  fileTooLarge: "Arquivo muito grande (máximo 50 MB)",
  startFailed: "Não foi possível iniciar a conversa. Tente novamente.",
  unavailable: "Chat indisponível no momento.",
  download: "Baixar arquivo",
  empty: "Envie uma mensagem para começar.",
  unread: "mensagens não lidas",
};

export type Texts = typeof pt;

const en: Texts = {
  greeting: "Hi! How can we help?",
  name: "Your name",
  email: "E-mail (optional)",
  phone: "Phone (optional)",
  start: "Start chat",
  placeholder: "Type your message…",
  send: "Send",
  attach: "Attach file",
  typing: "typing…",
  deleted: "Message deleted",
  retrying: "Could not send. Retrying…",
  sending: "Sending…",
  failed: "Could not send.",
  retryNow: "Try again",
  open: "Open chat",
  close: "Close chat",
  online: "Online",
  offline: "Offline",
  nameTooShort: "Name too short",
  nameTooLong: "Name too long",
  invalidEmail: "Invalid e-mail",
  invalidPhone: "Invalid phone: type country code, area code and number (e.g. +1 415 555 0100)",
  fileTooLarge: "File too large (50 MB max)",
  startFailed: "Could not start the chat. Please try again.",
  unavailable: "Chat unavailable right now.",
  download: "Download file",
  empty: "Send a message to get started.",
  unread: "unread messages",
};

const es: Texts = {
  greeting: "¡Hola! ¿Cómo podemos ayudarte?",
  name: "Tu nombre",
  email: "Correo electrónico (opcional)",
  phone: "Teléfono (opcional)",
  start: "Iniciar conversación",
  placeholder: "Escribe tu mensaje…",
  send: "Enviar",
  attach: "Adjuntar archivo",
  typing: "escribiendo…",
  deleted: "Mensaje eliminado",
  retrying: "No se pudo enviar. Reintentando…",
  sending: "Enviando…",
  failed: "No se pudo enviar.",
  retryNow: "Reintentar",
  open: "Abrir chat",
  close: "Cerrar chat",
  online: "En línea",
  offline: "Desconectado",
  nameTooShort: "Nombre demasiado corto",
  nameTooLong: "Nombre demasiado largo",
  invalidEmail: "Correo electrónico inválido",
  invalidPhone: "Teléfono inválido: indica código de país, de área y número (ej.: +34 612 345 678)",
  fileTooLarge: "Archivo demasiado grande (máximo 50 MB)",
  startFailed: "No se pudo iniciar la conversación. Inténtalo de nuevo.",
  unavailable: "Chat no disponible en este momento.",
  download: "Descargar archivo",
  empty: "Envía un mensaje para empezar.",
  unread: "mensajes no leídos",
};

const TEXTS: Record<Lang, Texts> = { pt, en, es };

/** The widget language of a tag (pt-BR, en-EN, es-ES, a browser language …). */
export function langOf(tag: string | null | undefined): Lang | undefined {
  const t = (tag ?? "").trim().toLowerCase();
  if (t.startsWith("en")) return "en";
  if (t.startsWith("es")) return "es";
  if (t.startsWith("pt")) return "pt";
  return undefined;
}

/**
 * `data-lang` wins when it names a known language; otherwise the browser's language picks
 * English or Spanish, and anything else falls back to Portuguese.
 */
export function pickLang(
  dataLang: string | null | undefined,
  browserLang: string | null | undefined,
): Lang {
  const forced = langOf(dataLang);
  if (forced) return forced;
  const browser = langOf(browserLang);
  return browser === "en" || browser === "es" ? browser : "pt";
}

export function textsFor(lang: Lang): Texts {
  return TEXTS[lang];
}

/** Server validation messages (zod) in the visitor's language. */
export function fieldError(t: Texts, message: string | undefined): string {
  switch (message) {
    case "Too Short!":
      return t.nameTooShort;
    case "Too Long!":
      return t.nameTooLong;
    case "Invalid email":
      return t.invalidEmail;
    case PHONE_ERROR_MESSAGE:
      return t.invalidPhone;
    default:
      return message ?? "";
  }
}
