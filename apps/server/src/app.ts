import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyJwt from "@fastify/jwt";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifySchema,
  type RawServerDefault,
} from "fastify";
import {
  validatorCompiler,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Namespace, Server as SocketServer } from "socket.io";
import type { Config, TrustProxy } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { RowChanges } from "./db/row-cache.js";
import { makeVerifier, registerAuthentication } from "./http/authenticate.js";
import { frameworkErrorHandler, registerErrorHandling } from "./http/errors.js";
import { registerInputGuards } from "./http/input.js";
import { ApiOrigins, registerDefaultCsp } from "./http/csp.js";
import { registerDocsUi, registerOpenApi } from "./http/openapi/openapi.js";
import { registerSpa } from "./http/spa.js";
import { clientKey, LoginGuard } from "./lib/attempts.js";
import type { Logger } from "./lib/logger.js";
import { serializeReply } from "./lib/json-text.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { AuthService } from "./modules/auth/auth.service.js";
import { ActorCache } from "./modules/auth/actor.js";
import { PasswordLinks } from "./modules/auth/password-links.js";
import { companiesRoutes } from "./modules/companies/companies.routes.js";
import { queuesRoutes } from "./modules/queues/queues.routes.js";
import { settingsRoutes } from "./modules/settings/settings.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { UsersService } from "./modules/users/users.service.js";
import path from "node:path";
import { Chatbot, RatingFlow } from "./channels/bot/index.js";
import { ChannelRegistry, type InboundRows } from "./channels/channel.js";
import { InboundPipeline } from "./channels/inbound.js";
import { legacyOutboundJob, Outbound } from "./channels/outbound.js";
import { RateGuard } from "./channels/baileys/rate-guard.js";
import { settingValue } from "./channels/bot/lifecycle.js";
import { Delivery } from "./channels/delivery.js";
import { OutboundLanes } from "./channels/lanes.js";
import { SendHealth } from "./channels/send-health.js";
import { ConnectionAlerts } from "./modules/connections/connection-alerts.js";
import { WebChatAdapter } from "./channels/webchat/webchat.adapter.js";
import { SessionStateStore } from "./channels/baileys/auth-state.js";
import { BaileysAdapter } from "./channels/baileys/baileys.adapter.js";
import { BaileysEventsHandler } from "./channels/baileys/events.js";
import { FakeSockets } from "./channels/baileys/fake-socket.js";
import { BaileysSessionManager } from "./channels/baileys/manager.js";
import { realSocketFactory } from "./channels/baileys/socket.js";
import { baileysTestHookRoutes } from "./channels/baileys/test-hook.routes.js";
import { whatsappSessionsRoutes } from "./modules/whatsapp-sessions/whatsapp-sessions.routes.js";
import { WhatsAppSessionsService } from "./modules/whatsapp-sessions/whatsapp-sessions.service.js";
import { GraphClient } from "./channels/meta/graph.js";
import { MetaAdapter } from "./channels/meta/meta.adapter.js";
import { META_CHANNELS } from "./channels/meta/meta.map.js";
import { metaRoutes } from "./channels/meta/meta.routes.js";
import { MessageChanges } from "./channels/message-changes.js";
import { MetaWebhooks } from "./channels/meta/meta.webhooks.js";
import { attachVisitorNamespace } from "./channels/webchat/webchat.gateway.js";
import { webchatRoutes } from "./channels/webchat/webchat.routes.js";
import { visitorClaimsOf, WebChatService } from "./channels/webchat/webchat.service.js";
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
import { companyAdminRoutes } from "./modules/companies/company-admin.routes.js";
import { CompanyAdminService } from "./modules/companies/company-admin.service.js";
import { CompanyDeleter } from "./modules/companies/company-delete.job.js";
import { instancesRoutes } from "./modules/instances/instances.routes.js";
import { mailRoutes } from "./modules/mail/mail.routes.js";
import { plansRoutes } from "./modules/plans/plans.routes.js";
import { PlansService } from "./modules/plans/plans.service.js";
import { defaultFrom, Mailer } from "./lib/mailer.js";
import { ChatsService } from "./modules/chats/chats.service.js";
import { messagesApiRoutes } from "./modules/messages-api/messages-api.routes.js";
import { MessagesApiService } from "./modules/messages-api/messages-api.service.js";
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
import { CampaignReplies } from "./modules/campaigns/campaign-replies.js";
import { CampaignSender } from "./modules/campaigns/campaign-sender.js";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes.js";
import { CampaignsService } from "./modules/campaigns/campaigns.service.js";
import { ContactListChecks } from "./modules/contact-lists/contact-list-checks.js";
import { contactListsRoutes } from "./modules/contact-lists/contact-lists.routes.js";
import { ContactListsService } from "./modules/contact-lists/contact-lists.service.js";
import { ScheduleSender } from "./modules/schedules/schedule-sender.js";
import { schedulesRoutes } from "./modules/schedules/schedules.routes.js";
import { SchedulesService } from "./modules/schedules/schedules.service.js";
import { createGateway } from "./realtime/gateway.js";
import { Presence } from "./realtime/presence.js";
import { Publisher } from "./realtime/publish.js";

