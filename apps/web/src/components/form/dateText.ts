import { format, isValid, parse } from "date-fns";

/**
 * Dates typed and shown in the app's language, whatever the browser's locale: dd/MM/yyyy in
 * Portuguese and Spanish, MM/dd/yyyy in English. Values travel as ISO calendar days
 * (YYYY-MM-DD); a text that is not a whole valid date travels as typed, so validation says so.
 */
export function datePattern(language: string): string {
  return language.startsWith("en") ? "MM/dd/yyyy" : "dd/MM/yyyy";
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Digits only, slashes after the day and the month (##/##/####). */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  return parts.join("/");
}

/** The ISO day of a typed text; '' for an empty one; the text itself when it is no date. */
export function textToValue(text: string, language: string): string {
  if (!text.trim()) return "";
  if (text.length !== 10) return text;
  const date = parse(text, datePattern(language), new Date(2000, 0, 1));
  if (!isValid(date) || date.getFullYear() < 1900) return text;
  return format(date, "yyyy-MM-dd");
}

/** What the field shows for a value: an ISO day in the language's format, anything else as is. */
export function valueToText(value: string, language: string): string {
  if (!ISO_DAY.test(value)) return value;
  const date = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(date) ? format(date, datePattern(language)) : value;
}

/** The Date of an ISO day, or null. */
export function isoToDate(value: string): Date | null {
  if (!ISO_DAY.test(value)) return null;
  const date = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}
