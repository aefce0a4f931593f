import { describe, expect, it } from "vitest";
import { SingleFlight } from "./single-flight.js";

/** A computation the test settles by hand, counting how often it was started. */
function gate() {
  let started = 0;
  let settle: (value: string | Error) => void = () => undefined;
  const compute = () => {
    started++;
    return new Promise<string>((resolve, reject) => {
      settle = (value) => (value instanceof Error ? reject(value) : resolve(value));
    });
  };
  return { compute, settle: (v: string | Error) => settle(v), started: () => started };
}

describe("SingleFlight", () => {
  it("gives calls for one key made while it runs the same answer, computed once", async () => {
    const flight = new SingleFlight<string>();
    const g = gate();
    const calls = [flight.run("a", g.compute), flight.run("a", g.compute)];
    g.settle("answer");
    expect(await Promise.all(calls)).toEqual(["answer", "answer"]);
    expect(g.started()).toBe(1);
  });

  it("keeps nothing once settled: the next call computes again", async () => {
    const flight = new SingleFlight<string>();
    const g = gate();
    const first = flight.run("a", g.compute);
    g.settle("old");
    await first;
    const second = flight.run("a", g.compute);
    g.settle("new");
    expect(await second).toBe("new");
    expect(g.started()).toBe(2);
  });

  it("keeps keys apart and does not keep a failure", async () => {
    const flight = new SingleFlight<string>();
    const a = gate();
    const b = gate();
    const ra = flight.run("a", a.compute);
    const rb = flight.run("b", b.compute);
    a.settle(new Error("down"));
    b.settle("b's");
    await expect(ra).rejects.toThrow("down");
    expect(await rb).toBe("b's");
    const again = flight.run("a", a.compute);
    a.settle("recovered");
    expect(await again).toBe("recovered");
  });
});
