/**
 * An answer whose JSON is already written (by PostgreSQL: ticketJson), sent as it is instead
 * of parsed and written again. `T` says what the text holds, for the reader and the types.
 */
export class JsonText<T = unknown> {
  declare readonly holds?: T;
  constructor(readonly text: string) {}
}

/** Fastify's reply serializer: a JsonText as it is, anything else as JSON.stringify writes it. */
export function serializeReply(payload: unknown): string {
  return payload instanceof JsonText ? payload.text : JSON.stringify(payload);
}

/**
 * `{"<key>":[items…],…rest}` from the items' JSON texts: a list page whose items PostgreSQL
 * wrote, with the page's other fields (count, hasMore) written here.
 */
export function listJson<T>(
  key: string,
  items: string[],
  rest: Record<string, unknown>,
): JsonText<T> {
  let text = `{${JSON.stringify(key)}:[${items.join(",")}]`;
  for (const [name, value] of Object.entries(rest))
    text += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  return new JsonText<T>(`${text}}`);
}
