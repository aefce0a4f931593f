import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { api, apiToken, loginUi, phone, SHOTS, unique } from "./support";

const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

test("an admin adds a WhatsApp connection, scans its QR code, and disconnects it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `WhatsApp ${unique()}`;

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/connections");
  await expect(page.getByRole("heading", { name: "Conexões" })).toBeVisible();

  // Add: WhatsApp is the default channel; the API token is generated.
  await page.getByRole("button", { name: "Adicionar" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar conexão" });
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  await expect(dialog.getByRole("combobox", { name: "Canal" })).toHaveText("WhatsApp");
  await dialog.getByRole("button", { name: "Gerar" }).click();
  await expect(dialog.getByRole("textbox", { name: "Token" })).toHaveValue(/^[A-Za-z0-9]{24}$/);
  await dialog.getByRole("textbox", { name: "Mensagem de saudação" }).fill("Olá {nome}!");
  await page.screenshot({ path: `${SHOTS}/connection-dialog.png` });
  const created = page.waitForResponse(
    (res) => res.url().endsWith("/whatsapp") && res.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  const connectionId = ((await (await created).json()) as { id: number }).id;
  await expect(page.getByText("Conexão salva com sucesso.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = rowOf(page, name);
  await expect(row.getByText("Desconectado")).toBeVisible();
  await expect(row.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Novo QR Code" })).toBeVisible();
  // The menu's '!' badge: a connection needs attention (evaluated 2 s after the list changes).
  await expect(page.getByTitle("Há conexões que precisam de atenção")).toBeVisible();

  // Start the session; the phone's WhatsApp offers a QR code, which arrives live.
  await row.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(row.getByRole("button", { name: "Tentar novamente" })).toBeHidden();
  await phone(request, connectionId, "qr", { qr: `2@e2e-${unique()},key,adv` });
  await expect(row.getByText("Aguardando QR Code")).toBeVisible();
  await row.getByRole("button", { name: "QR Code" }).click();
  const qrDialog = page.getByRole("dialog", { name: `Leia o QR Code — ${name}` });
  const qr = qrDialog.getByTestId("qr-code").locator("svg");
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("width", "256");
  await page.screenshot({ path: `${SHOTS}/connection-qr.png` });

  // Scanned: the dialog closes by itself and the row shows the connected session.
  await phone(request, connectionId, "open");
  await expect(qrDialog).toBeHidden();
  await expect(row.getByText("Conectado")).toBeVisible();
  await expect(row.getByRole("button", { name: "Desconectar" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/connections-page.png` });

  // Disconnect from the page: the buttons go back to try again / new QR code.
  await row.getByRole("button", { name: "Desconectar" }).click();
  await expect(row.getByText("Desconectado")).toBeVisible();
  await expect(row.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Novo QR Code" })).toBeVisible();

  // The messages API page: a key is generated and shown once; the company's API is off.
  await page.goto("/messages-api");
  await expect(page.getByRole("heading", { name: "API de Mensagens" })).toBeVisible();
  await expect(page.getByText(/A API de mensagens está desativada/)).toBeVisible();
  // Each run starts with a fresh database: the company has no key yet.
  await page.getByRole("button", { name: "Gerar chave" }).click();
  await expect(
    page.getByText("Copie a chave agora: ela não será mostrada novamente."),
  ).toBeVisible();
  const form = page.getByRole("form", { name: "Testar envio" });
  await expect(form.getByRole("textbox", { name: "Chave" })).toHaveValue(/^atk_\d+_/);
  await form.getByRole("combobox", { name: "Token" }).click();
  await page.getByRole("option", { name: new RegExp(`^${name} — `) }).click();
  await form.getByRole("textbox", { name: "Número" }).fill("5511999999999");
  await form.getByRole("textbox", { name: "Mensagem" }).fill("Teste da API");
  await form.getByRole("button", { name: "Enviar" }).click();
  // The real endpoint answers: this company's API has not been enabled by the operator.
  await expect(
    page.getByText("A API de mensagens está desativada para esta empresa.", { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-api.png` });
  await page.getByLabel("Mensagem com mídia (multipart)", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/messages-api-docs.png` });
});

/**
 * A WhatsApp connection that stays on 'Conectando' (no QR code comes): after a minute the row
 * says so and why, and offers to try again; a QR code then arrives as usual.
 */
test("a connection stuck on 'Conectando' says why and can be retried", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Travada ${unique()}`;
  // The browser's clock is ours to move: a minute passes in an instant.
  await page.clock.install();
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/connections");
  await page.getByRole("button", { name: "Adicionar" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar conexão" });
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  const created = page.waitForResponse(
    (res) => res.url().endsWith("/whatsapp") && res.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  const connectionId = ((await (await created).json()) as { id: number }).id;

  const row = rowOf(page, name);
  await row.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(row.getByRole("button", { name: "Conectando" })).toBeDisabled();
  await expect(row.getByText("Aguardando o QR Code do WhatsApp…")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/connection-opening.png` });

  await page.clock.fastForward(61_000);
  await expect(row.getByText("Sem QR Code há mais de 1 minuto.")).toBeVisible();
  await expect(row.getByText(/não recebeu resposta do WhatsApp/)).toBeVisible();
  await expect(row.getByText("Conectando", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/connection-stuck.png` });

  // Try again: the session starts over, and this time the phone offers its QR code.
  await row.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(row.getByText("Sem QR Code há mais de 1 minuto.")).toBeHidden();
  await phone(request, connectionId, "qr", { qr: `2@e2e-${unique()},key,adv` });
  await expect(row.getByText("Aguardando QR Code")).toBeVisible();
  await expect(row.getByRole("button", { name: "QR Code" })).toBeVisible();
});

/** A Facebook page is signed in with a token: its row offers 'Reconectar', never a QR code. */
test("a Meta connection's row offers only what fits the channel", async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request);
  const name = `Página ${unique()}`;
  await api(request, admin.token, "post", "/whatsapp", {
    name,
    channelType: "FACEBOOK",
    config: { pageId: String(Date.now()).slice(-12), accessToken: "EAAtest-token" },
  });
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/connections");
  const row = rowOf(page, name);
  // The token cannot be checked from here (no Graph API): the page is not connected.
  await expect(row.getByRole("button", { name: "Reconectar" })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole("button", { name: "Novo QR Code" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Tentar novamente" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "QR Code" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/connection-meta-row.png` });
});
