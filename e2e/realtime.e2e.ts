import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type WebSocketRoute,
} from "@playwright/test";
import { api, apiToken, loginUi, SHOTS, unique } from "./support";

/**
 * Back online means back live at once (issue #16): after the browser was offline, or its
 * websocket was cut, the inbox equals the database within 2 s of the network coming back —
 * the open ticket's messages complete, in order, none twice; every ticket in the right tab;
 * the tab counts right — without a reload. While the socket is down for a few seconds, a bar
 * says so.
 */

const BACK_LIVE_MS = 2000;
const NO_CONNECTION = "Sem conexão — tentando reconectar…";

interface Setup {
  suffix: string;
  admin: string;
  agent: { email: string };
  queueId: number;
  connectionUuid: string;
}

async function setup(request: APIRequestContext): Promise<Setup> {
  const { token: admin } = await apiToken(request);
  const suffix = unique();
  const queue = await api(request, admin, "post", "/queue", {
    name: `Online ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "0")}`,
  });
  const connection = await api(request, admin, "post", "/whatsapp", {
    name: `Site ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
  });
  const email = `online-${suffix}@e2e.test`;
  await api(request, admin, "post", "/users", {
    name: "Olga Online",
    email,
    password: "agent123",
    profile: "user",
    queueIds: [queue.id],
  });
  return {
    suffix,
    admin,
    agent: { email },
    queueId: queue.id,
    connectionUuid: connection.uuid,
  };
}

/** A web-chat visitor writing through the widget's API (their network is not the agent's). */
async function visitor(request: APIRequestContext, connectionUuid: string, name: string) {
  const res = await request.post(`/webchat/${connectionUuid}/session`, { data: { name } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return async (body: string) => {
    const sent = await request.post(`/webchat/${connectionUuid}/messages`, {
      headers: { authorization: `Bearer ${token}` },
      data: { body, clientId: unique() + unique() },
    });
    expect(sent.status()).toBe(201);
  };
}

/**
 * What the database says the agent should see: the open ticket's messages and both tabs (asked
 * with the browser's own session: a second login would end it).
 */
async function truth(request: APIRequestContext, s: Setup, ticketId: number, agentToken: string) {
  const { messages } = await api(request, s.admin, "get", `/messages/${ticketId}?spy=true`);
  const tab = async (status: string) => {
    const query = new URLSearchParams({
      pageNumber: "1",
      searchTab: "open",
      status,
      searchParam: "",
      queueIds: JSON.stringify([s.queueId, 0]),
    });
    const page = await api(request, agentToken, "get", `/tickets?${query}`);
    return {
      ids: (page.tickets as { id: number }[]).map((t) => t.id),
      count: page.count as number,
    };
  };
  return {
    messageIds: (messages as { id: number }[]).map((m) => m.id),
    pending: await tab("pending"),
    assigned: await tab("open"),
  };
}

/** The same, as the screen shows it. */
async function screen(agent: Page) {
  const ids = async (selector: string, prefix: string) =>
    (
      await agent
        .locator(selector)
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")))
    ).map((id) => Number(id!.slice(prefix.length)));
  const count = async (name: RegExp) => {
    const text = (await agent.getByRole("tab", { name }).textContent()) ?? "";
    return Number(/\d+/.exec(text)?.[0] ?? 0);
  };
  return {
    messageIds: await ids('[role="log"] [data-testid^="message-"]', "message-"),
    pendingIds: await ids('[data-testid^="ticket-row-"]', "ticket-row-"),
    pendingCount: await count(/^Aguardando/),
    assignedCount: await count(/^Atendendo/),
  };
}

/** The screen equals the database within BACK_LIVE_MS (the Pending tab is the one showing). */
async function expectLiveWithin(
  agent: Page,
  request: APIRequestContext,
  s: Setup,
  ticketId: number,
) {
  const token = (await agent.evaluate(() => localStorage.getItem("token")))!;
  await expect
    .poll(
      async () => {
        const db = await truth(request, s, ticketId, token);
        const shown = await screen(agent);
        return {
          messages: shown.messageIds.join(",") === db.messageIds.join(","),
          pending: [...shown.pendingIds].sort().join(",") === [...db.pending.ids].sort().join(","),
          counts:
            shown.pendingCount === db.pending.count && shown.assignedCount === db.assigned.count,
        };
      },
      { timeout: BACK_LIVE_MS, intervals: [100] },
    )
    .toEqual({ messages: true, pending: true, counts: true });
  await expect(agent.getByText(NO_CONNECTION)).toBeHidden({ timeout: BACK_LIVE_MS });
}

/** The agent accepts Ana's ticket and keeps it open, with the Pending tab listed beside it. */
async function agentWithOpenTicket(agent: Page, s: Setup, request: APIRequestContext) {
  const ana = await visitor(request, s.connectionUuid, `Ana ${s.suffix}`);
  const bruno = await visitor(request, s.connectionUuid, `Bruno ${s.suffix}`);
  await ana("Olá, meu pedido atrasou");
  await bruno("Bom dia");
  await loginUi(agent, s.agent.email, "agent123");
  await agent.getByRole("tab", { name: /^Aguardando/ }).click();
  const row = agent.getByRole("listitem").filter({ hasText: `Ana ${s.suffix}` });
  await row.getByRole("button", { name: "Aceitar" }).click();
  await expect(agent).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await agent.getByRole("tab", { name: /^Aguardando/ }).click();
  await expect(agent.getByRole("listitem").filter({ hasText: `Bruno ${s.suffix}` })).toBeVisible();
  const uuid = /\/tickets\/([0-9a-f-]{36})$/.exec(agent.url())![1]!;
  const ticket = await api(request, s.admin, "get", `/tickets/u/${uuid}`);
  return { ana, ticketId: ticket.id as number };
}

test("back online after 20 s offline: the inbox equals the database within 2 s", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agent = await context.newPage();
  const { ana, ticketId } = await agentWithOpenTicket(agent, s, request);
  await expect(agent.getByRole("log").getByText("Olá, meu pedido atrasou")).toBeVisible();

  await context.setOffline(true);
  await expect(agent.getByRole("status").filter({ hasText: NO_CONNECTION })).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/inbox-offline-bar.png` });

  // Meanwhile customers write and a colleague takes Bruno's ticket.
  await ana("Alguém aí?");
  await ana("Pedido 4521");
  await ana("Obrigada");
  const carla = await visitor(request, s.connectionUuid, `Carla ${s.suffix}`);
  await carla("Preciso de ajuda");
  const found = await api(
    request,
    s.admin,
    "get",
    `/tickets?${new URLSearchParams({ searchTab: "search", searchParam: `Bruno ${s.suffix}`, showAll: "true" })}`,
  );
  const [bruno] = found.tickets as { id: number }[];
  await api(request, s.admin, "put", `/tickets/${bruno!.id}`, { action: "accept" });
  // The outage lasts, as in the issue's report: Socket.IO's back-off between attempts grows
  // meanwhile (8-24 s by now), so only an immediate reconnect is back within 2 s.
  await agent.waitForTimeout(20_000);

  await context.setOffline(false);
  await expectLiveWithin(agent, request, s, ticketId);
  const thread = agent.getByRole("log");
  await expect(thread.getByText("Obrigada")).toBeVisible();
  await expect(agent.getByRole("listitem").filter({ hasText: `Carla ${s.suffix}` })).toBeVisible();
  await expect(agent.getByRole("listitem").filter({ hasText: `Bruno ${s.suffix}` })).toHaveCount(0);
  await context.close();
});

