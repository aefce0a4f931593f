import { isAdmin } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

/**
 * Company records: the operator (super) reads and edits any; a company's own users read it and
 * its admins set its working hours. Another company's id is "not found", never "forbidden".
 */
export const companiesPolicy = {
  canRead(actor: Actor, companyId: number): boolean {
    return actor.super || actor.companyId === companyId;
  },
  canEditSchedules(actor: Actor, companyId: number): boolean {
    return actor.super || (isAdmin(actor) && actor.companyId === companyId);
  },
};
