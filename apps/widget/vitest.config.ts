import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  // Same root whether run as a project of the root config or with --config from anywhere.
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "widget",
    environment: "jsdom",
    include: ["src/**/*.test.ts"],
    // The stylesheet is imported as a string (?inline): process it so tests see it.
    css: true,
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
