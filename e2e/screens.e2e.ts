import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { api, apiToken, loginUi, newCompany, SHOTS, unique, visitorWrites } from "./support";

/**
 * One end-to-end path per screen family the other specs do not walk: contacts import, a quick
 * message with a file, users and what their queues let them see, company hours, announcements
 * and help for the agents, and the messages API page. Each asserts what the user sees.
 */

/** A queue and a web-chat connection routing to it. */
async function queueWithSite(request: APIRequestContext, token: string, label: string) {
  const suffix = unique();
  const queue = await api(request, token, "post", "/queue", {
    name: `${label} ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "0")}`,
  });
  const connection = await api(request, token, "post", "/whatsapp", {
    name: `Site ${label} ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
  });
  return { queue, connection } as {
    queue: { id: number; name: string };
    connection: { id: number; uuid: string };
  };
}

async function newPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginUi(page, email, password);
  await expect(page).toHaveURL(/\/tickets$/);
  return page;
}

test("contacts: a CSV import lists the new contacts and names the bad row", async ({ page }) => {
  const suffix = unique();
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/contacts");
  const digits = String(Date.now()).slice(-8);
  const csv = [
    "Nome,Número,E-mail",
    `Importada ${suffix},55119${digits},importada-${suffix}@e2e.test`,
    `Importado ${suffix},55219${digits},`,
    `Curto ${suffix},123,`,
  ].join("\n");
  await page.getByLabel("Arquivo de contatos (CSV ou XLSX)").setInputFiles({
    name: "contatos.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  const result = page.getByRole("dialog", { name: "Resultado da importação" });
  await expect(result.getByText("Criados: 2")).toBeVisible();
  await expect(result.getByText("Recusados: 1")).toBeVisible();
  await expect(result.getByRole("list", { name: "Linhas recusadas" })).toHaveText(
    "Linha 4: Número muito curto",
  );
  await page.screenshot({ path: `${SHOTS}/contacts-import.png` });
  await result.getByRole("button", { name: "Fechar" }).click();
  await expect(result).toBeHidden();

  await page.getByRole("searchbox").fill(suffix);
  await expect(page.getByRole("cell", { name: `Importada ${suffix}`, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: `Importado ${suffix}`, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: `55119${digits}` })).toBeVisible();
  await expect(page.getByRole("cell", { name: `Curto ${suffix}` })).toHaveCount(0);
});

test("quick messages: one with a file, picked with '/' in a ticket, sends the file", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const { connection } = await queueWithSite(request, admin.token, "Arquivos");
  const suffix = unique();
  const visitorName = `Visitante Arquivo ${suffix}`;
  const visitorToken = await visitorWrites(request, connection.uuid, visitorName);

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const shortcode = `tabela${suffix}`;
  await page.goto("/quick-messages");
  await page.getByRole("button", { name: "Adicionar" }).click();
  const dialog = page.getByRole("dialog", { name: "Mensagem Rápida" });
  await dialog.getByLabel("Atalho").fill(shortcode);
  await dialog.getByLabel("Anexar arquivo").setInputFiles({
    name: `tabela-${suffix}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% tabela de precos\n"),
  });
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Messagem adicionada com sucesso.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: shortcode });
  await expect(row.getByRole("cell", { name: "Arquivo" })).toBeVisible();

  await page.goto("/tickets");
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: visitorName })
    .getByRole("button", { name: "Aceitar" })
    .click();
  const composer = page.getByPlaceholder("Digite uma mensagem");
  await expect(composer).toBeEnabled();
  await composer.fill(`/${shortcode}`);
  await page
    .getByRole("option", { name: `/${shortcode} - Enviar arquivo tabela-${suffix}.pdf` })
    .click();
  const thread = page.getByLabel("Mensagens");
  await expect(thread.getByText(`tabela-${suffix}.pdf`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quick-message-file.png` });

  // The visitor's conversation has the file too.
  await expect
    .poll(async () => {
      const res = await request.get(`/webchat/${connection.uuid}/messages`, {
        headers: { authorization: `Bearer ${visitorToken}` },
      });
      const { messages } = (await res.json()) as { messages: { fileName?: string | null }[] };
      return messages.map((m) => m.fileName);
    })
    .toContain(`tabela-${suffix}.pdf`);
});

test("users: an admin adds an agent to one queue; the agent sees that queue's tickets only", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const sales = await queueWithSite(request, admin.token, "Vendas");
  const billing = await queueWithSite(request, admin.token, "Cobrança");
  const suffix = unique();
  await visitorWrites(request, sales.connection.uuid, `Cliente Vendas ${suffix}`);
  await visitorWrites(request, billing.connection.uuid, `Cliente Cobrança ${suffix}`);

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/users");
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar usuário" });
  const email = `vendedor-${suffix}@e2e.test`;
  await dialog.getByLabel(/^Nome/).fill(`Vendedor ${suffix}`);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Senha/).fill("vendas123");
  await dialog.getByRole("combobox", { name: "Filas" }).click();
  await page.getByRole("option", { name: sales.queue.name }).click();
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Usuário salvo com sucesso.")).toBeVisible();
  const userRow = page.getByRole("row").filter({ hasText: email });
  await expect(userRow.getByRole("cell", { name: "Usuário", exact: true })).toBeVisible();

  const agent = await newPage(browser, email, "vendas123");
  await agent.getByRole("tab", { name: /Aguardando/ }).click();
  const list = agent.getByRole("listitem");
  await expect(list.filter({ hasText: `Cliente Vendas ${suffix}` })).toBeVisible();
  await expect(list.filter({ hasText: `Cliente Cobrança ${suffix}` })).toHaveCount(0);
  await agent.screenshot({ path: `${SHOTS}/agent-queue-tickets.png` });
  // And no user administration for the agent.
  await agent.goto("/users");
  await expect(agent.getByText("Você não tem permissão para gerenciar usuários.")).toBeVisible();
  await expect(agent.getByRole("button", { name: "Adicionar usuário" })).toHaveCount(0);
  await agent.context().close();
});

test("settings: company hours; a visitor writing out of hours gets the out-of-hours message", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const companyAdmin = await newCompany(request, `Loja Horario ${suffix}`);
  const closedText = `Estamos fechados agora, ${suffix}. Voltamos amanhã.`;
  const site = await api(request, companyAdmin.token, "post", "/whatsapp", {
    name: `Site ${suffix}`,
    channelType: "WEB_CHAT",
    outOfHoursMessage: closedText,
  });

  await loginUi(page, companyAdmin.email, companyAdmin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/settings");
  await page.getByLabel("Gerenciamento de Expediente").click();
  await page.getByRole("option", { name: "Empresa" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
  await page.getByRole("tab", { name: "Horários" }).click();
  // Open tomorrow only: today is out of hours whatever the time of the run.
  const weekdays = [
    "Domingo",
    "Segunda-feira",
    "Terça-feira",
    "Quarta-feira",
    "Quinta-feira",
    "Sexta-feira",
    "Sábado",
  ];
  const tomorrow = weekdays[(new Date().getDay() + 1) % 7]!;
  await page.getByLabel(`Início de ${tomorrow}`).fill("08:00");
  await page.getByLabel(`Fim de ${tomorrow}`).fill("18:00");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Horários atualizados com sucesso.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-hours.png` });

  const visitorContext = await browser.newContext({ viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${site.uuid}`);
  await visitor.getByLabel("Seu nome").fill("Visitante Noturno");
  await visitor.getByRole("button", { name: "Iniciar conversa" }).click();
  const input = visitor.getByPlaceholder("Digite sua mensagem…");
  await input.fill("Vocês estão abertos?");
  await input.press("Enter");
  await expect(visitor.getByText(closedText)).toBeVisible({ timeout: 15_000 });
  await visitor.screenshot({ path: `${SHOTS}/webchat-out-of-hours.png` });
  await visitorContext.close();

  // The admin sees the conversation waiting, with the visitor's message.
  await page.goto("/tickets");
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Visitante Noturno" })).toBeVisible();
});

test("announcements and help: what the operator publishes reaches an agent", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const operator = await apiToken(request);
  const suffix = unique();
  const helpTitle = `Como transferir ${suffix}`;
  await api(request, operator.token, "post", "/helps", {
    title: helpTitle,
    description: "Abra o atendimento e use Transferir.",
    video: "dQw4w9WgXcQ",
    version: "1",
  });
  const agentEmail = `leitora-${suffix}@e2e.test`;
  await api(request, operator.token, "post", "/users", {
    name: `Leitora ${suffix}`,
    email: agentEmail,
    password: "leitora123",
    profile: "user",
  });

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/announcements");
  await page.getByRole("button", { name: "Novo informativo" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo informativo" });
  const title = `Manutenção ${suffix}`;
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByLabel("Texto").fill("O sistema para sábado às 22h.");
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Messagem adicionada com sucesso.")).toBeVisible();
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();

  const agent = await newPage(browser, agentEmail, "leitora123");
  const bell = agent.getByRole("button", { name: /^Informativos \(\d+ não lidos?\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = agent.getByRole("dialog", { name: "Informativos" });
  const card = popover.getByRole("article", { name: title });
  await expect(card.getByText("O sistema para sábado às 22h.")).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/agent-announcements.png` });
  await agent.keyboard.press("Escape");

  await agent.goto("/helps");
  await agent.getByRole("button", { name: helpTitle }).click();
  await expect(agent.getByText("Abra o atendimento e use Transferir.")).toBeVisible();
  await agent.context().close();
});

