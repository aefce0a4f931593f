// Vitest reporter for CI: lists the tests that passed only after a retry (Vitest's JSON report
// counts them as plain passes). Writes { flaky: [{ file, fullName, retries }] } to the file
// FLAKY_JSON; fullName is spelled as in the JSON report (suite and test titles joined by " ").
import { writeFileSync } from "node:fs";
import path from "node:path";

export default class FlakyReporter {
  constructor() {
    this.file = process.env.FLAKY_JSON;
    this.flaky = [];
  }

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === "passed") {
      const titles = [];
      for (let node = testCase; node && node.type !== "module"; node = node.parent) {
        titles.unshift(node.name);
      }
      const file = path.relative(process.cwd(), testCase.module.moduleId);
      this.flaky.push({ file, fullName: titles.join(" "), retries });
    }
  }

  onTestRunEnd() {
    if (this.file) writeFileSync(this.file, JSON.stringify({ flaky: this.flaky }, null, 2));
  }
}