/**
 * How long an inbound row stays cached at most. Change notices forget it at once; the limit
 * only bounds what a notice lost to a bug would leave behind.
 */
const ROW_TTL_MS = 5 * 60_000;

export interface RouteLimit {
  max: number;
  timeWindow: number;
}

/** Limits on anonymous endpoints, per node, counted per client address (see clientKey). */
export interface AppLimits {
  /** Login, refresh, signup and set-password requests per client address. */
  loginPerIp: RouteLimit;
  /** Web-chat visitor sessions created per client address. */
  webchatSession: RouteLimit;
  /** Failed logins: refused per (email, address), slowed down per email. */
  login: LoginGuard;
}

/** The limits in force unless the caller (tests, bench) passes its own. */
export function defaultLimits(): AppLimits {
  return {
    loginPerIp: { max: 60, timeWindow: 60_000 },
    webchatSession: { max: 20, timeWindow: 60_000 },
    login: new LoginGuard(),
  };
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
  /** Connections and visitors that inbound requests name, cached until they change. */
  inboundRows: InboundRows;
  /** The callers' actors, kept until a notice says their user, company or plan changed. */
  actors: ActorCache;
  outbound: Outbound;
  /** Send lanes and their attempts (channels/lanes.ts, delivery.ts); alerts of connections. */
  lanes: OutboundLanes;
  delivery: Delivery;
  alerts: ConnectionAlerts;
  mailer: Mailer;
  /** The chatbot of every channel (menus, options tree, rating). */
  bot: Chatbot;
  services: {
    auth: AuthService;
    passwordLinks: PasswordLinks;
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
    contactLists: ContactListsService;
    contactListChecks: ContactListChecks;
    campaigns: CampaignsService;
    announcements: AnnouncementsService;
    helps: HelpsService;
    dashboard: DashboardService;
    chats: ChatsService;
    companyAdmin: CompanyAdminService;
    plans: PlansService;
    messagesApi: MessagesApiService;
    metaWebhooks: MetaWebhooks;
    whatsappSessions: WhatsAppSessionsService;
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

/** A registered route as declared: the fuzz test enumerates them with their schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  public: boolean;
}

export interface BuiltApp {
  app: AppInstance;
  ctx: AppContext;
  io: SocketServer;
  routes: RouteEntry[];
}

/**
 * TRUST_PROXY as fastify takes it. Fastify ignores a bare hop count, so N hops become "the
 * N nearest addresses of the chain are proxies" (like `true`, safe only when the nodes are
 * reachable through the proxies alone).
 */
function fastifyTrustProxy(value: TrustProxy) {
  if (typeof value !== "number") return value;
  return (_address: string, hop: number) => hop < value;
}

/** Builds the HTTP API, the realtime gateway and the SPA server; used by main and by tests. */
export async function buildApp(opts: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    // Off unless configured: otherwise any client picks its own address with X-Forwarded-For.
    trustProxy: fastifyTrustProxy(opts.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setReplySerializer(serializeReply);
  registerErrorHandling(app);
  registerInputGuards(app);
  // Before any route: the OpenAPI document is built from the routes as they are registered.
  await registerOpenApi(app);
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({ method, url: route.url, schema: route.schema, public: !!route.config?.public });
    }
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // HSTS over plain http would pin browsers to an https that may not exist.
    strictTransportSecurity: opts.config.PUBLIC_URL.startsWith("https://"),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: opts.config.JWT_SECRET,
    sign: { expiresIn: opts.config.ACCESS_TOKEN_TTL },
  });
  // Over any of these: 413 ERR_PAYLOAD_TOO_LARGE (http/multipart.ts). A text field holds the
  // longest text field of any form with room to spare.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: 50 * 1024 * 1024,
      files: 10,
      fields: 50,
      parts: 60,
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
  });
  const rowChanges = await RowChanges.start(opts.database, opts.logger);
  const actors = new ActorCache(() => rowChanges.live);
  rowChanges.watch("users", (ids) => actors.forget("users", ids));
  rowChanges.watch("companies", (ids) => actors.forget("companies", ids));
  rowChanges.watch("plans", (ids) => actors.forget("plans", ids));
  registerAuthentication(app, opts.database.db, actors);

  const publisher = new Publisher();
  const db = opts.database.db;
  const inboundRows: InboundRows = {
    connections: rowChanges.cache("connections", { ttlMs: ROW_TTL_MS, max: 5_000 }),
    contacts: rowChanges.cache("contacts", { ttlMs: ROW_TTL_MS, max: 20_000 }),
  };
  const files = new FilesService(
    db,
    new LocalStorage(path.join(opts.config.DATA_DIR, "uploads")),
    new FileSigner(opts.config.JWT_SECRET),
  );
  const jobs = new Jobs(opts.database, opts.logger);
  const channels = new ChannelRegistry();
  const mailer = new Mailer(
    db,
    opts.logger,
    opts.config.SMTP_URL,
    defaultFrom(opts.config.PUBLIC_URL),
  );
  const passwordLinks = new PasswordLinks(db, publisher);
  const companyDeleter = new CompanyDeleter(
    db,
    jobs,
    channels,
    files,
    publisher,
    opts.logger,
    path.join(opts.config.DATA_DIR, "uploads"),
  );
  const graph = new GraphClient(opts.config.GRAPH_API_URL, opts.config.GRAPH_TIMEOUT_MS);
  const lanes = new OutboundLanes(jobs, opts.config, opts.logger);
  const outbound = new Outbound(db, lanes, channels, publisher, files);
  const alerts = new ConnectionAlerts(db, publisher, mailer, files.signer, opts.logger);
  const delivery = new Delivery(
    db,
    channels,
    outbound,
    new SendHealth(db, opts.config, alerts),
    opts.config.INSTANCE_ID,
    opts.logger,
  );
  const inbound = new InboundPipeline(db, files, publisher, opts.logger);
  const changes = new MessageChanges(db, outbound);
  const rating = new RatingFlow(db, outbound, publisher, jobs, opts.logger);
  const bot = new Chatbot(db, outbound, publisher, rating);
  inbound.onMessage(bot.onMessage);
  const tickets = new TicketsService(db, publisher, outbound, rating);
  const scheduleSender = new ScheduleSender(
    db,
    jobs,
    channels,
    outbound,
    files,
    publisher,
    opts.logger,
  );
  const campaignSender = new CampaignSender(
    db,
    jobs,
    channels,
    outbound,
    lanes,
    files,
    publisher,
    opts.logger,
  );
  const contactLists = new ContactListsService(db, publisher);
  // Contacts' answers to campaign messages (both inbound paths; one lookup per batch).
  inbound.watchReplies(new CampaignReplies(db, outbound, campaignSender));
  // WhatsApp (Baileys) sessions of this node; BAILEYS_FAKE swaps the network for a fake socket.
  const fakeSockets = opts.config.BAILEYS_FAKE ? new FakeSockets() : undefined;
  const connections = new ConnectionsService(db, publisher, files);
  const baileys = new BaileysSessionManager(
    db,
    opts.config,
    jobs,
    new SessionStateStore(db),
    connections,
    outbound,
    opts.logger,
    {
      ...(fakeSockets
        ? { factory: fakeSockets.factory, reconnectBaseMs: 100, reconnectMaxMs: 1000 }
        : { factory: realSocketFactory({ url: opts.config.WA_WEB_SOCKET_URL }) }),
      onIncident: (connection, reason) => alerts.raise(connection, reason),
    },
  );
  // The visitors' namespace exists once the gateway does; services read it lazily.
  const visitors: { nsp?: Namespace } = {};
  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    db,
    logger: opts.logger,
    publisher,
    presence: new Presence(db, publisher, opts.logger),
    limits: { ...defaultLimits(), ...opts.limits },
    jobs,
    channels,
    inbound,
    inboundRows,
    actors,
    outbound,
    lanes,
    delivery,
    alerts,
    mailer,
    bot,
    services: {
      auth: new AuthService(db, publisher, opts.config.REFRESH_TOKEN_TTL_DAYS),
      passwordLinks,
      users: new UsersService(db, publisher),
      files,
      contacts: new ContactsService(db, publisher),
      tags: new TagsService(db, publisher),
      queues: new QueuesService(db, publisher, files),
      tickets,
      messages: new MessagesService(db, tickets, outbound, files, channels, delivery),
      connections,
      companies: new CompaniesService(db, publisher),
      contactsTransfer: new ContactsTransfer(db, publisher),
      queueOptions: new QueueOptionsService(db, files),
      quickMessages: new QuickMessagesService(db, files),
      schedules: new SchedulesService(db, publisher, files, scheduleSender),
      contactLists,
      contactListChecks: new ContactListChecks(db, channels, contactLists),
      campaigns: new CampaignsService(db, publisher, files, campaignSender),
      announcements: new AnnouncementsService(db, publisher, files),
      helps: new HelpsService(db),
      webchat: new WebChatService(db, inbound, files.signer, inboundRows, () => visitors.nsp),
      dashboard: new DashboardService(db),
      chats: new ChatsService(db, publisher),
      companyAdmin: new CompanyAdminService(
        db,
        publisher,
        files,
        mailer,
        companyDeleter,
        passwordLinks,
        opts.logger,
        { instanceId: opts.config.INSTANCE_ID, publicUrl: opts.config.PUBLIC_URL },
      ),
      plans: new PlansService(db),
      messagesApi: new MessagesApiService(db, publisher, outbound, files),
      metaWebhooks: new MetaWebhooks(
        db,
        inbound,
        outbound,
        changes,
        graph,
        opts.logger,
        inboundRows.connections,
      ),
      whatsappSessions: new WhatsAppSessionsService(
        db,
        baileys,
        connections,
        files.signer,
        channels,
        { fakes: fakeSockets, restartWaitMs: fakeSockets ? 5000 : 15_000 },
      ),
    },
  };

  registerDefaultCsp(app);
  const appOrigins = new ApiOrigins(db, opts.config.PUBLIC_URL);
  await registerSpa(app, opts.webDist, opts.widgetDist, appOrigins);
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
    contactListsRoutes,
    campaignsRoutes,
    announcementsRoutes,
    helpsRoutes,
    dashboardRoutes,
    chatsRoutes,
    companyAdminRoutes,
    plansRoutes,
    instancesRoutes,
    mailRoutes,
    messagesApiRoutes,
    metaRoutes,
    whatsappSessionsRoutes,
    baileysTestHookRoutes,
  ];
  for (const routes of modules) {
    await app.register(async (scope) => routes(scope as AppInstance, ctx));
  }
  app.get("/health", { config: { public: true } }, async () => {
    await opts.database.executeSql("select 1");
    return { status: "ok" };
  });
  await registerDocsUi(app);

  const io = createGateway(app.server, {
    db,
    actors,
    verify: makeVerifier(app),
    publisher,
    presence: ctx.presence,
    logger: opts.logger,
    redis: opts.redis,
    origins: {
      app: appOrigins,
      publicUrlSet: opts.config.publicUrlSet,
      allowed: opts.config.ALLOWED_ORIGINS,
    },
    onTyping: (actor, ticketId, on) => tickets.typing(actor, ticketId, on, channels),
  });
  visitors.nsp = attachVisitorNamespace(io, {
    db,
    webchat: ctx.services.webchat,
    outbound,
    logger: opts.logger,
    verify: (token) => visitorClaimsOf(app, token),
  });
  channels.register(new WebChatAdapter(() => visitors.nsp));
  channels.register(
    new BaileysAdapter(
      baileys,
      new RateGuard({
        reply: {
          gapMs: opts.config.BAILEYS_REPLY_GAP_MS,
          perMinute: opts.config.BAILEYS_REPLY_PER_MINUTE,
        },
        bulk: {
          gapMs: opts.config.BAILEYS_BULK_GAP_MS,
          perMinute: opts.config.BAILEYS_BULK_PER_MINUTE,
        },
      }),
      async (companyId) => (await settingValue(db, companyId, "bulkTypingPresence")) === "enabled",
      fakeSockets ? 50 : 1500,
    ),
  );
  for (const type of META_CHANNELS) {
    channels.register(
      new MetaAdapter(type, graph, opts.config.PUBLIC_URL, async (connection, patch) => {
        await ctx.services.connections.setStatus(connection, patch);
      }),
    );
  }

  await jobs.start();
  await companyDeleter.init();
  await rating.init();
  await scheduleSender.init();
  // Schedules due while the server was down are sent now; idempotent across nodes.
  await scheduleSender.recover();
  await campaignSender.init();
  // Running campaigns resume where they stopped; scheduled ones due meanwhile start.
  await campaignSender.recover();
  await baileys.init(
    new BaileysEventsHandler(
      db,
      inbound,
      outbound,
      changes,
      files,
      opts.logger,
      (session, messageId) => baileys.scheduleMediaRetry(session, messageId),
    ),
  );
  // Sends an earlier version queued on its one global queue move to their connections' lanes.
  await jobs.register<{ messageId: number }>(
    legacyOutboundJob(opts.config.OUTBOUND_QUEUE_PREFIX),
    (data) => outbound.requeueById(data.messageId),
  );
  lanes.start(delivery.attempt);
  app.addHook("onClose", async () => {
    campaignSender.stop();
    await lanes.stop();
    baileys.stopAll();
    await jobs.stop();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    // After the sockets closed: their pending offline timers go with the node.
    ctx.presence.stop();
    await rowChanges.close();
  });
  return { app: app as unknown as AppInstance, ctx, io, routes };
}
