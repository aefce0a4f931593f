import { expect, test, type Page } from "@playwright/test";
import { api, loginUi, newCompany, settled, SHOTS, unique } from "./support";

/** Starts a conversation on /webchat/<uuid> as a visitor who gives a phone. */
async function visitorWrites(page: Page, uuid: string, name: string, phone: string, text: string) {
  await page.goto(`/webchat/${uuid}`);
  await page.getByLabel("Seu nome").fill(name);
  await page.getByLabel("Telefone (opcional)").fill(phone);
  await page.getByRole("button", { name: "Iniciar conversa" }).click();
  const input = page.getByPlaceholder("Digite sua mensagem…");
  await input.fill(text);
  await input.press("Enter");
  await expect(page.getByText(text)).toBeVisible();
}

/**
 * An agent with a web-chat visitor who gave a phone: the phone is kept and shown as one (never
 * the visitor's internal id); a contact the web chat cannot reach is not offered it; the
 * error toasts and notes speak Portuguese; text with a file arrives as one message.
 */
test("a web-chat visitor's phone, the channels that reach a contact, and Portuguese errors", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A company of its own: other specs' connected numbers would reach the phone-only contact,
  // and a retry must not meet the visitor's phone from the first attempt.
  const suffix = unique();
  const admin = await newCompany(request, `Loja ${suffix}`);
  const queue = await api(request, admin.token, "post", "/queue", {
    name: `Loja ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "1")}`,
  });
  const connection = await api(request, admin.token, "post", "/whatsapp", {
    name: `Loja ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
  });
  const agentEmail = `ana-${suffix}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: "Ana Agente",
    email: agentEmail,
    password: "agent123",
    profile: "user",
    queueIds: [queue.id],
  });
  const phoneOnly = await api(request, admin.token, "post", "/contacts", {
    name: `Bruno ${suffix}`,
    number: `5521${String(Date.now()).slice(-9)}`,
  });

  // The visitor gives a masked phone with its country code.
  const visitorName = `Maria ${suffix}`;
  const visitorContext = await browser.newContext({ viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitorWrites(
    visitor,
    connection.uuid,
    visitorName,
    "+55 (11) 98888-7777",
    "Oi, tudo bem?",
  );

  // The agent accepts; the contact drawer shows the phone as typed digits, a tel: link.
  const agentContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const agent = await agentContext.newPage();
  await loginUi(agent, agentEmail, "agent123");
  await agent.getByRole("tab", { name: /Aguardando/ }).click();
  const row = agent.getByRole("listitem").filter({ hasText: visitorName });
  await row.getByRole("button", { name: "Aceitar" }).click();
  await agent.getByRole("button", { name: `Ver contato ${visitorName}` }).click();
  const drawer = agent.getByRole("dialog", { name: "Dados do contato" });
  const phoneLink = drawer.getByRole("link", { name: "5511988887777" });
  await expect(phoneLink).toHaveAttribute("href", "tel:5511988887777");
  await expect(drawer).not.toContainText("wc-");
  // A note written in the drawer shows in the conversation too, as a note, with its author.
  await drawer
    .getByPlaceholder("Escreva uma observação")
    .fill("Cliente pediu retorno por telefone");
  await drawer.getByRole("button", { name: "Salvar" }).click();
  await expect(agent.getByText("Observação adicionada com sucesso!")).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/webchat-contact-phone.png` });
  await drawer.getByRole("button", { name: "Fechar" }).click();
  const thread = agent.getByRole("log", { name: "Mensagens" });
  const note = thread.locator("[data-note]").filter({ hasText: "Cliente pediu retorno" });
  await expect(note).toContainText("Nota interna · Ana Agente");

  // Text typed with a file goes as one message: the file with its caption.
  await agent
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "boleto.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% boleto\n"),
    });
  await agent.getByPlaceholder("Digite uma mensagem").fill("Segue o boleto");
  await agent.getByPlaceholder("Digite uma mensagem").press("Enter");
  const sent = thread.locator("[data-testid^='message-']").filter({ hasText: "boleto.pdf" });
  await expect(sent).toContainText("Segue o boleto");
  await expect(visitor.locator(".msg").filter({ hasText: "boleto.pdf" })).toContainText(
    "Segue o boleto",
  );
  await agent.screenshot({ path: `${SHOTS}/webchat-note-and-caption.png` });
  await visitor.screenshot({ path: `${SHOTS}/webchat-visitor-caption.png` });

  // The emoji picker: Escape closes it and the text field has the focus again.
  const composer = agent.getByPlaceholder("Digite uma mensagem");
  await agent.getByRole("button", { name: "Emojis" }).click();
  await expect(agent.getByLabel("Seletor de emojis")).toBeVisible();
  await expect(agent.getByPlaceholder("Pesquisar emoji")).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/composer-emoji-picker.png` });
  await agent.keyboard.press("Escape");
  await expect(agent.getByLabel("Seletor de emojis")).toBeHidden();
  await expect(composer).toBeFocused();

  // The last message deleted: the row previews the message before it, not the deleted text.
  const sentBubble = thread.getByTestId((await sent.getAttribute("data-testid"))!);
  await sentBubble.hover();
  await sentBubble.getByRole("button", { name: "Opções da mensagem" }).click();
  await agent.getByRole("menuitem", { name: "Deletar" }).click();
  await agent
    .getByRole("dialog", { name: "Apagar mensagem?" })
    .getByRole("button", { name: /Deletar|Apagar|Excluir|Confirmar/ })
    .click();
  await expect(sentBubble).toContainText("Esta mensagem foi apagada");
  const openRow = agent.locator("[data-testid^='ticket-row-']").filter({ hasText: visitorName });
  await expect(openRow.getByText("Oi, tudo bem?")).toBeVisible();
  await expect(openRow.getByText("Segue o boleto")).toHaveCount(0);
  await agent.screenshot({ path: `${SHOTS}/ticket-row-after-delete.png` });

  // A phone contact who never used the widget: the web chat is not offered to reach them.
  await agent.getByRole("button", { name: "Novo" }).click();
  const newTicket = agent.getByRole("dialog", { name: "Criar Ticket" });
  await newTicket.getByLabel("Contato").fill(`Bruno ${suffix}`);
  await agent
    .getByRole("option", { name: new RegExp(`^Bruno ${suffix} - ${phoneOnly.number}$`) })
    .click();
  await expect(newTicket.getByText(/Nenhuma conexão conectada alcança este contato/)).toBeVisible();
  await expect(newTicket.getByRole("button", { name: "Salvar" })).toBeDisabled();
  await agent.screenshot({ path: `${SHOTS}/new-ticket-unreachable.png` });
  await newTicket.getByRole("button", { name: "Cancelar" }).click();

  // The admin opens a ticket for the visitor Ana holds: the toast says so, in Portuguese.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const adminPage = await adminContext.newPage();
  await loginUi(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/tickets$/);
  await adminPage.getByRole("button", { name: "Novo" }).click();
  const adminDialog = adminPage.getByRole("dialog", { name: "Criar Ticket" });
  await adminDialog.getByLabel("Contato").fill(visitorName);
  // Beside the name, the phone the visitor typed (never an internal id).
  await adminPage.getByRole("option", { name: `${visitorName} - 5511988887777` }).click();
  await expect(adminDialog.getByRole("combobox", { name: "Conexão" })).toHaveText(`Loja ${suffix}`);
  await adminDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(
    adminPage.getByText("Já existe um ticket aberto para este contato, com Ana Agente."),
  ).toBeVisible();
  await settled(adminPage);
  await adminPage.screenshot({ path: `${SHOTS}/new-ticket-other-open-pt.png` });

  await adminContext.close();
  await agentContext.close();
  await visitorContext.close();
});

