import type { WorkingHoursEntry } from "@atrium/shared";

export interface TemplateContext {
  contact: { name: string; number: string; email: string };
  protocol?: number | string;
  now?: Date;
}

/** 'Bom dia' / 'Boa tarde' / 'Boa noite' by the hour. */
export function greetingForHour(hour: number): string {
  if (hour >= 5 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  return "Boa noite";
}

/** Fills the variables {saudacao}, {nome}, {numero}, {email}, {protocolo} of a message text. */
export function renderTemplate(text: string, ctx: TemplateContext): string {
  const now = ctx.now ?? new Date();
  const values: Record<string, string> = {
    saudacao: greetingForHour(now.getHours()),
    nome: ctx.contact.name,
    numero: ctx.contact.number,
    email: ctx.contact.email,
    protocolo: ctx.protocol === undefined ? "" : String(ctx.protocol),
  };
  return text.replace(
    /\{(saudacao|nome|numero|email|protocolo)\}/gi,
    (_, key: string) => values[key.toLowerCase()] ?? "",
  );
}

const WEEKDAY_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * Whether `now` falls outside the working hours. Hours never configured (every entry empty)
 * mean "always open"; a day left empty in configured hours means closed that day.
 */
export function isOutOfHours(schedules: readonly WorkingHoursEntry[], now = new Date()): boolean {
  const configured = schedules.filter((s) => s.startTime && s.endTime);
  if (configured.length === 0) return false;
  const today = schedules.find((s) => s.weekdayEn === WEEKDAY_EN[now.getDay()]);
  if (!today?.startTime || !today.endTime) return true;
  const minutes = now.getHours() * 60 + now.getMinutes();
  const toMinutes = (hhmm: string) => {
    const [h, m] = hhmm.split(":").map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  return minutes < toMinutes(today.startTime) || minutes >= toMinutes(today.endTime);
}