test("messages API page: a key, a test send, and the conversation it opened", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const suffix = unique();
  await api(request, admin.token, "put", `/companies/${admin.user.companyId}`, {
    apiEnabled: true,
  });
  const token = `api${suffix}`;
  const zap = await api(request, admin.token, "post", "/whatsapp", {
    name: `Zap API ${suffix}`,
    channelType: "BAILEYS",
    token,
  });
  // The fake WhatsApp of the e2e server (BAILEYS_FAKE=1): start the session, then the phone
  // opens it.
  await api(request, admin.token, "post", `/whatsappsession/${zap.id}`);
  await expect
    .poll(async () => (await request.post(`/test/baileys/${zap.id}/open`, { data: {} })).status())
    .toBe(204);

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/messages-api");
  await expect(page.getByText(/api\/messages\/send/).first()).toBeVisible();
  const generate = page.getByRole("button", { name: /^Gerar (nova )?chave$/ });
  await generate.click();
  const confirm = page.getByRole("dialog", { name: "Gerar uma nova chave?" });
  if (await confirm.isVisible().catch(() => false)) {
    await confirm.getByRole("button", { name: /Confirmar|Gerar/ }).click();
  }
  await expect(
    page.getByText("Copie a chave agora: ela não será mostrada novamente."),
  ).toBeVisible();

  const form = page.getByRole("form", { name: "Testar envio" });
  await expect(form.getByLabel(/^Chave/)).not.toHaveValue("");
  await form.getByRole("combobox", { name: /^Token/ }).click();
  await page.getByRole("option", { name: `Zap API ${suffix} — ${token}` }).click();
  const number = `5531${String(Date.now()).slice(-9)}`;
  await form.getByLabel(/^Número/).fill(number);
  await form.getByLabel("Mensagem").fill(`Seu boleto vence amanhã ${suffix}`);
  await form.getByRole("switch", { name: "Abrir atendimento" }).click();
  await form.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Mensagem enviada com sucesso")).toBeVisible();
  const answer = JSON.parse(
    (await page.getByLabel("Resposta", { exact: true }).textContent()) ?? "{}",
  ) as {
    ticketUuid: string;
  };
  await page.screenshot({ path: `${SHOTS}/messages-api.png`, fullPage: true });

  await page.goto(`/tickets/${answer.ticketUuid}`);
  await expect(
    page.getByLabel("Mensagens").getByText(`Seu boleto vence amanhã ${suffix}`),
  ).toBeVisible();
});
