/**
 * Why a connection went down (disconnect alerts). The server stores and sends a code, with the
 * provider's own words or a number as detail where there is one ("sendFailing:Service down",
 * "lost:428"); screens and e-mails say it in the reader's language. A reason without a known
 * code is shown as it is.
 */
export const CONNECTION_INCIDENTS = [
  "loggedOut",
  "banned",
  "replaced",
  "lost",
  "reconnectLoop",
  "sendFailing",
  "tokenRejected",
] as const;
export type ConnectionIncident = (typeof CONNECTION_INCIDENTS)[number];

export function incidentReason(code: ConnectionIncident, detail?: string | number): string {
  return detail === undefined || detail === "" ? code : `${code}:${detail}`;
}

export function parseIncidentReason(
  reason: string,
): { code: ConnectionIncident; detail: string } | null {
  const cut = reason.indexOf(":");
  const code = cut < 0 ? reason : reason.slice(0, cut);
  if (!(CONNECTION_INCIDENTS as readonly string[]).includes(code)) return null;
  return { code: code as ConnectionIncident, detail: cut < 0 ? "" : reason.slice(cut + 1) };
}
