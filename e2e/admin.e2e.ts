import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { api, apiToken, loginUi, SHOTS, unique } from "./support";

const ADMIN_SHOTS = process.env.ADMIN_SHOTS ?? SHOTS;

/**
 * The day (dd/MM/yyyy, as the Portuguese app shows it) and the time (HH:mm) `minutes` from now
 * (browser and test share the clock and zone).
 */
function localInput(minutes: number): { day: string; time: string } {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    day: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/**
 * Company administration: a tag, a quick message used with '/' in a ticket's composer, and a
 * message scheduled from the ticket's options menu, listed on /schedules.
 */
test("tags, quick messages and schedules from the admin screens", async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(ADMIN_SHOTS, { recursive: true });
  const admin = await apiToken(request);
  const suffix = unique();
  const queue = await api(request, admin.token, "post", "/queue", {
    name: `Vendas ${suffix}`,
    color: `#${suffix.slice(0, 6).padEnd(6, "0")}`,
  });
  const connection = await api(request, admin.token, "post", "/whatsapp", {
    name: `Site ${suffix}`,
    channelType: "WEB_CHAT",
    queueIds: [queue.id],
  });
  const visitorName = `Visitante ${suffix}`;
  const session = await request.post(`/webchat/${connection.uuid}/session`, {
    data: { name: visitorName },
  });
  const { token: visitorToken } = (await session.json()) as { token: string };
  const sent = await request.post(`/webchat/${connection.uuid}/messages`, {
    headers: { authorization: `Bearer ${visitorToken}` },
    data: { body: "Preciso de ajuda", clientId: `c-${suffix}` },
  });
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 1366, height: 860 });
  await loginUi(page, "admin@e2e.test", "admin-e2e-123");
  await expect(page).not.toHaveURL(/\/login/);

  // Tags.
  await page.goto("/tags");
  await page.getByRole("button", { name: "Nova tag" }).click();
  const tagDialog = page.getByRole("dialog", { name: "Adicionar tag" });
  await tagDialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(tagDialog.getByText("Obrigatório")).toBeVisible();
  await tagDialog.getByLabel("Nome").fill(`VIP ${suffix}`);
  await tagDialog.getByLabel("Cor", { exact: true }).fill("#d32f2f");
  await tagDialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Tag salva com sucesso.")).toBeVisible();
  await expect(page.getByRole("cell", { name: `VIP ${suffix}`, exact: true })).toBeVisible();
  await page.screenshot({ path: `${ADMIN_SHOTS}/tags.png` });

  // Quick messages.
  const shortcode = `saud${suffix}`;
  await page.goto("/quick-messages");
  await page.getByRole("button", { name: "Adicionar" }).click();
  const qmDialog = page.getByRole("dialog", { name: "Mensagem Rápida" });
  await qmDialog.getByLabel("Atalho").fill(shortcode);
  await qmDialog.getByLabel("Mensagem").fill("Olá! Como posso ajudar?");
  await qmDialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Messagem adicionada com sucesso.")).toBeVisible();
  await expect(page.getByRole("cell", { name: shortcode, exact: true })).toBeVisible();
  await page.screenshot({ path: `${ADMIN_SHOTS}/quick-messages.png` });

  // The ticket: accept it, then '/' + shortcut in the composer.
  await page.goto("/tickets");
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  const row = page.getByRole("listitem").filter({ hasText: visitorName });
  await row.getByRole("button", { name: "Aceitar" }).click();
  const composer = page.getByPlaceholder("Digite uma mensagem");
  await expect(composer).toBeEnabled();
  await composer.fill(`/${shortcode}`);
  await expect(page.getByText("Olá! Como posso ajudar?").first()).toBeVisible();
  await page.screenshot({ path: `${ADMIN_SHOTS}/composer-quick-message.png` });
  await composer.fill("");

  // A schedule one minute ahead from the ticket's options menu.
  await page.getByRole("button", { name: "Opções do ticket" }).click();
  await page.getByRole("menuitem", { name: "Agendar mensagem" }).click();
  const scheduleDialog = page.getByRole("dialog", { name: "Agendamento" });
  await expect(scheduleDialog.getByLabel("Contato")).toHaveValue(visitorName);
  await scheduleDialog.getByLabel("Mensagem", { exact: true }).fill("Lembrete agendado");
  const sendAt = localInput(new Date().getSeconds() > 45 ? 2 : 1);
  await scheduleDialog.getByLabel("Data de envio", { exact: true }).fill(sendAt.day);
  await scheduleDialog.getByLabel("Hora", { exact: true }).fill(sendAt.time);
  await page.screenshot({ path: `${ADMIN_SHOTS}/schedule-dialog.png` });
  await scheduleDialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Agendamento salvo com sucesso.")).toBeVisible();

  await page.goto("/schedules");
  const scheduleRow = page.getByRole("row").filter({ hasText: visitorName });
  await expect(scheduleRow).toContainText("Lembrete agendado");
  await expect(scheduleRow).toContainText("Pendente");
  await page.screenshot({ path: `${ADMIN_SHOTS}/schedules.png` });

  // The durable job sends it at its time; the list follows live.
  await expect(scheduleRow).toContainText("Enviada", { timeout: 150_000 });
  await page.screenshot({ path: `${ADMIN_SHOTS}/schedules-sent.png` });

  // Contacts export: an .xlsx that holds the visitor.
  await page.goto("/contacts");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("contatos.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String);
  expect(cells).toContain(visitorName);
});
