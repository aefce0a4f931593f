import type { FastifyRequest } from "fastify";
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
