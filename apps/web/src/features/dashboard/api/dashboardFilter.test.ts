import { describe, expect, it } from "vitest";
import {
  checkFilter,
  defaultFilter,
  PERIOD_OPTIONS,
  switchMode,
  type DashboardFilterValues,
} from "./dashboardFilter";

const byDate = (dateFrom: string, dateTo: string): DashboardFilterValues => ({
  mode: "date",
  dateFrom,
  dateTo,
  days: "",
});

describe("dashboard filter rules (agent-core §5)", () => {
  it("starts by date, from the first day of the month through today, without a period", () => {
    expect(defaultFilter(new Date(2026, 2, 15, 18, 30))).toEqual({
      mode: "date",
      dateFrom: "2026-03-01",
      dateTo: "2026-03-15",
      days: "",
    });
    expect(defaultFilter(new Date(2026, 0, 1, 0, 5))).toEqual(byDate("2026-01-01", "2026-01-01"));
  });

  it("offers the periods 3, 7, 15, 30, 60 and 90 days", () => {
    expect([...PERIOD_OPTIONS]).toEqual([3, 7, 15, 30, 60, 90]);
  });

  it("clears the dates when switching to period, and resets the period when switching back", () => {
    const toPeriod = switchMode(byDate("2026-03-01", "2026-03-15"), "period");
    expect(toPeriod).toEqual({ mode: "period", dateFrom: "", dateTo: "", days: "" });
    const withDays = { ...toPeriod, days: "30" };
    expect(switchMode(withDays, "date")).toEqual({ ...byDate("", ""), days: "" });
    // Choosing the mode already selected changes nothing.
    expect(switchMode(withDays, "period")).toBe(withDays);
  });

  it("asks to set up the filter when nothing is set", () => {
    expect(checkFilter(byDate("", ""))).toEqual({ ok: false, reason: "required" });
    expect(checkFilter({ mode: "period", dateFrom: "", dateTo: "", days: "" })).toEqual({
      ok: false,
      reason: "required",
    });
    // Dates left over from before do not count in period mode.
    expect(checkFilter({ mode: "period", dateFrom: "2026-03-01", dateTo: "", days: "" })).toEqual({
      ok: false,
      reason: "required",
    });
  });

  it("refuses impossible dates and a start after the end", () => {
    expect(checkFilter(byDate("2024-02-30", ""))).toEqual({
      ok: false,
      reason: "invalidDate",
      field: "dateFrom",
    });
    expect(checkFilter(byDate("2026-03-01", "2026-13-01"))).toEqual({
      ok: false,
      reason: "invalidDate",
      field: "dateTo",
    });
    expect(checkFilter(byDate("2026-03-10", "2026-03-01"))).toEqual({
      ok: false,
      reason: "startAfterEnd",
      field: "dateTo",
    });
  });

  it("builds the GET /dashboard query", () => {
    expect(checkFilter(byDate("2026-03-01", "2026-03-15"))).toEqual({
      ok: true,
      query: { date_from: "2026-03-01", date_to: "2026-03-15" },
    });
    expect(checkFilter(byDate("", "2026-03-15"))).toEqual({
      ok: true,
      query: { date_to: "2026-03-15" },
    });
    expect(checkFilter({ mode: "period", dateFrom: "", dateTo: "", days: "7" })).toEqual({
      ok: true,
      query: { days: 7 },
    });
  });
});
