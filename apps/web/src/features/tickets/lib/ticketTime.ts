import { format, parseISO } from "date-fns";

/** A ticket's last update: HH:mm today, dd/MM/yyyy otherwise. */
export function ticketTime(updatedAt: string, now: Date = new Date()): string {
  const date = parseISO(updatedAt);
  if (Number.isNaN(date.getTime())) return "";
  return format(date, date.toDateString() === now.toDateString() ? "HH:mm" : "dd/MM/yyyy");
}
