import type { TFunction } from "i18next";
import { parseIncidentReason } from "@atrium/shared/incidents";

/**
 * Why a connection is down, in the reader's language: the server sends an incident code with
 * the provider's words as detail (shared incidents.ts); a reason without a known code is shown
 * as it came. The texts live in the startup namespace: the bell and toasts use them anywhere.
 */
export function incidentText(t: TFunction, reason: string): string {
  const parsed = parseIncidentReason(reason);
  if (!parsed) return reason;
  return t(`common:connectionIncident.${parsed.code}`, { detail: parsed.detail });
}
