import { toast } from "../app/toast/toastStore";
import { ApiError } from "./ApiError";
import { errorMessage } from "./toastError";

/** Screens that show the server's own error text (admin-operator §8: quick messages). */
export function toastRawError(err: unknown): void {
  if (err instanceof DOMException && err.name === "AbortError") return;
  if (err instanceof ApiError && (err.message || err.code)) {
    toast.error(err.message || err.code);
    return;
  }
  toast.error(errorMessage(err));
}
