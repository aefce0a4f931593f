import { describe, expect, it } from "vitest";
import { apiSendSchema } from "./messagesApi.js";

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
