import { i18n } from "../app/i18n";
import { toast } from "../app/toast/toastStore";
import { ApiError } from "./ApiError";

/**
 * The text of an error toast, in the spec's order (agent-core §8): the translation of
 * backendErrors.{code} if one exists; else the server's own text; else a string error;
 * else 'An error occurred!'.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const key = `backendErrors:${err.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (err.message) return err.message;
    if (!err.code.startsWith("HTTP_")) return err.code;
  }
  if (typeof err === "string" && err.trim()) return err;
  return i18n.t("common:errors.generic");
}

export function toastError(err: unknown): void {
  if (err instanceof DOMException && err.name === "AbortError") return;
  toast.error(errorMessage(err));
}
