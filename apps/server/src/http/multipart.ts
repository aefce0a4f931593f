import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../lib/errors.js";
import { withoutNul } from "../lib/text.js";
import { incomingFile, type IncomingFile } from "../modules/files/files.service.js";
import { nulRefused } from "./input.js";

export interface MultipartBody {
  fields: Record<string, string>;
  files: (IncomingFile & { field: string })[];
}

/**
 * Reads a whole multipart request: text fields and files (buffered). Each file's type is
 * detected from its bytes; the part's Content-Type is ignored. Whatever the client got wrong
 * answers 4xx with a code: a malformed or truncated body (no boundary, wrong boundary) 400
 * ERR_VALIDATION; a file, field or count over the limits (app.ts) 413 ERR_PAYLOAD_TOO_LARGE; a
 * NUL in a field name, value or file name 400 ERR_VALIDATION — or, on routes carrying a
 * customer's text (`providerText`), dropped.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {}, files: [] };
  const text = textOf(request);
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const filename = text(part.filename, part.fieldname) || "file";
        const file = await incomingFile(filename, await part.toBuffer());
        body.files.push(Object.assign(file, { field: text(part.fieldname, "field") }));
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError("ERR_PAYLOAD_TOO_LARGE");
        if (typeof part.value === "string") {
          body.fields[text(part.fieldname, "field")] = text(part.value, part.fieldname);
        }
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return body;
}

/** The multipart text check of this route: refuse NUL, or drop it where a customer wrote. */
function textOf(request: FastifyRequest) {
  const strip = !!request.routeOptions.config.providerText;
  return (value: string, field: string): string => {
    if (!value.includes("\u0000")) return value;
    if (strip) return withoutNul(value);
    throw nulRefused(field.includes("\u0000") ? "field" : field);
  };
}

/** Busboy and @fastify/multipart failures as the client's mistake, with a code. */
function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return new AppError("ERR_PAYLOAD_TOO_LARGE");
  const message = err instanceof Error ? err.message : String(err);
  return new AppError("ERR_VALIDATION", `Malformed multipart body: ${message}`);
}

export function isMultipart(request: FastifyRequest): boolean {
  return request.isMultipart();
}

/** The one file of an upload (field name free); none → 400 with fields.file 'Required'. */
export async function singleFile(request: FastifyRequest): Promise<IncomingFile> {
  const form = request.isMultipart() ? await readMultipart(request) : undefined;
  const file = form?.files[0];
  if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
  return file;
}

/**
 * Validates multipart text fields with a shared schema; failures answer like a JSON body's
 * (ERR_VALIDATION with the spec's message per field).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>) {
  const result = schema.safeParse(fields);
  if (result.success) return result.data as z.output<S>;
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    messages[issue.path.join(".") || "_"] ??= issue.message;
  }
  throw new AppError("ERR_VALIDATION", Object.values(messages)[0], messages);
}
