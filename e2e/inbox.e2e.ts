import { expect, test } from "@playwright/test";
import { api, apiToken, loginUi, SHOTS, unique } from "./support";

/**
 * The heart of the product: a visitor writes in the web-chat widget, the ticket appears live in
 * an agent's Pending tab, the agent accepts and replies with text and a file, the visitor sees
 * both, the agent resolves and the completion message reaches the visitor.
 */
test("a web-chat conversation from the widget to resolution, live on both sides", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request);
  const suffix = unique();
  const queue = await api(request, admin.token, "post", "/queue", {
    name: `Suporte ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "0")}`,
  });
  const connection = await api(request, admin.token, "post", "/whatsapp", {
    name: `Site ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
    complationMessage: "Obrigado, {nome}! Protocolo {protocolo}.",
  });
  const agentEmail = `ana-${suffix}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: "Ana Agente",
    email: agentEmail,
    password: "agent123",
    profile: "user",
    queueIds: [queue.id],
  });

  // The agent waits in the Pending tab.
  const agentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agent = await agentContext.newPage();
  await loginUi(agent, agentEmail, "agent123");
  await expect(agent).toHaveURL(/\/tickets$/);
  await agent.getByRole("tab", { name: /Aguardando/ }).click();

  // The visitor opens the chat page and writes.
  const visitorContext = await browser.newContext({ viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${connection.uuid}`);
  await visitor.getByLabel("Seu nome").fill("Maria Visitante");
  await visitor.getByRole("button", { name: "Iniciar conversa" }).click();
  const visitorInput = visitor.getByPlaceholder("Digite sua mensagem…");
  await visitorInput.fill("Olá, meu pedido não chegou");
  await visitorInput.press("Enter");
  await expect(visitor.getByText("Olá, meu pedido não chegou")).toBeVisible();

  // Live, without reload: the ticket shows in the agent's Pending list.
  const row = agent.getByRole("listitem").filter({ hasText: "Maria Visitante" });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText("Olá, meu pedido não chegou")).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/inbox-pending.png` });

  await row.getByRole("button", { name: "Aceitar" }).click();
  await expect(agent).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const composer = agent.getByPlaceholder("Digite uma mensagem");
  await expect(composer).toBeEnabled();
  await composer.fill("Vou verificar agora mesmo.");
  await composer.press("Enter");
  const thread = agent.getByLabel("Mensagens");
  await expect(thread.getByText("Vou verificar agora mesmo.")).toBeVisible();

  await agent
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "comprovante.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% comprovante de envio\n"),
    });
  await agent.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(thread.getByText("comprovante.pdf")).toBeVisible();

  // The visitor sees the reply (signed with the agent's name) and the file.
  await expect(visitor.getByText("Vou verificar agora mesmo.")).toBeVisible();
  await expect(visitor.getByText("comprovante.pdf")).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/inbox-ticket-wide.png` });
  await visitor.screenshot({ path: `${SHOTS}/widget-conversation.png` });

  // The visitor writes again and the agent sees it live in the open ticket.
  await visitorInput.fill("Obrigada!");
  await visitorInput.press("Enter");
  await expect(thread.getByText("Obrigada!")).toBeVisible();

  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.screenshot({ path: `${SHOTS}/inbox-ticket-narrow.png` });
  await agent.setViewportSize({ width: 1280, height: 800 });

  // Resolving sends the completion message, with its variables, to the visitor.
  await agent.getByRole("button", { name: "Resolver" }).click();
  await expect(agent).toHaveURL(/\/tickets$/);
  await expect(visitor.getByText(/^Obrigado, Maria Visitante! Protocolo \d+\.$/)).toBeVisible();
  await agent.getByRole("tab", { name: /Resolvidos/ }).click();
  await expect(agent.getByText("Maria Visitante").first()).toBeVisible();
  await expect(agent.getByText("Resolvido", { exact: true }).first()).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/inbox-closed.png` });

  await agentContext.close();
  await visitorContext.close();
});
