import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { serverNodeFlags } from "../scripts/server-node-flags.mjs";

/** The server under test: a fresh embedded database per run, a known super admin. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-e2e-123" };
const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-e2e-"));

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  outputDir: "./.artifacts/results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.E2E_JSON
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]]
    : "list",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "pt-BR",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: `node ${serverNodeFlags({}).join(" ")} apps/server/dist/main.js`,
    cwd: "..",
    url: `http://127.0.0.1:${E2E_PORT}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // "test", not "production": the Baileys fake-socket hook refuses to run in production.
      NODE_ENV: "test",
      // WhatsApp sessions use a fake socket driven by POST /test/baileys/:id/{qr,open,close,message}.
      BAILEYS_FAKE: "1",
      // Campaign sends (bulk lane) a fraction of a second apart instead of WhatsApp's 6–15 s.
      BAILEYS_BULK_GAP_MS: "100-300",
      BAILEYS_BULK_PER_MINUTE: "600",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  },
});
