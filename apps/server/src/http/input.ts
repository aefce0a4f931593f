import { JSON_MAX_DEPTH } from "@atrium/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.js";
import { findNul } from "../lib/text.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body carries a customer's message text (the web-chat visitor's): NUL characters are
     * dropped by the inbound pipeline instead of refused.
     */
    providerText?: boolean;
  }
}

/**
 * True when JSON text nests arrays/objects deeper than `max`. A linear scan of the text, before
 * anything recursive (parser, validation, String()) sees the value.
 */
export function jsonTooDeep(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** 400 ERR_VALIDATION naming the field that carries a NUL character. */
export function nulRefused(path: string): AppError {
  return new AppError("ERR_VALIDATION", "Text may not contain NUL characters", {
    [path]: "Invalid character",
  });
}

/** Refuses a NUL anywhere in what the client sent (PostgreSQL cannot store it). */
function refuseNul(request: FastifyRequest): void {
  const body = Buffer.isBuffer(request.body) ? undefined : request.body;
  const parts = { params: request.params, query: request.query, body } as const;
  for (const [name, value] of Object.entries(parts)) {
    if (name === "body" && request.routeOptions.config.providerText) continue;
    const path = findNul(value);
    if (path !== null) throw nulRefused(name === "body" ? path : `${name}.${path}`);
  }
}

/**
 * The edge of the API for hostile input: JSON bodies nested deeper than JSON_MAX_DEPTH answer
 * 400 (not a stack overflow), and a NUL character in the path, query or body answers 400
 * ERR_VALIDATION before any handler or database sees it. Multipart fields and file names are
 * checked where they are read (http/multipart.ts); sizes are fastify's bodyLimit (413).
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonTooDeep(body as string)) {
      done(new AppError("ERR_VALIDATION", `JSON nested deeper than ${JSON_MAX_DEPTH} levels`));
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook("preValidation", async (request) => refuseNul(request));
}
