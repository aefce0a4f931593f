import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../lib/errors.js";
import type { IncomingFile } from "../modules/files/files.service.js";

export interface MultipartBody {
  fields: Record<string, string>;
  files: (IncomingFile & { field: string })[];
}

/** Reads a whole multipart request: text fields and files (buffered; size-limited by fastify). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      body.files.push({
        field: part.fieldname,
        filename: part.filename || "file",
        mimetype: part.mimetype,
        data: await part.toBuffer(),
      });
    } else if (typeof part.value === "string") {
      body.fields[part.fieldname] = part.value;
    }
  }
  return body;
}

export function isMultipart(request: FastifyRequest): boolean {
  return request.isMultipart();
}

/** The one file of an upload (field name free); none → 400 with fields.file 'Required'. */
export async function singleFile(request: FastifyRequest): Promise<IncomingFile> {
  const form = request.isMultipart() ? await readMultipart(request) : undefined;
  const file = form?.files[0];
  if (!file) throw new AppError("ERR_VALIDATION", "No file", { file: "Required" });
  return { filename: file.filename, mimetype: file.mimetype, data: file.data };
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