test("a cut websocket: the next API call brings the inbox back live within 2 s", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Every realtime socket passes through here. While `cut`, the link is dropped and new ones
  // are swallowed (open, then silence), as behind a proxy that lost its upstream.
  let cut = false;
  let swallowedAt = 0;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) {
      swallowedAt = Date.now();
      return;
    }
    open.push({ page: ws, server: ws.connectToServer() });
  });
  const agent = await context.newPage();
  const { ana, ticketId } = await agentWithOpenTicket(agent, s, request);

  cut = true;
  for (const link of open.splice(0)) {
    await link.server.close();
    await link.page.close();
  }
  await expect(agent.getByRole("status").filter({ hasText: NO_CONNECTION })).toBeVisible();
  await ana("Caiu a conexão?");
  await ana("Estou esperando");
  // Socket.IO's next attempt has been hanging for a while: left alone, it would wait out its
  // 20 s timeout.
  await expect.poll(() => swallowedAt > 0 && Date.now() - swallowedAt > 3000).toBe(true);
  cut = false;

  // The agent replies: the call succeeds, so the socket reconnects at once.
  const composer = agent.getByPlaceholder("Digite uma mensagem");
  await composer.fill("Estou aqui, já verifico.");
  await composer.press("Enter");
  await expectLiveWithin(agent, request, s, ticketId);
  const thread = agent.getByRole("log");
  await expect(thread.getByText("Estou esperando")).toBeVisible();
  await expect(thread.getByText("Estou aqui, já verifico.")).toHaveCount(1);
  await context.close();
});
