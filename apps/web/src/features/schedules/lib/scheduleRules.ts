import { format } from "date-fns";

/** The list's body column: at most 25 characters. */
export const truncateBody = (body: string) => (body.length > 25 ? `${body.slice(0, 25)}…` : body);

/** DD/MM/YYYY HH:mm:ss */
export const formatSendAt = (iso: string) => format(new Date(iso), "dd/MM/yyyy HH:mm:ss");

/** 'PENDENTE' → 'Pendente'. */
export const capitalise = (status: string) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : status;

/** A datetime-local value (local time, minutes). */
export const toLocalInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

/** The default send time: one hour from now (agent-core §5). */
export const defaultSendAt = (now = new Date()) =>
  toLocalInput(new Date(now.getTime() + 60 * 60 * 1000));

export const isSendError = (status: string) => status.toUpperCase() === "ERRO";
