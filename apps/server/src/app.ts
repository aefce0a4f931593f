import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyJwt from "@fastify/jwt";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from "fastify";
import {
  validatorCompiler,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Namespace, Server as SocketServer } from "socket.io";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { makeVerifier, registerAuthentication } from "./http/authenticate.js";
import { frameworkErrorHandler, registerErrorHandling } from "./http/errors.js";
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
import path from "node:path";
import { GreetingStep } from "./channels/bot.js";
import { ChannelRegistry } from "./channels/channel.js";
import { InboundPipeline } from "./channels/inbound.js";
import { Outbound } from "./channels/outbound.js";
import { WebChatAdapter } from "./channels/webchat/webchat.adapter.js";
import { attachVisitorNamespace } from "./channels/webchat/webchat.gateway.js";
import { webchatRoutes } from "./channels/webchat/webchat.routes.js";
import { WebChatService, type VisitorClaims } from "./channels/webchat/webchat.service.js";
import { Jobs } from "./jobs/jobs.js";
import { FileSigner, LocalStorage } from "./lib/storage.js";
import { connectionsRoutes } from "./modules/connections/connections.routes.js";
import { ConnectionsService } from "./modules/connections/connections.service.js";
import { contactsRoutes } from "./modules/contacts/contacts.routes.js";
import { ContactsService } from "./modules/contacts/contacts.service.js";
import { filesRoutes } from "./modules/files/files.routes.js";
import { FilesService } from "./modules/files/files.service.js";
import { messagesRoutes } from "./modules/messages/messages.routes.js";
import { MessagesService } from "./modules/messages/messages.service.js";
import { notesRoutes } from "./modules/notes/notes.routes.js";
import { QueuesService } from "./modules/queues/queues.service.js";
import { quickMessagesRoutes } from "./modules/quick-messages/quick-messages.routes.js";
import { tagsRoutes } from "./modules/tags/tags.routes.js";
import { TagsService } from "./modules/tags/tags.service.js";
import { ticketsRoutes } from "./modules/tickets/tickets.routes.js";
import { TicketsService } from "./modules/tickets/tickets.service.js";
import { chatsRoutes } from "./modules/chats/chats.routes.js";
import { ChatsService } from "./modules/chats/chats.service.js";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.js";
import { DashboardService } from "./modules/dashboard/dashboard.service.js";
import { announcementsRoutes } from "./modules/announcements/announcements.routes.js";
import { AnnouncementsService } from "./modules/announcements/announcements.service.js";
import { CompaniesService } from "./modules/companies/companies.service.js";
import { ContactsTransfer } from "./modules/contacts/contacts.transfer.js";
import { helpsRoutes } from "./modules/helps/helps.routes.js";
import { HelpsService } from "./modules/helps/helps.service.js";
import { queueOptionsRoutes } from "./modules/queue-options/queue-options.routes.js";
import { QueueOptionsService } from "./modules/queue-options/queue-options.service.js";
import { QuickMessagesService } from "./modules/quick-messages/quick-messages.service.js";
import { ScheduleSender } from "./modules/schedules/schedule-sender.js";
import { schedulesRoutes } from "./modules/schedules/schedules.routes.js";
import { SchedulesService } from "./modules/schedules/schedules.service.js";
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
  jobs: Jobs;
  channels: ChannelRegistry;
  inbound: InboundPipeline;
  outbound: Outbound;
  services: {
    auth: AuthService;
    users: UsersService;
    files: FilesService;
    contacts: ContactsService;
    tags: TagsService;
    queues: QueuesService;
    tickets: TicketsService;
    messages: MessagesService;
    connections: ConnectionsService;
    webchat: WebChatService;
    companies: CompaniesService;
    contactsTransfer: ContactsTransfer;
    queueOptions: QueueOptionsService;
    quickMessages: QuickMessagesService;
    schedules: SchedulesService;
    announcements: AnnouncementsService;
    helps: HelpsService;
    dashboard: DashboardService;
    chats: ChatsService;
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
  /** Folder of the built web-chat widget (widget.js). */
  widgetDist?: string;
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
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
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
  const files = new FilesService(
    db,
    new LocalStorage(path.join(opts.config.DATA_DIR, "uploads")),
    new FileSigner(opts.config.JWT_SECRET),
  );
  const jobs = new Jobs(opts.database, opts.logger);
  const channels = new ChannelRegistry();
  const outbound = new Outbound(db, jobs, channels, publisher, files, opts.logger);
  const inbound = new InboundPipeline(db, files, publisher, opts.logger);
  inbound.onMessage(new GreetingStep(db, outbound).handle);
  const tickets = new TicketsService(db, publisher, outbound);
  const scheduleSender = new ScheduleSender(
    db,
    jobs,
    channels,
    outbound,
    files,
    publisher,
    opts.logger,
  );
  // The visitors' namespace exists once the gateway does; services read it lazily.
  const visitors: { nsp?: Namespace } = {};
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
    jobs,
    channels,
    inbound,
    outbound,
    services: {
      auth: new AuthService(db, publisher, opts.config.REFRESH_TOKEN_TTL_DAYS),
      users: new UsersService(db, publisher),
      files,
      contacts: new ContactsService(db, publisher),
      tags: new TagsService(db, publisher),
      queues: new QueuesService(db, publisher, files),
      tickets,
      messages: new MessagesService(db, tickets, outbound, files, channels),
      connections: new ConnectionsService(db, publisher, files),
      companies: new CompaniesService(db, publisher),
      contactsTransfer: new ContactsTransfer(db, publisher),
      queueOptions: new QueueOptionsService(db, files),
      quickMessages: new QuickMessagesService(db, files),
      schedules: new SchedulesService(db, publisher, files, scheduleSender),
      announcements: new AnnouncementsService(db, publisher, files),
      helps: new HelpsService(db),
      webchat: new WebChatService(db, inbound, files.signer, () => visitors.nsp),
      dashboard: new DashboardService(db),
      chats: new ChatsService(db, publisher),
    },
  };

  await registerSpa(app, opts.webDist, opts.widgetDist);
  const modules = [
    authRoutes,
    usersRoutes,
    queuesRoutes,
    companiesRoutes,
    settingsRoutes,
    filesRoutes,
    contactsRoutes,
    ticketsRoutes,
    messagesRoutes,
    notesRoutes,
    tagsRoutes,
    quickMessagesRoutes,
    connectionsRoutes,
    webchatRoutes,
    queueOptionsRoutes,
    schedulesRoutes,
    announcementsRoutes,
    helpsRoutes,
    dashboardRoutes,
    chatsRoutes,
  ];
  for (const routes of modules) {
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
    onTyping: (actor, ticketId, on) => tickets.typing(actor, ticketId, on, channels),
  });
  visitors.nsp = attachVisitorNamespace(io, {
    db,
    webchat: ctx.services.webchat,
    outbound,
    logger: opts.logger,
    verify: (token) => {
      const claims = app.jwt.verify<VisitorClaims>(token);
      if (claims.typ !== "visitor") throw new Error("not a visitor token");
      return claims;
    },
  });
  channels.register(new WebChatAdapter(() => visitors.nsp));

  await jobs.start();
  await outbound.init();
  await scheduleSender.init();
  // Schedules due while the server was down are sent now; idempotent across nodes.
  await scheduleSender.recover();
  app.addHook("onClose", async () => {
    await jobs.stop();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return { app: app as unknown as AppInstance, ctx, io };
}
