import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { hostname } from "node:os";
import path from "node:path";
import { z } from "zod";

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ error: `${what} must be a full URL` }).optional());

/** proxy-addr's names for reserved ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set the client address through X-Forwarded-For. Off by default: the
 * socket's address is the client, so a forged header changes nothing. `true` trusts every
 * peer (only behind a proxy that is the sole way in), a number trusts that many hops, a
 * comma list trusts those proxy addresses / CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (!value || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value) || false;
    const list = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0 && list.length) return list;
    ctx.addIssue({
      code: "custom",
      message: `TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses or CIDR ranges (bad: ${bad.join(", ") || value})`,
    });
    return z.NEVER;
  });

/** Extra browser origins allowed on the agents' realtime socket (comma list of URLs). */
const allowedOriginsSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): string[] => {
    if (!value) return [];
    const origins: string[] = [];
    for (const entry of value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin === "null") {
        ctx.addIssue({
          code: "custom",
          message: `ALLOWED_ORIGINS must be a comma-separated list of http(s) origins, e.g. https://app.example.com (bad: ${entry})`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** "min-max" milliseconds (a random pause between sends is drawn in this range). */
const msRange = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx): [number, number] => {
      const m = /^(\d+)\s*-\s*(\d+)$/.exec(value);
      if (m && Number(m[1]) <= Number(m[2])) return [Number(m[1]), Number(m[2])];
      ctx.addIssue({ code: "custom", message: `${name} must be "min-max" in ms, e.g. 300-1200` });
      return z.NEVER;
    });

const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be at least 1`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int()
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(8080),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl("PUBLIC_URL"),
  TRUST_PROXY: trustProxySchema,
  ALLOWED_ORIGINS: allowedOriginsSchema,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL must start with postgres:// or postgresql://",
    }),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,6}(kB|MB|GB)$/, {
      message: "PGLITE_SHARED_BUFFERS must be a size such as 32MB",
    })
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => !v || /^rediss?:\/\//.test(v), {
      message: "REDIS_URL must start with redis:// or rediss://",
    }),
  INSTANCE_ID: z.string().trim().min(1).optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must have at least 32 characters").optional(),
  JWT_REFRESH_SECRET: z
    .string()
    .min(32, "JWT_REFRESH_SECRET must have at least 32 characters")
    .optional(),
  ADMIN_EMAIL: z
    .email({ error: "ADMIN_EMAIL must be an email address" })
    .default("admin@admin.com"),
  ADMIN_PASSWORD: z
    .string()
    .min(5, "ADMIN_PASSWORD must have at least 5 characters")
    .max(50, "ADMIN_PASSWORD must have at most 50 characters")
    .optional(),
  SMTP_URL: optionalUrl("SMTP_URL"),
  /** WhatsApp's websocket address for Baileys; tests point it at a local endpoint. */
  WA_WEB_SOCKET_URL: optionalUrl("WA_WEB_SOCKET_URL"),
  GRAPH_API_URL: z
    .url({ error: "GRAPH_API_URL must be a full URL" })
    .default("https://graph.facebook.com/v21.0"),
  /** Time limit of one Graph API call. */
  GRAPH_TIMEOUT_MS: positiveInt("GRAPH_TIMEOUT_MS", 15_000),
  META_APP_SECRET: z.string().optional(),
  META_VERIFY_TOKEN: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(7),
  /** Outgoing sends in flight at once on this node (all connections together). */
  OUTBOUND_CONCURRENCY: positiveInt("OUTBOUND_CONCURRENCY", 8),
  /** First back-off of a failing connection, doubled per failure up to OUTBOUND_BACKOFF_MAX_MS. */
  OUTBOUND_BACKOFF_MS: positiveInt("OUTBOUND_BACKOFF_MS", 2000),
  OUTBOUND_BACKOFF_MAX_MS: positiveInt("OUTBOUND_BACKOFF_MAX_MS", 300_000),
  /** A send running longer than this is taken for lost (its node died) and handled again. */
  OUTBOUND_STALE_SECONDS: positiveInt("OUTBOUND_STALE_SECONDS", 120),
  /** Test hook: parallel test servers on one database keep their send lanes apart. */
  OUTBOUND_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "OUTBOUND_QUEUE_PREFIX may use letters, digits, _ and -")
    .default("outbound"),
  /** WhatsApp (Baileys) rate guard per number: agent replies… */
  BAILEYS_REPLY_GAP_MS: msRange("BAILEYS_REPLY_GAP_MS", "300-1200"),
  BAILEYS_REPLY_PER_MINUTE: positiveInt("BAILEYS_REPLY_PER_MINUTE", 30),
  /** …and bulk work (schedules, campaigns). */
  BAILEYS_BULK_GAP_MS: msRange("BAILEYS_BULK_GAP_MS", "6000-15000"),
  BAILEYS_BULK_PER_MINUTE: positiveInt("BAILEYS_BULK_PER_MINUTE", 6),
  /** Browser-test hook: Baileys sessions use a fake socket driven by /test/baileys routes. */
  BAILEYS_FAKE: z
    .enum(["0", "1", "true", "false"], { error: "BAILEYS_FAKE must be 0, 1, true or false" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "JWT_SECRET" | "JWT_REFRESH_SECRET" | "INSTANCE_ID"> {
  PUBLIC_URL: string;
  /** PUBLIC_URL was configured (not derived from PORT): it may be handed to clients. */
  publicUrlSet: boolean;
  INSTANCE_ID: string;
  JWT_SECRET: string;
  JWT_REFRESH_SECRET: string;
}

export class ConfigError extends Error {}

/** Validates the environment; each bad variable gets its own line in the message. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  // An empty variable (`JWT_SECRET=` in a .env file, `${VAR}` of compose) means unset, so it
  // takes the default rather than failing or, for PORT, becoming 0.
  const set = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const result = envSchema
    .refine((env) => !(env.BAILEYS_FAKE && env.NODE_ENV === "production"), {
      message: "BAILEYS_FAKE is a test hook and cannot be used with NODE_ENV=production",
      path: ["BAILEYS_FAKE"],
    })
    .safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Secrets absent from the environment are generated once and kept in DATA_DIR. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name.toLowerCase()}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...parsed,
    DATA_DIR: dataDir,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    publicUrlSet: Boolean(parsed.PUBLIC_URL),
    INSTANCE_ID: parsed.INSTANCE_ID ?? hostname(),
    JWT_SECRET: parsed.JWT_SECRET ?? persistentSecret(dataDir, "JWT_SECRET"),
    JWT_REFRESH_SECRET:
      parsed.JWT_REFRESH_SECRET ?? persistentSecret(dataDir, "JWT_REFRESH_SECRET"),
  };
}
