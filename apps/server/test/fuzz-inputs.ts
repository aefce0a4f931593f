import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { z } from "zod";

/**
 * Hostile inputs for the schema-driven fuzz test: values derived from a route's zod schemas
 * (through their JSON Schema, input side) and then bent — wrong types, missing and extra
 * fields, huge strings, NUL bytes, out-of-range numbers, impossible dates, deep nesting,
 * malformed multipart.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
}

/** The JSON Schema of what a zod schema accepts ({} when it cannot be described). */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== "object" || !("_zod" in schema)) return {};
  try {
    return z.toJSONSchema(schema as z.ZodType, {
      io: "input",
      unrepresentable: "any",
    }) as JsonSchema;
  } catch {
    return {};
  }
}

const INT4_MAX = 2_147_483_647;
/** 600 KB: under the 2 MB body limit, far over any text field's maximum. */
export const HUGE = "x".repeat(600_000);
const LONG = "y".repeat(70_000);

const withNul = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const hostileString = fc.oneof(
  { arbitrary: withNul, weight: 5 },
  { arbitrary: fc.constantFrom("", " ", "\u0000", "a\u0000", "%00"), weight: 2 },
  { arbitrary: fc.constantFrom(LONG, "z".repeat(5000)), weight: 2 },
  { arbitrary: fc.constant(HUGE), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      "2024-02-30",
      "2023-02-29",
      "0000-00-00",
      "2024-13-01",
      "99999-01-01",
      "2024-02-30T10:00:00",
      "2024-02-30 25:61:61",
      "275760-09-13T00:00:00.001Z",
      "-000001-01-01T00:00:00Z",
      "2147483648",
      "99999999999999999999",
      "-1",
      "1e400",
      "NaN",
      "not-a-uuid",
      "\ud800",
      "😀".repeat(30),
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      "[1,2147483648]",
      '[{"id":99999999999}]',
      "{}",
      "__proto__",
    ),
    weight: 5,
  },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
);

const hostileNumber = fc.constantFrom(
  0,
  -1,
  INT4_MAX,
  INT4_MAX + 1,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  -INT4_MAX - 2,
  1.5,
  "2147483648",
  "9223372036854775808",
  "1e400",
);

const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { a: { b: {} } }, 0);

/** JSON text of an array or object nested `depth` levels deep (5,000 crashed JSON handling). */
export function nestedJson(depth: number, kind: "array" | "object" = "array"): string {
  return kind === "array"
    ? "[".repeat(depth) + "]".repeat(depth)
    : '{"a":'.repeat(depth) + "{}" + "}".repeat(depth);
}

/**
 * Deep values travel as a placeholder string replaced in the serialised JSON: building them
 * as objects would overflow the generator's own stack.
 */
const deep = fc
  .constantFrom(200, 1000, 5000)
  .chain((d) => fc.constantFrom(`__deep_${d}_array__`, `__deep_${d}_object__`));

/** JSON.stringify, with the deep placeholders expanded. */
export function toJson(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    /"__deep_(\d+)_(array|object)__"/g,
    (_m, d: string, kind: "array" | "object") => nestedJson(Number(d), kind),
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

/** A value a client could send for `schema`: plausible, hostile, or of a wrong type. */
export function valueFor(schema: JsonSchema, name = "", level = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausible(schema, name, level), weight: 4 },
    { arbitrary: hostileString, weight: 3 },
    { arbitrary: hostileNumber, weight: 2 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: deep, weight: level === 0 ? 1 : 0 },
  );
}

function plausible(schema: JsonSchema, name: string, level: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => plausible(b, name, level)));
  const types = typesOf(schema);
  if (!types.length) return fc.oneof(hostileString, hostileNumber, fc.string({ maxLength: 10 }));
  return fc.oneof(...types.map((t) => plausibleOfType(t, schema, name, level)));
}

