/**
 * Texts the bot builds around the admins' own texts (greetings, option messages). The spec
 * gives no format for menus; ours is one "n - title" line per entry, which reads well on every
 * channel (WhatsApp, Messenger, Instagram, the web-chat widget), without channel markup.
 */

/** What the contact types to go back to the start (the queue menu or the root options). */
export const BACK_KEY = "#";
export const BACK_LINE = `${BACK_KEY} - Voltar ao menu inicial`;

/** Ratings scale (agent-core §5): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATING_CHOICES = [
  { option: 1, title: "Insatisfeito" },
  { option: 2, title: "Satisfeito" },
  { option: 3, title: "Muito satisfeito" },
] as const;
export const RATING_INSTRUCTION = "Digite de 1 a 3 para avaliar nosso atendimento:";

export interface MenuEntry {
  option: number;
  title: string;
}

/** "1 - Vendas\n2 - Suporte", optionally followed by the back line. */
export function menuLines(entries: readonly MenuEntry[], withBack = false): string {
  const lines = entries.map((e) => `${e.option} - ${e.title}`);
  if (withBack) lines.push(BACK_LINE);
  return lines.join("\n");
}

/** A header text (greeting, option message) and its menu, separated by a blank line. */
export function withMenu(header: string, menu: string): string {
  return [header.trim(), menu].filter(Boolean).join("\n\n");
}

export function ratingPrompt(ratingMessage: string): string {
  return withMenu(ratingMessage, `${RATING_INSTRUCTION}\n${menuLines(RATING_CHOICES)}`);
}

/** The contact's answer to a menu: a number, the back key, or nothing we understand. */
export function parseChoice(body: string): number | typeof BACK_KEY | null {
  const text = body.trim();
  if (text === BACK_KEY) return BACK_KEY;
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** Message media type of an option's file type (admin-operator §3 Queue option). */
export function mediaTypeOfFileType(fileType: string | null): string {
  switch (fileType) {
    case "IMAGE":
      return "image";
    case "VIDEO":
      return "video";
    case "AUDIO":
      return "audio";
    default:
      return "document";
  }
}
