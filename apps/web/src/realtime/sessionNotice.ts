import { ACCOUNT_LOGOUT_DELAY_MS } from "@atrium/shared";
import { clearSession } from "../api/storage";
import { i18n } from "../app/i18n";
import { toast } from "../app/toast/toastStore";

/** Indirection over the page reload, so tests can observe it. */
export const page = {
  reload: () => window.location.reload(),
};

let ending = false;

/**
 * Account safety (agent-core §4): the notice shows, then after one second local storage is
 * cleared and the page reloads (and so lands on /login). Repeated triggers are ignored.
 */
export function endSessionWithNotice(messageKey: string): void {
  if (ending) return;
  ending = true;
  toast.warning(i18n.t(messageKey));
  setTimeout(() => {
    clearSession();
    ending = false;
    page.reload();
  }, ACCOUNT_LOGOUT_DELAY_MS);
}