function plausibleOfType(
  type: string,
  schema: JsonSchema,
  name: string,
  level: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "object":
      return level > 3 ? fc.constant({}) : objectFor(schema, level + 1);
    case "array":
      return fc.array(schema.items ? valueFor(schema.items, name, level + 1) : hostileNumber, {
        maxLength: 4,
      });
    case "integer":
    case "number":
      return fc.oneof(fc.integer({ min: -3, max: 3 }), hostileNumber);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return stringFor(schema, name);
  }
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === "email") {
    return fc.constantFrom("a@b.co", "fuzz@example.com", "a\u0000@b.co", `${HUGE}@b.co`);
  }
  if (/date|At$|_from|_to/i.test(name) || schema.pattern?.includes("\\d{4}")) {
    return fc.constantFrom(
      "2024-02-29",
      "2024-02-30",
      "2023-02-29",
      "2024-04-31",
      "0000-01-01",
      "9999-12-31",
      "2099-01-01T10:00",
      "2099-02-30T10:00",
      "+275760-09-13T00:00:00.000Z",
      "2024-02-30 10:00:00",
    );
  }
  return fc.oneof(fc.string({ maxLength: 16 }), withNul);
}

/** An object for `schema` with fields dropped (missing) and extra ones added. */
export function objectFor(schema: JsonSchema, level = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of props) fields[key] = valueFor(sub, key, level);
  const extra = fc.dictionary(
    fc.constantFrom("__proto__", "constructor", "companyId", "id", "extra\u0000", "x"),
    valueFor({}, "", level + 1),
    { maxKeys: 2 },
  );
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), extra)
    .map(([known, more]) => ({ ...more, ...known }));
}

/**
 * A value that passes `schema` as well as can be guessed: ids and dates by field name (from
 * `known`), enums' first value, strings long enough for their minimum.
 */
export function validFor(
  schema: JsonSchema,
  name: string,
  known: Record<string, unknown>,
  level = 0,
): unknown {
  if (name in known) return known[name];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((b) => !typesOf(b).includes("null"));
  if (branches?.length) return validFor(branches[branches.length - 1]!, name, known, level);
  const type = typesOf(schema).find((t) => t !== "null") ?? "string";
  switch (type) {
    case "object": {
      if (level > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        out[key] = validFor(sub, key, known, level + 1);
      }
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    default:
      if (schema.format === "email") return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      if (/date|At$|_from|_to/i.test(name)) return "2099-01-01T10:00:00";
      if (/color/i.test(name)) return `#${randomUUID().slice(0, 6)}`;
      return `Fuzz ${randomUUID().slice(0, 8)}`;
  }
}

/** A valid body with one field replaced by a hostile value (NUL, huge, out of range…). */
export function oneFieldBroken(
  schema: JsonSchema,
  known: Record<string, unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const valid = () => validFor(schema, "", known) as Record<string, unknown>;
  if (!keys.length) return fc.constant(null).map(valid);
  return fc
    .tuple(
      fc.constantFrom(...keys),
      fc.oneof(hostileString, hostileNumber, wrongType, deep),
      fc.boolean(),
    )
    .map(([key, value, drop]) => {
      const body = valid();
      if (drop) delete body[key];
      else body[key] = value;
      return body;
    });
}

/** Path parameter values: the given valid one, or a hostile one. */
export function paramValue(valid: string | undefined): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(
    "0",
    "-1",
    String(INT4_MAX),
    String(INT4_MAX + 1),
    "9999999999999999999999",
    "1e3",
    "1.5",
    "abc",
    "%00",
    "1%00",
    "%E0%A4%A",
    "not-a-uuid",
    encodeURIComponent("\u0000"),
    "x".repeat(300),
  );
  return valid ? fc.oneof({ arbitrary: fc.constant(valid), weight: 3 }, hostile) : hostile;
}

