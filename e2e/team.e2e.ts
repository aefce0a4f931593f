import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { api, apiToken, loginUi, SHOTS, unique, visitorWrites } from "./support";

/**
 * The team screens: two agents chat live in the internal chat (the admin starts the chat; the
 * agent's unread dot shows, then clears), and the admin dashboard's counters follow a ticket
 * through accept and resolve without a reload.
 */

/** The number shown on a dashboard card (its label and value are in one region). */
async function cardValue(page: Page, name: string): Promise<number> {
  const card = page.getByRole("region", { name, exact: true });
  await expect(card).toHaveText(/\d+$/);
  return Number(/(\d+)$/.exec((await card.textContent()) ?? "")![1]);
}

async function expectCard(page: Page, name: string, value: number) {
  await expect(page.getByRole("region", { name, exact: true })).toHaveText(
    new RegExp(`\\D${value}$`),
    { timeout: 15_000 },
  );
}

const chatDot = (page: Page) =>
  page.getByRole("button", { name: "Chat interno: há mensagens não lidas", includeHidden: true });
const chatButton = (page: Page) =>
  page.getByRole("button", { name: "Chat interno", exact: true, includeHidden: true });
const conversation = (page: Page): Locator => page.getByRole("log", { name: "Mensagens" });

test("two agents chat live; the unread dot shows, then clears", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const suffix = unique();
  const agentEmail = `bia-${suffix}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: `Bia ${suffix}`,
    email: agentEmail,
    password: "agent123",
    profile: "user",
  });

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await loginUi(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/tickets$/);

  const agentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agentPage = await agentContext.newPage();
  await loginUi(agentPage, agentEmail, "agent123");
  await expect(agentPage).toHaveURL(/\/tickets$/);
  // Nothing unread yet.
  await expect(chatButton(agentPage)).toBeVisible();

  // The admin starts a chat with the agent.
  const title = `Plantão ${suffix}`;
  await adminPage.goto("/chats");
  await adminPage.getByRole("button", { name: "Nova" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Nova conversa" });
  await dialog.getByRole("textbox", { name: "Título" }).fill(title);
  await dialog.getByRole("combobox", { name: "Usuários" }).click();
  await adminPage.getByRole("option", { name: new RegExp(agentEmail) }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(adminPage).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const chatUrl = adminPage.url();

  const adminComposer = adminPage.getByRole("textbox", { name: "Digite uma mensagem" });
  await adminComposer.fill("Bia, pode cobrir o turno da tarde?");
  await adminComposer.press("Enter");
  await expect(
    conversation(adminPage).getByText("Bia, pode cobrir o turno da tarde?"),
  ).toBeVisible();

  // Live, on the agent's side: the popover dot and the menu dot.
  await expect(chatDot(agentPage)).toBeVisible({ timeout: 15_000 });
  await expect(agentPage.getByTitle("Há conversas não lidas")).toBeVisible();
  await agentPage.screenshot({ path: `${SHOTS}/team-chat-dot.png` });

  // Opening the popover clears its dot and the 'Chat Interno' menu dot with it; the chat is
  // listed with its last message.
  await chatDot(agentPage).click();
  await expect(chatButton(agentPage)).toBeAttached();
  await expect(agentPage.getByTitle("Há conversas não lidas")).toHaveCount(0);
  const popover = agentPage.getByRole("dialog", { name: "Chat Interno" });
  await expect(popover.getByText("Bia, pode cobrir o turno da tarde?")).toBeVisible();
  await popover.getByRole("button", { name: new RegExp(title) }).click();
  await expect(agentPage).toHaveURL(chatUrl);
  await expect(
    conversation(agentPage).getByText("Bia, pode cobrir o turno da tarde?"),
  ).toBeVisible();
  // Reading the chat keeps the menu dot off.
  await expect(agentPage.getByTitle("Há conversas não lidas")).toHaveCount(0);

  // The agent answers; the admin sees it without reloading, and back again.
  const agentComposer = agentPage.getByRole("textbox", { name: "Digite uma mensagem" });
  await agentComposer.fill("Posso sim!");
  await agentPage.getByRole("button", { name: "Enviar" }).click();
  await expect(conversation(adminPage).getByText("Posso sim!")).toBeVisible({ timeout: 15_000 });
  await adminComposer.fill("Obrigado.");
  await adminComposer.press("Enter");
  await expect(conversation(agentPage).getByText("Obrigado.")).toBeVisible({ timeout: 15_000 });
  // Blank text is never sent.
  await agentComposer.fill("   ");
  await expect(agentPage.getByRole("button", { name: "Enviar" })).toBeDisabled();

  await adminPage.screenshot({ path: `${SHOTS}/team-chat-admin.png` });
  await agentPage.setViewportSize({ width: 390, height: 844 });
  await expect(agentPage.getByRole("tab", { name: "Mensagens" })).toBeVisible();
  await agentPage.screenshot({ path: `${SHOTS}/team-chat-narrow.png` });

  await adminContext.close();
  await agentContext.close();
});

test("the dashboard counters follow a ticket through accept and resolve, live", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const suffix = unique();
  const queue = await api(request, admin.token, "post", "/queue", {
    name: `Painel ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "0")}`,
  });
  const connection = await api(request, admin.token, "post", "/whatsapp", {
    name: `Site painel ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
  });
  // The UI session of the admin below ends the admin's API session (one session per user):
  // a second admin moves the ticket.
  const operatorEmail = `operador-${suffix}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: `Operador ${suffix}`,
    email: operatorEmail,
    password: "operator123",
    profile: "admin",
  });
  const operator = await apiToken(request, operatorEmail, "operator123");

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const pending = await cardValue(page, "Aguardando");
  const happening = await cardValue(page, "Em atendimento");
  const finished = await cardValue(page, "Finalizados");
  await expect(page.getByRole("table", { name: "Atendentes" })).toBeVisible();

  // A visitor writes: one more pending ticket, without reloading.
  const visitor = `Visitante ${suffix}`;
  await visitorWrites(request, connection.uuid, visitor);
  await expectCard(page, "Aguardando", pending + 1);
  const { tickets } = (await api(
    request,
    operator.token,
    "get",
    `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(visitor)}`,
  )) as { tickets: { id: number; contact: { name: string } }[] };
  const ticket = tickets.find((t) => t.contact.name === visitor)!;
  expect(ticket).toBeTruthy();

  await api(request, operator.token, "put", `/tickets/${ticket.id}`, { action: "accept" });
  await expectCard(page, "Aguardando", pending);
  await expectCard(page, "Em atendimento", happening + 1);

  await api(request, operator.token, "put", `/tickets/${ticket.id}`, {
    action: "finished",
    withMessage: false,
  });
  await expectCard(page, "Em atendimento", happening);
  await expectCard(page, "Finalizados", finished + 1);
  await page.screenshot({ path: `${SHOTS}/team-dashboard.png`, fullPage: true });

  // The filter asks to be set up when switching to a period without choosing one.
  await page.getByRole("combobox", { name: "Tipo de filtro" }).click();
  await page.getByRole("option", { name: "Filtrar por período" }).click();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Parametrize o filtro")).toBeVisible();
});
