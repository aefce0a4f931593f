/**
 * Phone numbers typed by people (the web-chat visitor's phone, the messages API's number):
 * country code, area code and number. A mask ('+55 (11) 98888-7777') is tolerated and dropped;
 * a number that starts with its area code in parentheses ('(11) 9888-7777') has no country code
 * and is refused rather than guessed.
 */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

export type PhoneCheck =
  { ok: true; digits: string } | { ok: false; reason: "missingCountryCode" | "invalid" };

export function checkPhoneNumber(raw: string): PhoneCheck {
  const text = raw.trim();
  if (text.startsWith("(")) return { ok: false, reason: "missingCountryCode" };
  const digits = text.replace(/^\+/, "").replace(/[\s\-.()]/g, "");
  if (!/^\d+$/.test(digits)) return { ok: false, reason: "invalid" };
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) {
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, digits };
}

/** The validation text of a refused phone number (translated by the web's validation namespace). */
export const PHONE_ERROR_MESSAGE = "Invalid phone number";
