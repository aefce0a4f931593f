import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  // Same root whether run as a project of the root config or with --config from anywhere.
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom renders of whole screens are slow on a loaded 2-core CI machine (form tests that
    // type into MUI fields took over 20 s at a load average of 15–20); a timeout is not an
    // assertion, so it is generous.
    testTimeout: 60_000,
  },
});
