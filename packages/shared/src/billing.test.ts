import { describe, expect, it } from "vitest";
import {
  addMonths,
  companyRowState,
  daysBetween,
  isBeyondGrace,
  isIsoDate,
  isOverdue,
  nextDueDate,
  todayIso,
} from "./billing.js";

describe("addMonths and '+ Vencimento'", () => {
  it("clamps to the last day of shorter months", () => {
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-03-31", 1)).toBe("2025-04-30");
    expect(addMonths("2025-12-15", 1)).toBe("2026-01-15");
    expect(addMonths("2025-03-31", -1)).toBe("2025-02-28");
  });

  it.each([
    ["MENSAL", "2025-01-31", "2025-02-28"],
    ["MENSAL", "2024-01-30", "2024-02-29"],
    ["BIMESTRAL", "2024-12-31", "2025-02-28"],
    ["BIMESTRAL", "2025-06-30", "2025-08-30"],
    ["TRIMESTRAL", "2025-11-30", "2026-02-28"],
    ["TRIMESTRAL", "2023-11-30", "2024-02-29"],
    ["SEMESTRAL", "2025-08-31", "2026-02-28"],
    ["SEMESTRAL", "2025-12-31", "2026-06-30"],
    ["ANUAL", "2024-02-29", "2025-02-28"],
    ["ANUAL", "2025-05-10", "2026-05-10"],
  ])("%s: %s → %s", (recurrence, due, next) => {
    expect(nextDueDate(due, recurrence)).toBe(next);
  });

  it("does nothing without a due date or a recurrence", () => {
    expect(nextDueDate(null, "MENSAL")).toBeNull();
    expect(nextDueDate("", "MENSAL")).toBe("");
    expect(nextDueDate("2025-01-10", null)).toBe("2025-01-10");
    expect(nextDueDate("2025-01-10", "WEEKLY")).toBe("2025-01-10");
  });
});

describe("dates", () => {
  it("validates calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("01/02/2025")).toBe(false);
  });

  it("counts days across months and years", () => {
    expect(daysBetween("2025-01-31", "2025-03-01")).toBe(29);
    expect(daysBetween("2025-12-31", "2025-12-01")).toBe(-30);
    expect(todayIso(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
  });

  it("is overdue after the due day and blocked after the grace days", () => {
    expect(isOverdue("2025-03-10", "2025-03-10")).toBe(false);
    expect(isOverdue("2025-03-10", "2025-03-11")).toBe(true);
    expect(isOverdue(null, "2025-03-11")).toBe(false);
    expect(isBeyondGrace("2025-03-01", 7, "2025-03-08")).toBe(false);
    expect(isBeyondGrace("2025-03-01", 7, "2025-03-09")).toBe(true);
    expect(isBeyondGrace("2025-03-01", 0, "2025-03-02")).toBe(true);
    expect(isBeyondGrace(null, 0, "2025-03-02")).toBe(false);
  });
});

describe("companyRowState", () => {
  const today = "2025-03-10";
  const due = (dueDate: string | null, recurrence = "MENSAL") => ({
    dueDate,
    recurrence,
    archived: false,
  });

  it("colours by days until the due date", () => {
    expect(companyRowState(due("2025-03-09"), today)).toBe("overdue");
    expect(companyRowState(due("2025-03-10"), today)).toBe("dueSoon");
    expect(companyRowState(due("2025-03-17"), today)).toBe("dueSoon");
    expect(companyRowState(due("2025-03-18"), today)).toBe("dueIn8Days");
    expect(companyRowState(due(null), today)).toBe("none");
  });

  it("is paid recently while the current period is paid, until 8 days before the due date", () => {
    expect(companyRowState(due("2025-03-19"), today)).toBe("paidRecently");
    expect(companyRowState(due("2025-04-10"), today)).toBe("paidRecently");
    // More than one period ahead: not a recent payment of this period.
    expect(companyRowState(due("2025-04-11"), today)).toBe("none");
    expect(companyRowState(due("2025-09-10", "SEMESTRAL"), today)).toBe("paidRecently");
    expect(companyRowState(due("2025-04-10", ""), today)).toBe("none");
  });

  it("archived beats selected, selected beats the due colours", () => {
    expect(companyRowState({ ...due("2025-03-01"), archived: true }, today, true)).toBe("archived");
    expect(companyRowState(due("2025-03-01"), today, true)).toBe("selected");
  });
});
