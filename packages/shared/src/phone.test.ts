import { describe, expect, it } from "vitest";
import { checkPhoneNumber } from "./phone.js";

describe("checkPhoneNumber", () => {
  it.each([
    ["5511999999999", "5511999999999"],
    ["+55 (11) 99999-9999", "5511999999999"],
    ["55.11.9999.9999", "551199999999"],
  ])("%s → %s", (raw, digits) => {
    expect(checkPhoneNumber(raw)).toEqual({ ok: true, digits });
  });

  it.each(["", "abc", "551199999999a", "123456789", "1234567890123456", "55 11 9999/9999"])(
    "refuses %j",
    (raw) => {
      expect(checkPhoneNumber(raw)).toEqual({ ok: false, reason: "invalid" });
    },
  );
});
