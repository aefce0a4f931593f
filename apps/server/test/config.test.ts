import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv } from "../src/config.js";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "atrium-config-"));

/** The ConfigError thrown for `env`, or a failure if none is. */
function configError(env: Record<string, string>): ConfigError {
  try {
    parseEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("parseEnv accepted the environment");
}

describe("parseEnv: each bad value is named on its own line", () => {
  const cases: [string, string][] = [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://x"],
    ["PGLITE_SHARED_BUFFERS", "lots"],
    ["PGLITE_SHARED_BUFFERS", "0MB"],
    ["ADMIN_EMAIL", "bad"],
    ["JWT_SECRET", "too-short"],
    ["JWT_REFRESH_SECRET", "too-short"],
    ["PUBLIC_URL", "not a url"],
    ["ADMIN_PASSWORD", "1234"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "10.0.0.1, proxy.example.com"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["ALLOWED_ORIGINS", "desk.example.com"],
    ["ALLOWED_ORIGINS", "https://ok.example, ftp://files.example"],
  ];
  for (const [name, value] of cases) {
    it(`${name}=${value}`, () => {
      const lines = configError({ [name]: value }).message.split("\n");
      const named = lines.filter((l) => new RegExp(`^\\s*- ${name}: `).test(l));
      expect(named).toHaveLength(1);
      expect(named[0]!.slice(named[0]!.indexOf(":") + 1)).toMatch(/\S/);
    });
  }

  it("several bad values give one line each", () => {
    const err = configError({
      PORT: "abc",
      DATABASE_URL: "mysql://x",
      REDIS_URL: "http://x",
      ADMIN_EMAIL: "bad",
      JWT_SECRET: "short",
    });
    const lines = err.message.split("\n").filter((l) => /^\s*- /.test(l));
    expect(lines.map((l) => l.trim().split(":")[0])).toEqual([
      "- PORT",
      "- DATABASE_URL",
      "- REDIS_URL",
      "- JWT_SECRET",
      "- ADMIN_EMAIL",
    ]);
    expect(err.message).toContain("DATABASE_URL must start with postgres:// or postgresql://");
    expect(err.message).toContain("REDIS_URL must start with redis:// or rediss://");
  });

  it("accepts good values", () => {
    const env = parseEnv({
      PORT: "3000",
      DATABASE_URL: "postgresql://u:p@db:5432/atrium",
      REDIS_URL: "rediss://cache:6380",
      PGLITE_SHARED_BUFFERS: "64MB",
      ADMIN_EMAIL: "root@example.com",
      JWT_SECRET: "x".repeat(32),
    });
    expect(env).toMatchObject({
      PGLITE_SHARED_BUFFERS: "64MB",
      PORT: 3000,
      DATABASE_URL: "postgresql://u:p@db:5432/atrium",
      REDIS_URL: "rediss://cache:6380",
      ADMIN_EMAIL: "root@example.com",
    });
  });
});

describe("defaults", () => {
  it("an empty environment runs a single embedded node", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 8080,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      ADMIN_EMAIL: "admin@admin.com",
      LOG_LEVEL: "info",
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL_DAYS: 7,
    });
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("TRUST_PROXY is off unless set: true, a hop count, or proxy addresses and ranges", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(
      parseEnv({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12,fd00::/8, loopback" }).TRUST_PROXY,
    ).toEqual(["10.0.0.1", "172.16.0.0/12", "fd00::/8", "loopback"]);
  });

  it("ALLOWED_ORIGINS keeps the origins of the URLs given", () => {
    expect(parseEnv({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      parseEnv({ ALLOWED_ORIGINS: "https://desk.example.com/, http://localhost:5173" })
        .ALLOWED_ORIGINS,
    ).toEqual(["https://desk.example.com", "http://localhost:5173"]);
  });

  it("empty variables (as .env files and compose leave them) count as unset", () => {
    const env = parseEnv({
      PORT: "",
      HOST: "",
      PUBLIC_URL: "",
      DATABASE_URL: "",
      REDIS_URL: " ",
      JWT_SECRET: "",
      ADMIN_PASSWORD: "",
      ADMIN_EMAIL: "",
    });
    expect(env).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", ADMIN_EMAIL: "admin@admin.com" });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("loadConfig: PUBLIC_URL defaults to http://localhost:PORT; DATA_DIR is made absolute", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: path.relative(process.cwd(), dir) });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe("http://localhost:8080");
    expect(config.DATA_DIR).toBe(dir);
    expect(loadConfig({ DATA_DIR: dir, PORT: "9090" }).PUBLIC_URL).toBe("http://localhost:9090");
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://help.example.com/" }).PUBLIC_URL).toBe(
      "https://help.example.com",
    );
  });

  it("loadConfig: absent JWT secrets are generated once and kept in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.JWT_REFRESH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.JWT_SECRET).not.toBe(first.JWT_REFRESH_SECRET);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(again.JWT_REFRESH_SECRET).toBe(first.JWT_REFRESH_SECRET);
    expect(readdirSync(dir).sort()).toEqual([".jwt_refresh_secret", ".jwt_secret"]);

    const given = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: "s".repeat(40) });
    expect(given.JWT_SECRET).toBe("s".repeat(40));
  });

  it("loadConfig reports bad values as a ConfigError", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "abc" })).toThrow(ConfigError);
  });
});
