import "./web-globals.js";
import {
  apiContract,
  apiRouteOf,
  CONNECTION_LIMIT_KEYS,
  emptyWorkingHours,
  STORAGE_KEYS,
  type ApiRoute,
  type ConnectionLimits,
  type LoginResponse,
} from "@atrium/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/db/schema/index.js";
import type { z } from "zod";
import { refreshAccessToken } from "../../../web/src/api/client";
import { storeSession } from "../../../web/src/api/storage";
import { announcementsApi } from "../../../web/src/features/announcements/api/announcementsApi";
import { authApi } from "../../../web/src/features/auth/api/authApi";
import { campaignsApi } from "../../../web/src/features/campaigns/api/campaignsApi";
import { chatsApi } from "../../../web/src/features/chats/api/chatsApi";
import { companiesApi } from "../../../web/src/features/companies/api/companiesApi";
import {
  connectionsApi,
  type ConnectionPayload,
} from "../../../web/src/features/connections/api/connectionsApi";
import {
  contactListItemsApi,
  contactListsApi,
} from "../../../web/src/features/contactLists/api/contactListsApi";
import { contactsApi } from "../../../web/src/features/contacts/api/contactsApi";
import { contactsTransferApi } from "../../../web/src/features/contacts/api/contactsTransferApi";
import { notesApi } from "../../../web/src/features/contacts/api/notesApi";
import { dashboardApi } from "../../../web/src/features/dashboard/api/dashboardApi";
import { helpRecordsApi } from "../../../web/src/features/helpRecords/api/helpRecordsApi";
import { helpsApi } from "../../../web/src/features/helps/api/helpsApi";
import { messagesApi } from "../../../web/src/features/messages/api/messagesApi";
import { messagesApiApi } from "../../../web/src/features/messagesApi/api/messagesApiApi";
import { notificationsApi } from "../../../web/src/features/notifications/api/notificationsApi";
import { plansApi } from "../../../web/src/features/plans/api/plansApi";
import { queueOptionsApi } from "../../../web/src/features/queues/api/queueOptionsApi";
import { queuesApi } from "../../../web/src/features/queues/api/queuesApi";
import { quickMessagesApi } from "../../../web/src/features/quickMessages/api/quickMessagesApi";
import { schedulesApi } from "../../../web/src/features/schedules/api/schedulesApi";
import { settingsApi } from "../../../web/src/features/settings/api/settingsApi";
import { tagsApi } from "../../../web/src/features/tags/api/tagsApi";
import { lookupsApi } from "../../../web/src/features/tickets/api/lookupsApi";
import { ticketsApi } from "../../../web/src/features/tickets/api/ticketsApi";
import type { TicketListParams } from "../../../web/src/features/tickets/api/ticketTypes";
import { usersApi } from "../../../web/src/features/users/api/usersApi";
import { seedWithSuper } from "../admin-helpers.js";
import { pngBytes } from "../media-fixtures.js";
import {
  createConnection,
  DEFAULT_PASSWORD,
  eventually,
  startTestServer,
  uid,
  type TestServer,
} from "../harness.js";

/**
 * The web client's own API calls — its `api/` modules, through its HTTP client — against the
 * real server (the server test harness, listening on a random port). Every answer is checked
 * against the contract in packages/shared (`apiContract`), whose types the web's DTOs and its
 * tests' fetch stubs are held to: a server change that would break a screen fails here.
 */
let server: TestServer;
const problems: string[] = [];
const exercised = new Set<ApiRoute>();
let cookie = "";

