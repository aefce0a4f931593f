import { describe, expect, it } from "vitest";
import { apiSendSchema, normalizeApiNumber } from "./messagesApi.js";

describe("messages API number", () => {
  it.each([
    ["5511999999999", "5511999999999"],
    ["+55 (11) 99999-9999", "5511999999999"],
    ["55.11.9999.9999", "551199999999"],
  ])("%s → %s", (raw, digits) => {
    expect(normalizeApiNumber(raw)).toBe(digits);
  });

  it.each(["", "abc", "551199999999a", "123456789", "1234567890123456", "55 11 9999/9999"])(
    "refuses %j",
    (raw) => {
      expect(normalizeApiNumber(raw)).toBeNull();
    },
  );
});

describe("messages API body", () => {
  it("reads ticket as 0/1 and queue as an id, from JSON or form fields", () => {
    expect(apiSendSchema.parse({ number: 5511999999999, body: "x" })).toEqual({
      number: "5511999999999",
      body: "x",
      ticket: false,
      queue: undefined,
    });
    expect(apiSendSchema.parse({ number: "1", ticket: "1", queue: "7" })).toMatchObject({
      body: "",
      ticket: true,
      queue: 7,
    });
    expect(apiSendSchema.safeParse({ number: "1", queue: "abc" }).success).toBe(false);
  });
});
