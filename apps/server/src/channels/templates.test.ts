import { describe, expect, it } from "vitest";
import { WEEKDAYS, type WorkingHoursEntry } from "@atrium/shared";
import { greetingForHour, isOutOfHours, renderTemplate } from "./templates.js";

const contact = { name: "Maria", number: "5511988887777", email: "maria@example.com" };

describe("renderTemplate", () => {
  it("fills every variable, whatever its case", () => {
    const text = "{saudacao}, {nome}! Número {numero}, e-mail {EMAIL}, protocolo {protocolo}.";
    const at = new Date(2026, 10, 21, 9, 30);
    expect(renderTemplate(text, { contact, protocol: 42, now: at })).toBe(
      "Bom dia, Maria! Número 5511988887777, e-mail maria@example.com, protocolo 42.",
    );
  });

  it("leaves unknown braces alone", () => {
    expect(renderTemplate("{desconhecido} {nome}", { contact })).toBe("{desconhecido} Maria");
  });

  it("greets by the hour", () => {
    expect([4, 5, 11, 12, 17, 18, 23].map(greetingForHour)).toEqual([
      "Boa noite",
      "Bom dia",
      "Bom dia",
      "Boa tarde",
      "Boa tarde",
      "Boa noite",
      "Boa noite",
    ]);
  });
});

describe("isOutOfHours", () => {
  const hours = (start: string, end: string, closedDays: string[] = []): WorkingHoursEntry[] =>
    WEEKDAYS.map((d) => ({
      ...d,
      startTime: closedDays.includes(d.weekdayEn) ? "" : start,
      endTime: closedDays.includes(d.weekdayEn) ? "" : end,
    }));
  // 2026-11-23 is a Monday.
  const monday = (h: number, m = 0) => new Date(2026, 10, 23, h, m);

  it("is never out of hours when no hours were configured", () => {
    expect(isOutOfHours(hours("", ""), monday(3))).toBe(false);
  });

  it("is open from the start minute up to (not including) the end minute", () => {
    const week = hours("08:00", "18:00");
    expect(isOutOfHours(week, monday(7, 59))).toBe(true);
    expect(isOutOfHours(week, monday(8, 0))).toBe(false);
    expect(isOutOfHours(week, monday(17, 59))).toBe(false);
    expect(isOutOfHours(week, monday(18, 0))).toBe(true);
  });

  it("a day left empty in configured hours is closed", () => {
    const week = hours("08:00", "18:00", ["sunday"]);
    const sunday = new Date(2026, 10, 22, 10, 0);
    expect(isOutOfHours(week, sunday)).toBe(true);
  });
});