/** The browser's part: the refresh cookie, and every answer checked against the contract. */
function watchFetch(realFetch: typeof fetch): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    if (cookie && url.origin === server.url) headers.set("cookie", cookie);
    const response = await realFetch(input, { ...init, headers });
    const jrt = response.headers.getSetCookie().find((c) => c.startsWith("jrt="));
    if (jrt) cookie = jrt.split(";")[0]!;
    const method = (init.method ?? "GET").toUpperCase();
    const route = apiRouteOf(method, url.pathname);
    if (!route) {
      problems.push(`not in the contract: ${method} ${url.pathname}`);
      return response;
    }
    if (!response.ok) return response;
    exercised.add(route);
    const schema = apiContract[route];
    if (schema === "binary") {
      const type = response.headers.get("content-type") ?? "";
      if (type.includes("json")) problems.push(`${route}: JSON where a file was expected`);
    } else if (schema) {
      const parsed = (schema as z.ZodType).safeParse(await response.clone().json());
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 5)) {
          problems.push(`${route}: ${issue.path.join(".") || "(body)"}: ${issue.message}`);
        }
      }
    }
    return response;
  };
}

/** Signs in through the web's own login call and keeps the session as the web does. */
async function signIn(email: string, password = DEFAULT_PASSWORD): Promise<LoginResponse> {
  localStorage.setItem(STORAGE_KEYS.instanceAddress, server.url);
  const session = await authApi.login({ email, password });
  storeSession(session);
  // No instance in tests: the API stays at the test server's address.
  localStorage.setItem(STORAGE_KEYS.instanceAddress, server.url);
  return session;
}

const file = (name: string, type: string, text = name) => new File([text], name, { type });
const png = () => new File([new Uint8Array(pngBytes())], "pic.png", { type: "image/png" });
const pdf = () => file("doc.pdf", "application/pdf", "%PDF-1.4 fake");
const limits = (n: number) =>
  Object.fromEntries(CONNECTION_LIMIT_KEYS.map((k) => [k, n])) as ConnectionLimits;
const listParams = (overrides: Partial<TicketListParams> = {}): TicketListParams => ({
  searchTab: "open",
  status: "pending",
  showAll: true,
  queueIds: [],
  searchParam: "",
  tags: [],
  users: [],
  ...overrides,
});

let seed: Awaited<ReturnType<typeof seedWithSuper>>;
const originalFetch = globalThis.fetch;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
  globalThis.fetch = watchFetch(originalFetch);
  seed = await seedWithSuper(server);
});
afterAll(async () => {
  globalThis.fetch = originalFetch;
  await server?.close();
});

