// Sums the JSON reports of every suite. Flaky tests (passed only on a retry), skipped tests and
// how the server suite is counted go on the lines before the last; the last line is exactly
// "N passed, N failed". A flaky test is counted neither passed nor failed: it is listed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, failedStepCount, failedSteps] = process.argv.slice(2);
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};
const rel = (file) => path.relative(process.cwd(), file);

let passed = 0;
let failed = 0;
const failures = [];
const flaky = [];
const skipped = [];
const serverCounts = [];

/** A Vitest JSON report (+ the flaky reporter's list): one line, and its tests into the lists. */
function vitestSuite(label, report, flakyReport, database) {
  if (!report) {
    console.log(`${label}: no report`);
    failed += 1;
    failures.push(`${label}: no report`);
    return;
  }
  const flakyIds = new Set();
  for (const t of flakyReport?.flaky ?? []) {
    flakyIds.add(`${t.file} > ${t.fullName}`);
    flaky.push(`${label}: ${t.file} > ${t.fullName} (passed after ${t.retries} retries)`);
  }
  let p = 0;
  let f = 0;
  let s = 0;
  let server = 0;
  for (const file of report.testResults) {
    const name = rel(file.name);
    if (name.startsWith("apps/server/")) server += file.assertionResults.length;
    const failedHere = file.assertionResults.filter((t) => t.status === "failed").length;
    // A file that failed outside any test (import error, failing hook) is one failure.
    if (file.status === "failed" && failedHere === 0) {
      f += 1;
      failures.push(`${label}: ${name}: ${file.message || "the file failed to run"}`);
    }
    for (const t of file.assertionResults) {
      const id = `${name} > ${t.fullName}`;
      if (t.status === "passed") {
        if (!flakyIds.has(id)) p += 1;
      } else if (t.status === "failed") {
        f += 1;
        failures.push(`${label}: ${id}`);
      } else {
        s += 1;
        skipped.push(`${label}: ${id}`);
      }
    }
  }
  passed += p;
  failed += f;
  if (database) serverCounts.push(`${database} ${server}`);
  console.log(`${label}: ${p} passed, ${f} failed, ${s} skipped, ${flakyIds.size} flaky`);
}

/** Playwright's JSON report: tests whose status is "flaky" passed only on a retry. */
function e2eSuite(report) {
  if (!report) {
    console.log("e2e: no report");
    failed += 1;
    failures.push("e2e: no report");
    return;
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const id = `e2e: ${spec.file} › ${spec.title}`;
        if (test.status === "flaky")
          flaky.push(`${id} (passed on retry ${test.results.length - 1})`);
        else if (test.status === "unexpected") failures.push(id);
        else if (test.status === "skipped") skipped.push(id);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const s = report.stats;
  passed += s.expected;
  failed += s.unexpected;
  // Errors outside any test (a failing webServer, global setup) are a failure too.
  if ((report.errors ?? []).length > 0 && s.unexpected === 0) {
    failed += 1;
    failures.push(`e2e: ${report.errors[0].message ?? "error outside the tests"}`);
  }
  console.log(
    `e2e: ${s.expected} passed, ${s.unexpected} failed, ${s.skipped} skipped, ${s.flaky ?? 0} flaky`,
  );
}

vitestSuite("tests (PGlite)", read("pglite.json"), read("pglite-flaky.json"), "PGlite");
vitestSuite(
  "tests (PostgreSQL + Redis)",
  read("postgres.json"),
  read("postgres-flaky.json"),
  "PostgreSQL",
);
e2eSuite(read("e2e.json"));

const list = (title, items) => {
  console.log(`${title}: ${items.length}`);
  for (const item of items) console.log(`  - ${item}`);
};
list("failed tests", failures);
list("flaky tests (passed only on a retry; counted neither passed nor failed)", flaky);
list("skipped tests", skipped);
console.log(
  `server suite counted once per database: ${serverCounts.join(", ")} (shared, web, widget and e2e once)`,
);
const stepFailures = Number(failedStepCount || 0);
if (stepFailures > 0) console.log(`failed steps: ${failedSteps}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stepFailures > 0 ? 1 : 0);
