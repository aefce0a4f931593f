import { errorCatalogue, type ErrorCode } from "@atrium/shared";

/** A domain error carrying one of the catalogue's codes; the error handler turns it into HTTP. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    /** Seconds before the client may try again, sent as Retry-After (429 answers). */
    readonly retryAfter?: number,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}

export const notFound = (code: ErrorCode = "ERR_NOT_FOUND") => new AppError(code);
export const forbidden = () => new AppError("ERR_NO_PERMISSION");

/** True when a database error is a unique violation (optionally of a given constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  if (!e || e.code !== "23505") return false;
  return !constraint || e.constraint === constraint || (e.message ?? "").includes(constraint);
}

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

function findPgError(err: unknown): PgError | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const c = cur as PgError & { cause?: unknown };
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}

/**
 * True when the database refused the data itself — class 22 "data exception" (bad encoding,
 * NUL, number out of range, impossible date), 23 "integrity constraint", 54000 an index row
 * too large: storing it again fails again, unlike a lost connection. Input validation should
 * have caught it, so it is the client's (or provider's) data, not an outage.
 */
export function isDataError(err: unknown): boolean {
  const code = findPgError(err)?.code ?? "";
  return code.startsWith("22") || code.startsWith("23") || code === "54000";
}
