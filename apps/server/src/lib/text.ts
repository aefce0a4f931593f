/**
 * Text that PostgreSQL cannot store. A NUL character (U+0000) is refused by `text` and `jsonb`
 * columns, and a lone UTF-16 surrogate by `jsonb`: clients get a 400 before that (see
 * http/input.ts); provider text is cleaned instead, because a customer's message is never
 * refused for what their phone put in it.
 */

const NUL = "\u0000";
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!value || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Where the first NUL is in what a client sent (string values and object keys), as a field path
 * like "extraInfo.0.value"; null when there is none. Iterative: a deep body cannot overflow it.
 */
export function findNul(value: unknown, root = ""): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) return path || "_";
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return at;
        stack.push([item, at]);
      }
    }
  }
  return null;
}

/** A string without NUL characters. */
export const withoutNul = (text: string): string =>
  text.includes(NUL) ? text.replaceAll(NUL, "") : text;

/** Whether a string value or key of the value's plain objects and arrays holds a NUL. */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (isPlainObject(current)) {
      for (const key in current) {
        if (key.includes(NUL)) return true;
        stack.push(current[key]);
      }
    }
  }
  return false;
}

/**
 * The value with NUL removed from every string (and key) of its plain objects and arrays;
 * anything else (Buffers, class instances) is returned as it is. Without any NUL (nearly
 * always) the value itself is returned, not a copy: callers never change what they get.
 */
export function stripNul<T>(value: T): T {
  if (typeof value === "string") return withoutNul(value) as T;
  return holdsNul(value) ? copyWithoutNul(value) : value;
}

function copyWithoutNul<T>(value: T): T {
  if (typeof value === "string") return withoutNul(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => copyWithoutNul(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutNul(key), copyWithoutNul(item)]),
    ) as T;
  }
  return value;
}

/**
 * A provider's raw payload made storable as jsonb: through JSON (class instances become what
 * their toJSON says), with NUL dropped and lone surrogates replaced in every string.
 */
export function storableJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  try {
    const text = JSON.stringify(value, (_key, item: unknown) =>
      typeof item === "string" ? withoutNul(item).replace(LONE_SURROGATE, "\ufffd") : item,
    );
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch {
    // Cycles or BigInts: the raw payload is kept for diagnosis only, the message is stored.
    return null;
  }
}
