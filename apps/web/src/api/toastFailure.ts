import { i18n } from "../app/i18n";
import { toast } from "../app/toast/toastStore";
import { ApiError } from "./ApiError";

/**
 * An operation's failure toast with the screen's own text (admin-operator §8: 'Não foi
 * possível realizar a operação' …), unless the server answered a code we translate, which
 * says more (a plan in use, a company not archived …).
 */
export function toastFailure(err: unknown, fallback: string): void {
  if (err instanceof DOMException && err.name === "AbortError") return;
  const key = err instanceof ApiError ? `backendErrors:${err.code}` : "";
  const generic = err instanceof ApiError && err.code === "ERR_VALIDATION";
  toast.error(key && !generic && i18n.exists(key) ? i18n.t(key) : fallback);
}