/** Percent-encoding that also takes lone surrogates (as their UTF-8 replacement bytes). */
function encodeUri(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

/** A query string for `schema`, hostile values URL-encoded (NUL becomes %00). */
export function queryFor(schema: JsonSchema): fc.Arbitrary<string> {
  return objectFor(schema).map((q) =>
    Object.entries(q)
      .filter(([k]) => k !== "__proto__")
      .map(([k, v]) => {
        const text = typeof v === "string" ? v : toJson(v);
        return `${encodeUri(k)}=${encodeUri(text.slice(0, 8000))}`;
      })
      .join("&"),
  );
}

export interface RawBody {
  contentType?: string;
  payload: string | Buffer;
}

/** A multipart body; `fields`/`files` as given, the framing optionally broken. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[],
  breakage: "none" | "noBoundary" | "wrongBoundary" | "truncated" | "garbage" | "empty",
): RawBody {
  const boundary = `----fuzz${randomUUID().slice(0, 8)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  switch (breakage) {
    case "noBoundary":
      contentType = "multipart/form-data";
      break;
    case "wrongBoundary":
      contentType = "multipart/form-data; boundary=----not-the-one";
      break;
    case "truncated":
      payload = payload.subarray(0, Math.max(1, Math.floor(payload.length * 0.6)));
      break;
    case "garbage":
      payload = Buffer.from(`--${boundary}\r\nthis is not a header\r\n\r\n\u0000\u0000`);
      break;
    case "empty":
      payload = Buffer.alloc(0);
      break;
  }
  return { contentType, payload };
}

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** Multipart requests as a hostile client builds them, fields taken from `schema`. */
export function multipartFor(schema: JsonSchema): fc.Arbitrary<RawBody> {
  const textOf = (v: unknown) => (typeof v === "string" ? v : toJson(v));
  return fc
    .tuple(
      objectFor(schema),
      fc.constantFrom(
        "none",
        "none",
        "noBoundary",
        "wrongBoundary",
        "truncated",
        "garbage",
        "empty",
      ) as fc.Arbitrary<Parameters<typeof multipartBody>[2]>,
      fc.constantFrom(
        "pic.png",
        "a\u0000b.png",
        "\u0000",
        "",
        "x".repeat(5000) + ".png",
        "../../etc/passwd",
      ),
      fc.constantFrom("file", "medias", "media", "\u0000"),
      fc.constantFrom(0, 1, 1, 1, 12),
      fc.constantFrom(0, 0, 0, 60),
    )
    .map(([obj, breakage, filename, field, fileCount, extraFields]) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(obj)) fields[k] = textOf(v).slice(0, 200_000);
      for (let i = 0; i < extraFields; i++) fields[`f${i}`] = "v";
      const files = Array.from({ length: fileCount }, () => ({
        field,
        filename,
        type: "image/png",
        data: png,
      }));
      return multipartBody(fields, files, breakage);
    });
}

/** A JSON body for `schema`, or something that is not the object it expects. */
export function jsonBodyFor(
  schema: JsonSchema,
  known: Record<string, unknown> = {},
): fc.Arbitrary<RawBody> {
  const json = (v: unknown): RawBody => ({ contentType: "application/json", payload: toJson(v) });
  return fc.oneof(
    { arbitrary: objectFor(schema).map(json), weight: 5 },
    { arbitrary: oneFieldBroken(schema, known).map(json), weight: 5 },
    { arbitrary: deep.map(json), weight: 1 },
    {
      arbitrary: fc
        .constantFrom<unknown>("text", 42, null, [], [1, 2], true, { [HUGE.slice(0, 1000)]: 1 })
        .map(json),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<RawBody>(
        { contentType: "application/json", payload: '{"a": ' },
        { contentType: "application/json", payload: '{"a":"\\u0000"}' },
        { contentType: "application/json", payload: "[".repeat(100_000) },
        { contentType: "application/json", payload: '{"__proto__":{"x":1}}' },
        { contentType: "text/plain", payload: "hello\u0000" },
        { contentType: "application/x-www-form-urlencoded", payload: "a=%00" },
        { contentType: "application/json; charset=utf-16", payload: "{}" },
      ),
      weight: 1,
    },
  );
}
