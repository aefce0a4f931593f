import { expect, test } from "@playwright/test";
import {
  api,
  apiToken,
  loginUi,
  newCompany,
  pairedWhatsapp,
  phone,
  settled,
  SHOTS,
  unique,
} from "./support";

/**
 * Campaigns end to end (issue #15): a contact list filled by importing a CSV (one bad row
 * reported), a campaign to it over WhatsApp (the fake Baileys socket) started at once, its
 * report filling in live, and a contact's 'SAIR' reply counted as an opt-out.
 */

test("import a list, run a campaign to it and read its report", async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = unique();
  const company = await newCompany(request, `Campanhas ${suffix}`, { campaignsEnabled: true });
  const connection = await pairedWhatsapp(request, company.token, `Zap ${suffix}`);
  // Seconds between messages kept short so the run ends within the test.
  await api(request, company.token, "put", "/campaign-settings", {
    messageIntervalMin: 0,
    messageIntervalMax: 1,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    allowedHoursStart: "00:00",
    allowedHoursEnd: "23:59",
    allowedDays: [0, 1, 2, 3, 4, 5, 6],
    optOutWords: ["SAIR", "PARAR"],
  });

  await loginUi(page, company.email, company.password);
  await expect(page).toHaveURL(/\/tickets/);

  // A list, filled by importing a CSV: two good rows, one number refused with its reason.
  await page.goto("/contact-lists");
  await page.getByRole("button", { name: "Nova lista" }).click();
  const listName = `Clientes ${suffix}`;
  await page.getByRole("dialog").getByLabel("Nome").fill(listName);
  await page.getByRole("dialog").getByRole("button", { name: "Adicionar" }).click();
  await page.getByRole("button", { name: `Abrir contatos de ${listName}` }).click();
  await expect(page).toHaveURL(/\/contact-lists\/\d+/);
  const base = Date.now().toString().slice(-8);
  const ana = `5511${base}`;
  const bruno = `5521${base}`;
  const csv = `nome;numero;email\nAna;${ana};ana@cliente.test\nBruno;+${bruno};\nSem número;12;\n`;
  await page.getByLabel("Arquivo de contatos da lista (CSV ou XLSX)").setInputFiles({
    name: "lista.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  const report = page.getByRole("dialog", { name: "Resultado da importação" });
  await expect(report.getByText("Criados: 2")).toBeVisible();
  await expect(
    report.getByText("Linha 4: Número inválido: informe DDI, DDD e número (ex.: 5511988887777)"),
  ).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/campaigns-import-report.png` });
  await report.getByRole("button").last().click();
  await expect(page.getByRole("table", { name: "Contatos da lista" })).toContainText("Bruno");

  // A campaign to that list, sent now after the confirmation.
  await page.goto("/campaigns");
  await page.getByRole("button", { name: "Nova campanha" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova campanha" });
  const campaignName = `Promo ${suffix}`;
  await dialog.getByLabel("Nome").fill(campaignName);
  await dialog.getByRole("combobox", { name: "Conexão" }).click();
  await page.getByRole("option", { name: `Zap ${suffix}` }).click();
  await dialog.getByRole("combobox", { name: "Lista de contatos" }).click();
  await page.getByRole("option", { name: listName }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  await dialog.getByLabel("Mensagem 1", { exact: true }).fill("Olá {nome}, temos novidades!");
  await page.screenshot({ path: `${SHOTS}/campaigns-dialog.png` });
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  const startNow = page.getByRole("dialog", { name: "Enviar agora?" });
  await expect(startNow).toContainText("2 contatos");
  await startNow.getByRole("button", { name: "Enviar agora" }).click();

  // The report fills in live: both recipients get their message, then it is Finalizada.
  await page.getByRole("button", { name: `Relatório de ${campaignName}` }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+\/report/);
  const card = (label: string) => page.getByRole("group", { name: label, exact: true });
  await expect(card("Enviadas")).toContainText("2", { timeout: 60_000 });
  await expect(page.getByText("Finalizada").first()).toBeVisible({ timeout: 60_000 });

  // Ana answers 'SAIR': counted as replied and opted out, live.
  await phone(request, connection.id, "message", { from: ana, name: "Ana", text: "SAIR" });
  await expect(card("Descadastradas")).toContainText("1", { timeout: 20_000 });
  await expect(card("Respondidas")).toContainText("1");
  await page.screenshot({ path: `${SHOTS}/campaigns-report.png`, fullPage: true });

  // The recipients table tells each one's outcome.
  const recipients = page.getByRole("table").filter({ hasText: "Bruno" });
  await expect(recipients.getByRole("row").filter({ hasText: "Ana" })).toContainText(
    "Descadastrado",
  );

  // The list shows it finished; the settings screen holds what was saved.
  await page.getByRole("link", { name: "Listagem" }).click();
  const row = page.getByRole("row").filter({ hasText: campaignName });
  await expect(row).toContainText("Finalizada");
  await page.screenshot({ path: `${SHOTS}/campaigns-list.png` });
  await page.goto("/campaigns-config");
  await expect(page.getByLabel("Intervalo máximo (segundos)")).toHaveValue("1");
  await page.screenshot({ path: `${SHOTS}/campaigns-config.png`, fullPage: true });

  // Each message went out with its contact's name (the browser's login replaced the API one).
  const { token } = await apiToken(request, company.email, company.password);
  const tickets = await api(request, token, "get", "/tickets?status=closed&showAll=true");
  expect(JSON.stringify(tickets)).toContain("Olá Bruno, temos novidades!");
});
