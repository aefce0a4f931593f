import { describe, expect, it } from "vitest";
import { i18n } from "../../../app/i18n";
import { formatDuration, hourLabels, splitMinutes, toHourBuckets } from "./dashboardFormat";

const pt = i18n.getFixedT("pt", "dashboard");

describe("dashboard durations (hours and minutes)", () => {
  it.each([
    [65, "1h 05min"],
    [12, "12min"],
    [0, "0min"],
    [59.6, "1h 00min"],
    [64.4, "1h 04min"],
    [125.5, "2h 06min"],
    [600, "10h 00min"],
    [1.2, "1min"],
  ])("shows %s minutes as '%s'", (minutes, text) => {
    expect(formatDuration(minutes, pt)).toBe(text);
  });

  it("never shows a negative or broken value", () => {
    expect(splitMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(splitMinutes(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
    expect(formatDuration(Number.NaN, pt)).toBe("0min");
  });
});

describe("tickets per hour buckets", () => {
  it("labels 24 buckets from 01:00 to 23:00, then 00:00", () => {
    const labels = hourLabels();
    expect(labels).toHaveLength(24);
    expect(labels[0]).toBe("01:00");
    expect(labels[8]).toBe("09:00");
    expect(labels[22]).toBe("23:00");
    expect(labels[23]).toBe("00:00");
    expect(new Set(labels).size).toBe(24);
  });

  it("pairs each count of ticketsByHour with its hour, in the server's order", () => {
    const counts = Array.from({ length: 24 }, (_, index) => index * 2);
    const buckets = toHourBuckets(counts);
    expect(buckets[0]).toEqual({ hour: "01:00", tickets: 0 });
    expect(buckets[1]).toEqual({ hour: "02:00", tickets: 2 });
    expect(buckets[22]).toEqual({ hour: "23:00", tickets: 44 });
    expect(buckets[23]).toEqual({ hour: "00:00", tickets: 46 });
  });

  it("counts missing hours as zero", () => {
    const buckets = toHourBuckets([3]);
    expect(buckets).toHaveLength(24);
    expect(buckets.map((b) => b.tickets)).toEqual([3, ...Array<number>(23).fill(0)]);
    expect(toHourBuckets(undefined).every((b) => b.tickets === 0)).toBe(true);
  });
});
