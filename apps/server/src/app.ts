import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyJwt from "@fastify/jwt";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from "fastify";
import {
  validatorCompiler,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Server as SocketServer } from "socket.io";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { makeVerifier, registerAuthentication } from "./http/authenticate.js";
import { registerErrorHandling } from "./http/errors.js";
import { registerSpa } from "./http/spa.js";
import { AttemptLimiter } from "./lib/attempts.js";
import type { Logger } from "./lib/logger.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { AuthService } from "./modules/auth/auth.service.js";
import { companiesRoutes } from "./modules/companies/companies.routes.js";
import { queuesRoutes } from "./modules/queues/queues.routes.js";
import { settingsRoutes } from "./modules/settings/settings.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { UsersService } from "./modules/users/users.service.js";
import { createGateway } from "./realtime/gateway.js";
import { Presence } from "./realtime/presence.js";
import { Publisher } from "./realtime/publish.js";

export interface AppLimits {
  /** Login/refresh/signup requests per IP (per node). */
  loginPerIp: { max: number; timeWindow: number };
  /** Failed logins per email before it is blocked for the window. */
  loginPerEmail: AttemptLimiter;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  publisher: Publisher;
  presence: Presence;
  limits: AppLimits;
  services: {
    auth: AuthService;
    users: UsersService;
  };
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger: Logger;
  /** Redis clients for the Socket.IO adapter. */
  redis?: { pub: unknown; sub: unknown };
  /** Folder of the built SPA; absent → API only. */
  webDist?: string;
  limits?: Partial<AppLimits>;
}

export interface BuiltApp {
  app: AppInstance;
  ctx: AppContext;
  io: SocketServer;
}

/** Builds the HTTP API, the realtime gateway and the SPA server; used by main and by tests. */
export async function buildApp(opts: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: opts.config.JWT_SECRET,
    sign: { expiresIn: opts.config.ACCESS_TOKEN_TTL },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  await app.register(fastifyRateLimit, { global: false });
  registerAuthentication(app, opts.database.db);

  const publisher = new Publisher();
  const db = opts.database.db;
  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    db,
    logger: opts.logger,
    publisher,
    presence: new Presence(db, publisher),
    limits: {
      loginPerIp: opts.limits?.loginPerIp ?? { max: 60, timeWindow: 60_000 },
      loginPerEmail: opts.limits?.loginPerEmail ?? new AttemptLimiter(10, 15 * 60_000),
    },
    services: {
      auth: new AuthService(db, publisher, opts.config.REFRESH_TOKEN_TTL_DAYS),
      users: new UsersService(db, publisher),
    },
  };

  await registerSpa(app, opts.webDist);
  for (const routes of [authRoutes, usersRoutes, queuesRoutes, companiesRoutes, settingsRoutes]) {
    await app.register(async (scope) => routes(scope as AppInstance, ctx));
  }
  app.get("/health", { config: { public: true } }, async () => {
    await opts.database.executeSql("select 1");
    return { status: "ok" };
  });

  const io = createGateway(app.server, {
    db,
    verify: makeVerifier(app),
    publisher,
    presence: ctx.presence,
    logger: opts.logger,
    redis: opts.redis,
  });
  app.addHook("onClose", async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return { app: app as unknown as AppInstance, ctx, io };
}
