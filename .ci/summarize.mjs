// Sums the JSON reports of every suite into one closing line: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, failedStepCount, failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};

for (const name of ["pglite.json", "postgres.json"]) {
  const report = read(name);
  if (!report) {
    console.log(`${name}: no report`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

const e2e = read("e2e.json");
if (!e2e) {
  console.log("e2e.json: no report");
  failed += 1;
} else {
  const s = e2e.stats;
  // "flaky" tests passed on retry.
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`e2e.json: ${s.expected + (s.flaky ?? 0)} passed, ${s.unexpected} failed`);
}

const stepFailures = Number(failedStepCount || 0);
if (stepFailures > 0) console.log(`failed steps: ${failedSteps}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || stepFailures > 0 ? 1 : 0);