describe("the web client's calls against the real server", () => {
  it("auth, users and settings", async () => {
    const me = await signIn(seed.admin.email);
    expect((await authApi.me()).id).toBe(me.user.id);
    const refreshed = await refreshAccessToken();
    expect(refreshed.user.id).toBe(me.user.id);

    const created = await usersApi.create({
      name: "Contrato Um",
      email: `contrato-${uid()}@example.com`,
      password: "12345",
      profile: "user",
      queueIds: [seed.queue.id],
    });
    await usersApi.list({ searchParam: "", pageNumber: 1 });
    await usersApi.get(created.id);
    await usersApi.update(created.id, { name: "Contrato Dois", email: created.email });
    await lookupsApi.users();
    await lookupsApi.searchUsers("Contrato");
    await usersApi.remove(created.id);

    await settingsApi.list();
    await settingsApi.update("userCreation", "enabled");
    await settingsApi.company(seed.company.id);
    await settingsApi.updateCompanySchedules(seed.company.id, emptyWorkingHours());
    await authApi.signup({
      name: "Autocadastro",
      email: `signup-${uid()}@example.com`,
      password: "12345",
      companyId: seed.company.id,
    });
    // The one-time link an admin's access e-mail carries (its token is never shown elsewhere).
    const invited = await usersApi.create({
      name: "Convidada",
      email: `convite-${uid()}@example.com`,
      password: "12345",
      profile: "user",
      queueIds: [],
    });
    const links = server.ctx.services.passwordLinks;
    const linkToken = links.newToken();
    await links.store(server.db, invited.id, linkToken);
    await authApi.setPassword({ token: linkToken, password: "nova-senha-1" });
    await dashboardApi.get({ days: 7 });
  });

  it("queues, options, tags, quick messages, schedules and contacts", async () => {
    await signIn(seed.admin.email);
    const queue = await queuesApi.create({
      name: `Fila ${uid()}`,
      color: "#123456",
      greetingMessage: "Olá",
      outOfHoursMessage: "",
      schedules: emptyWorkingHours(),
    });
    await queuesApi.list();
    await queuesApi.get(queue.id);
    await queuesApi.update(queue.id, {
      name: queue.name,
      color: "#654321",
      greetingMessage: "Oi",
      outOfHoursMessage: "",
    });
    await queuesApi.upload(queue.id, pdf());
    await queuesApi.removeFile(queue.id);

    const fields = {
      title: "Comprar",
      message: "Escolha",
      fileType: "DOCUMENT" as const,
      finalize: false,
    };
    const option = await queueOptionsApi.save(
      undefined,
      { ...fields, waitTreatment: false, queueId: queue.id, parentId: null },
      pdf(),
    );
    await queueOptionsApi.list(queue.id, null);
    await queueOptionsApi.save(
      option.id,
      { ...fields, title: "Vender", waitTreatment: false, queueId: queue.id, parentId: null },
      null,
    );
    await queueOptionsApi.removeFile(option.id);
    await queueOptionsApi.remove(option.id);

    const tag = await tagsApi.create(`Tag ${uid()}`, "#ff0000");
    await tagsApi.page("", 1);
    await tagsApi.get(tag.id);
    await tagsApi.update(tag.id, { name: `${tag.name} 2`, color: "#00ff00" });
    await tagsApi.list();

    const quick = await quickMessagesApi.create({
      shortcode: `atalho${uid()}`,
      message: "Olá!",
      global: false,
    });
    await quickMessagesApi.list();
    await quickMessagesApi.page("", 1);
    await quickMessagesApi.update(quick.id, {
      shortcode: quick.shortcode,
      message: "Oi",
      global: true,
    });
    await quickMessagesApi.upload(quick.id, pdf());
    await quickMessagesApi.removeFile(quick.id);
    await quickMessagesApi.remove(quick.id);

    const contact = await contactsApi.create({
      name: "Contato Contrato",
      number: `5511${Date.now().toString().slice(-9)}`,
      email: "",
      document: "",
      extraInfo: [{ name: "Cargo", value: "CEO" }],
      tags: [tag.id],
    });
    await contactsApi.list({ searchParam: "", pageNumber: 1 });
    await contactsApi.get(contact.id);
    await contactsApi.update(contact.id, {
      name: "Contato Contrato 2",
      number: contact.number,
      email: "",
      document: "",
      extraInfo: [],
      tags: [],
    });
    await contactsApi.tagOptions();
    await lookupsApi.searchContacts("Contato");
    await contactsTransferApi.importFile(
      file("contatos.csv", "text/csv", `Nome,Número\nImportado,5511${Date.now() % 1e9}\n`),
    );
    await contactsTransferApi.exportFile();

    const schedule = await schedulesApi.create({
      contactId: contact.id,
      body: "Lembrete",
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
      openTicket: false,
      queueId: null,
      messageType: "MESSAGE",
    });
    await schedulesApi.page("", 1);
    await schedulesApi.update(schedule.id, {
      contactId: contact.id,
      body: "Lembrete novo",
      sendAt: new Date(Date.now() + 7200_000).toISOString(),
      openTicket: false,
      queueId: null,
      messageType: "MESSAGE",
    });
    await schedulesApi.upload(schedule.id, pdf());
    await schedulesApi.removeFile(schedule.id);
    await schedulesApi.remove(schedule.id);

    await tagsApi.remove(tag.id);
    await contactsApi.remove(contact.id);
    await queuesApi.remove(queue.id);
  });

  it("connections, tickets, messages, notes and the messages API", async () => {
    await signIn(seed.admin.email);
    const payload: ConnectionPayload = {
      name: `Site ${uid()}`,
      channelType: "WEB_CHAT",
      isDefault: true,
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      transferMessage: "",
      token: `tok${uid()}`,
      provider: "beta",
      queueIds: [seed.queue.id],
      config: { widgetTitle: "Fale conosco" },
    };
    const site = await connectionsApi.create(payload);
    await connectionsApi.list();
    await connectionsApi.get(site.id);
    await connectionsApi.update(site.id, { ...payload, name: `${payload.name} 2` });
    await connectionsApi.uploadFile(site.id, pdf());
    await connectionsApi.removeFile(site.id);
    await lookupsApi.connections();

    // A WhatsApp connection on the fake socket: start, new QR code, disconnect.
    const zap = await createConnection(server, seed.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      isDefault: false,
    });
    await connectionsApi.session(zap.id, "start");
    await connectionsApi.getSession(zap.id);
    await connectionsApi.session(zap.id, "newQr");
    await connectionsApi.session(zap.id, "disconnect");

    // A visitor writes: a pending ticket the web lists, opens and answers.
    // The visitor's calls are the widget's, not the web client's: not watched.
    const session = await originalFetch(`${server.url}/webchat/${site.uuid}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Visitante Contrato" }),
    });
    const { token: visitor } = (await session.json()) as { token: string };
    await originalFetch(`${server.url}/webchat/${site.uuid}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${visitor}` },
      body: JSON.stringify({ body: "Olá, preciso de ajuda", clientId: uid() }),
    });
    let ticketId = 0;
    await eventually(async () => {
      const page = await ticketsApi.list(listParams(), 1);
      const found = page.tickets.find((t) => t.contact.name === "Visitante Contrato");
      ticketId = found?.id ?? 0;
      return Boolean(found);
    });
    const { tickets } = await ticketsApi.list(listParams(), 1);
    const ticket = tickets.find((t) => t.id === ticketId)!;
    await ticketsApi.getByUuid(ticket.uuid);
    await ticketsApi.update(ticket.id, { action: "accept" });
    await ticketsApi.list(listParams({ status: "open", showAll: false }), 1);
    await notificationsApi.unread();

    await messagesApi.list(ticket.id, 1, false);
    const sent = await messagesApi.sendText(ticket.id, { body: "Como posso ajudar?" });
    const filed = await messagesApi.sendFiles(ticket.id, [pdf()]);
    // Its send failed (as a provider's refusal leaves it): 'Tentar novamente'.
    await eventually(async () => {
      const [row] = await server.db
        .select({ ack: messages.ack })
        .from(messages)
        .where(eq(messages.id, filed.messages[0]!.id));
      return (row?.ack ?? 0) > 0;
    });
    await server.db
      .update(messages)
      .set({ error: "ERR_SENDING_WAPP_MSG", providerMessageId: null, ack: 0 })
      .where(eq(messages.id, filed.messages[0]!.id));
    await messagesApi.retry(filed.messages[0]!.id);
    await messagesApi.markRead(ticket.id);
    await messagesApi.remove(sent.messages[0]!.id);

    const note = await notesApi.create("Cliente VIP", {
      contactId: ticket.contactId,
      ticketId: ticket.id,
    });
    await notesApi.list({ contactId: ticket.contactId, ticketId: ticket.id });
    await notesApi.remove(note.id);

    const tag = await tagsApi.create(`Ticket ${uid()}`);
    await tagsApi.syncTicket(ticket.id, [tag.id]);

    // A new ticket for another contact, then deleted by the admin.
    const other = await contactsApi.create({
      name: "Outro Contato",
      number: `5521${Date.now().toString().slice(-9)}`,
      email: "",
      document: "",
      extraInfo: [],
      tags: [],
    });
    // A phone contact is reached over WhatsApp, not the web chat.
    const opened = await ticketsApi.create({
      contactId: other.id,
      queueId: seed.queue.id,
      whatsappId: zap.id,
    });
    await ticketsApi.remove(opened.id);

    // The messages API page: the operator enables the API, the admin rotates the key and
    // sends through it as an outside system would.
    const superSession = await signIn(seed.superUser.email);
    expect(superSession.user.super).toBe(true);
    const company = (await companiesApi.list()).find((c) => c.id === seed.company.id)!;
    await companiesApi.update(company.id, {
      name: company.name,
      email: company.email ?? `empresa-${uid()}@example.com`,
      document: "",
      phone: "",
      status: true,
      planId: company.planId,
      instanceId: null,
      paymentMethod: null,
      dueDate: company.dueDate,
      recurrence: company.recurrence,
      useType: "CLIENTE",
      invoiceRequired: false,
      segments: "",
      apiEnabled: true,
      language: "pt-BR",
      connectionLimit: limits(100),
    });
    await signIn(seed.admin.email);
    // A connected WhatsApp connection (fake socket) to send through.
    const sender = await createConnection(server, seed.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      isDefault: false,
      token: `api${uid()}`,
    });
    await connectionsApi.session(sender.id, "start");
    await originalFetch(`${server.url}/test/baileys/${sender.id}/open`, { method: "POST" });
    await eventually(async () => (await connectionsApi.get(sender.id)).status === "CONNECTED");
    await messagesApiApi.keyStatus();
    const { key } = await messagesApiApi.rotateKey();
    await messagesApiApi.send({
      key,
      token: sender.token,
      number: `5531${Date.now().toString().slice(-9)}`,
      body: "Pelo contrato",
      file: null,
      ticket: false,
      queue: null,
    });

    // A connection without conversations is deleted.
    const spare = await connectionsApi.create({
      ...payload,
      name: `Reserva ${uid()}`,
      isDefault: false,
      token: "",
    });
    await connectionsApi.remove(spare.id);
  });

  it("contact lists, campaigns and campaign settings", async () => {
    await signIn(seed.admin.email);
    await settingsApi.update("campaignsEnabled", "true");
    const list = await contactListsApi.create(`Lista ${uid()}`);
    await contactListsApi.page("", 1);
    await contactListsApi.options();
    await contactListsApi.get(list.id);
    await contactListsApi.update(list.id, `${list.name} 2`);
    await contactListsApi.template();
    await contactListsApi.upload(
      list.id,
      file("lista.csv", "text/csv", `nome;numero\nImportado;5511${Date.now() % 1e8}\n`),
    );
    const item = await contactListItemsApi.create({
      contactListId: list.id,
      name: "Ana",
      number: `5521${Date.now() % 1e8}`,
      email: "",
    });
    await contactListItemsApi.page(list.id, "", 1);
    await contactListItemsApi.update(item.id, { name: "Ana 2", number: item.number, email: "" });

    // The WhatsApp check through a paired fake session.
    const zap = await createConnection(server, seed.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      isDefault: false,
    });
    await connectionsApi.session(zap.id, "start");
    await eventually(() => Boolean(server.ctx.services.whatsappSessions.fakes?.get(zap.id)));
    await server.app.inject({ method: "POST", url: `/test/baileys/${zap.id}/open` });
    await eventually(async () => (await connectionsApi.get(zap.id)).status === "CONNECTED");
    await contactListsApi.validate(list.id, zap.id);

    await campaignsApi.settings();
    await campaignsApi.saveSettings({
      messageIntervalMin: 30,
      messageIntervalMax: 60,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      allowedHoursStart: "08:00",
      allowedHoursEnd: "18:00",
      allowedDays: [1, 2, 3, 4, 5],
      optOutWords: ["SAIR"],
    });
    const payload = {
      name: `Campanha ${uid()}`,
      whatsappId: zap.id,
      contactListId: list.id,
      tagId: null,
      messages: ["Olá {nome}"],
      confirmation: false,
      confirmationMessages: [],
      confirmationReply: "",
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const campaign = await campaignsApi.create(payload);
    await campaignsApi.page({ searchParam: "", status: "" }, 1);
    await campaignsApi.get(campaign.id);
    await campaignsApi.update(campaign.id, { ...payload, name: `${payload.name} 2` });
    await campaignsApi.upload(campaign.id, pdf());
    await campaignsApi.removeFile(campaign.id);
    await campaignsApi.shipments(campaign.id, "", 1);
    await campaignsApi.command(campaign.id, "pause");
    await campaignsApi.command(campaign.id, "resume");
    const copy = await campaignsApi.command(campaign.id, "duplicate");
    await campaignsApi.command(campaign.id, "cancel");
    await campaignsApi.remove(copy.id);
    await contactListItemsApi.remove(item.id);
    await campaignsApi.remove(campaign.id);
    await contactListsApi.remove(list.id);
    await connectionsApi.session(zap.id, "disconnect");
  });

  it("internal chat", async () => {
    await signIn(seed.admin.email);
    const chat = await chatsApi.create({ title: "Plantão", users: [{ id: seed.member.id }] });
    await chatsApi.list({ searchParam: "", pageNumber: 1 });
    await chatsApi.get(chat.uuid);
    await chatsApi.update(chat.id, { title: "Plantão 2", users: [{ id: seed.member.id }] });
    await chatsApi.send(chat.id, "Oi, equipe");
    await chatsApi.messages(chat.id, 1);
    await chatsApi.markRead(chat.id, seed.admin.id);
    await chatsApi.users();
    await chatsApi.remove(chat.id);
  });

  it("the operator's screens: announcements, helps, plans, companies", async () => {
    await signIn(seed.superUser.email);
    const announcement = await announcementsApi.create({
      title: "Novidade",
      text: "Texto",
      link: null,
      priority: 1,
      category: "NEW",
      status: true,
    });
    await announcementsApi.page("", true, 1);
    await announcementsApi.update(announcement.id, {
      title: "Novidade 2",
      text: "Texto",
      link: null,
      priority: 2,
      category: "FIX",
      status: true,
    });
    await announcementsApi.upload(announcement.id, png());
    await announcementsApi.removeMedia(announcement.id);
    await announcementsApi.view(announcement.id);
    await announcementsApi.react(announcement.id, "good");
    await announcementsApi.remove(announcement.id);

    const help = await helpRecordsApi.create({
      title: "Como usar",
      description: "Passo a passo",
      video: "abc123",
      version: "1",
    });
    await helpRecordsApi.list();
    await helpsApi.list();
    await helpRecordsApi.update(help.id, { ...help, version: "2", title: "Como usar 2" });
    await helpRecordsApi.remove(help.id);

    const plan = await plansApi.create({
      name: `Plano ${uid()}`,
      users: 5,
      queues: 3,
      userLimit: { limit: 5 },
      connectionLimit: limits(2),
    });
    await plansApi.all();
    await plansApi.update(plan.id, {
      name: plan.name,
      users: 6,
      queues: 3,
      userLimit: { limit: 6 },
      connectionLimit: limits(3),
    });

    await companiesApi.options();
    await companiesApi.dashboard();
    await companiesApi.instances();
    const company = await companiesApi.create({
      name: `Empresa ${uid()}`,
      email: `empresa-${uid()}@example.com`,
      password: "senha-123",
      document: "",
      phone: "",
      status: true,
      planId: plan.id,
      instanceId: null,
      paymentMethod: null,
      dueDate: null,
      recurrence: "MENSAL",
      useType: "CLIENTE",
      invoiceRequired: false,
      segments: "",
      apiEnabled: false,
      language: "pt-BR",
      connectionLimit: limits(1),
    });
    await companiesApi.recordPaymentRequest(company.id);
    await companiesApi.setPaymentStatus(company.id, "COMPLETED");
    await companiesApi.resendAccessEmail(company.id);
    await companiesApi.closeAllTickets(company.id);
    await companiesApi.uploadFile(company.id, "invoice", pdf());
    await companiesApi.deleteFile(company.id, "invoice");
    const zap = await createConnection(server, company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
    });
    await companiesApi.restartConnection(zap.id, company.id);
    await companiesApi.setArchived(company.id, true);
    // Deleting a company runs in the background; a plan no company uses is deleted at once.
    await companiesApi.remove(company.id);
    const unused = await plansApi.create({
      name: `Plano livre ${uid()}`,
      users: 1,
      queues: 1,
      userLimit: { limit: 1 },
      connectionLimit: limits(1),
    });
    await plansApi.remove(unused.id);

    await authApi.logout();
  });

  it("every answer matches the contract, and every route of the contract was called", () => {
    expect(problems).toEqual([]);
    const missing = (Object.keys(apiContract) as ApiRoute[]).filter((r) => !exercised.has(r));
    expect(missing).toEqual([]);
  });
});
