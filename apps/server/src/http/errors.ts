import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorCatalogue, type ApiErrorBody, type ErrorCode } from "@atrium/shared";
import { AppError, isDataError } from "../lib/errors.js";

function body(code: ErrorCode, message?: string, fields?: Record<string, string>): ApiErrorBody {
  return {
    error: code,
    message: message ?? errorCatalogue[code].message,
    ...(fields && { fields }),
  };
}

/** Field path → first message, e.g. { email: "Invalid email" }. */
function validationFields(error: { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const v of error.validation) {
    const key = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
    fields[key] ??= v.message ?? "Invalid";
  }
  return fields;
}

/** One error format for every failure; no stack traces reach clients. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header("retry-after", String(error.retryAfter));
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.values(fields)[0];
      return reply.status(400).send(body("ERR_VALIDATION", first, fields));
    }
    if (isDataError(error)) {
      // Last resort: the database refused a value the client sent (NUL, out of range, impossible
      // date). Validation at the edge should have caught it; the log says where it did not.
      request.log.warn({ err: error }, "the database refused a client's value");
      return reply.status(400).send(body("ERR_VALIDATION"));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body("ERR_TOO_MANY_REQUESTS"));
    if (status === 413) return reply.status(413).send(body("ERR_PAYLOAD_TOO_LARGE"));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and similar client mistakes.
      return reply.status(400).send(body("ERR_VALIDATION", error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(body("ERR_INTERNAL"));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (app.serveSpaAsset && (await app.serveSpaAsset(request, reply))) return reply;
    return reply
      .status(404)
      .send(body("ERR_NOT_FOUND", `Route ${request.method} ${request.url} not found`));
  });
}

/**
 * Errors fastify raises before a route is found (a malformed URL); passed as the
 * `frameworkErrors` option so they too answer in the one error format.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return reply.status(400).send(body("ERR_VALIDATION", error.message));
}