/**
 * The widget and its page speak the company's language (its settings), not the visitor's
 * browser; the page asks for no favicon that is not there.
 */
test("the web chat speaks the company's language; no favicon 404", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const companyAdmin = await newCompany(request, `Tienda ${suffix}`, { language: "es-ES" });
  const connection = await api(request, companyAdmin.token, "post", "/whatsapp", {
    name: `Tienda ${suffix}`,
    channelType: "WEB_CHAT",
  });

  // The visitor's browser is Brazilian Portuguese.
  const context = await browser.newContext({
    locale: "pt-BR",
    viewport: { width: 420, height: 760 },
  });
  const page = await context.newPage();
  const notFound: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 404) notFound.push(res.url());
  });
  await page.goto(`/webchat/${connection.uuid}`);
  await expect(page.getByLabel("Tu nombre")).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar conversación" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // A phone without its country code is refused in Spanish too.
  await page.getByLabel("Tu nombre").fill("Lucía");
  await page.getByLabel("Teléfono (opcional)").fill("(11) 9888-7777");
  await page.getByRole("button", { name: "Iniciar conversación" }).click();
  await expect(page.getByText(/^Teléfono inválido/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/webchat-spanish.png` });

  await page.getByLabel("Teléfono (opcional)").fill("+34 612 345 678");
  await page.getByRole("button", { name: "Iniciar conversación" }).click();
  await expect(page.getByPlaceholder("Escribe tu mensaje…")).toBeVisible();
  expect(notFound).toEqual([]);
  await context.close();
});
