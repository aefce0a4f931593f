import type { ApiErrorBody } from "@atrium/shared";

/** Client-side code for a request that never got an answer (offline, DNS, CORS …). */
export const NETWORK_ERROR_CODE = "ERR_NETWORK";

/** A failed API call: HTTP status plus the server's `{ error, message, fields }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  static fromBody(status: number, body: Partial<ApiErrorBody> | null): ApiError {
    const code = typeof body?.error === "string" ? body.error : `HTTP_${status}`;
    const message = typeof body?.message === "string" ? body.message : "";
    return new ApiError(status, code, message, body?.fields);
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
