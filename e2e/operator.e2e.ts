import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { api, loginUi, newCompany, settled, SHOTS, unique } from "./support";

const OPERATOR_SHOTS = process.env.OPERATOR_SHOTS ?? SHOTS;

/**
 * A calendar day `days` from today as the Portuguese app shows it, dd/MM/yyyy (the browser
 * shares the test's clock).
 */
function inDays(days: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function createCompany(
  page: Page,
  company: {
    name: string;
    email: string;
    password: string;
    plan: string;
    dueDate: string;
    adminName?: string;
  },
) {
  const form = page.getByRole("form", { name: "Empresa" });
  await form.getByLabel("Nome", { exact: true }).fill(company.name);
  await form.getByLabel(/^E-mail/).fill(company.email);
  if (company.adminName) await form.getByLabel("Nome do administrador").fill(company.adminName);
  await form.getByLabel("Senha do administrador").fill(company.password);
  await choose(page, /^Plano/, company.plan);
  await form.getByLabel("Data de vencimento", { exact: true }).fill(company.dueDate);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: company.name, exact: true })).toBeVisible();
  await expect(form.getByLabel("Nome", { exact: true })).toHaveValue("");
}

/**
 * The platform operator: a plan, two companies (the second one's admin signs in), filters,
 * archive and background delete of the first; help records with their delete confirmation.
 */
test("the operator manages plans, companies and help records", async ({ page, browser }) => {
  test.setTimeout(240_000);
  mkdirSync(OPERATOR_SHOTS, { recursive: true });
  const suffix = unique();
  const planName = `Plano ${suffix}`;
  const first = {
    name: `Alfa ${suffix}`,
    email: `alfa-${suffix}@cliente.test`,
    password: "alfa-senha-123",
    plan: planName,
    dueDate: inDays(-5),
  };
  const second = {
    name: `Beta ${suffix}`,
    email: `beta-${suffix}@cliente.test`,
    password: "beta-senha-123",
    plan: planName,
    dueDate: inDays(3),
    adminName: "Bruna Beta",
  };

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginUi(page, "admin@e2e.test", "admin-e2e-123");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings");

  // Plans: the name is required; then a plan with its limits.
  await page.getByRole("tab", { name: "Planos" }).click();
  const planForm = page.getByRole("form", { name: "Plano" });
  await planForm.getByRole("button", { name: "Salvar" }).click();
  // The validation message in the app's language (pt), not the schema's English.
  await expect(planForm.getByText("Obrigatório")).toBeVisible();
  await planForm.getByLabel("Nome").fill(planName);
  await planForm.getByLabel("Usuários").fill("5");
  await planForm.getByLabel("Filas").fill("3");
  await planForm.getByLabel("Web Chat").fill("2");
  await planForm.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
  const planRow = page.getByRole("row").filter({ hasText: planName });
  await expect(planRow.getByRole("cell")).toHaveText([
    "",
    planName,
    "5",
    "3",
    "0",
    "0",
    "0",
    "0",
    "2",
    "Sim",
  ]);
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-plans.png`, fullPage: true });

  // Companies: two of them on the new plan.
  await page.getByRole("tab", { name: "Empresas" }).click();
  await createCompany(page, first);
  await createCompany(page, second);
  const table = page.getByRole("table", { name: "Empresas" });
  const firstRow = table.getByRole("row").filter({ hasText: first.name });
  const secondRow = table.getByRole("row").filter({ hasText: second.name });
  await expect(firstRow).toHaveAttribute("data-state", "overdue");
  await expect(secondRow).toHaveAttribute("data-state", "dueSoon");
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-companies.png`, fullPage: true });

  // The second company's boleto: uploaded from its row, then listed as a link.
  await secondRow.getByLabel(`Enviar boleto de ${second.name}`).setInputFiles({
    name: "boleto-beta.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 boleto"),
  });
  await expect(page.getByText("Boleto carregado com sucesso!")).toBeVisible();
  await expect(secondRow.getByRole("link", { name: "boleto-beta.pdf" })).toBeVisible();
  await table.evaluate((el) => el.parentElement?.scrollBy({ left: 2000 }));
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-companies-right.png` });

  // Filters: text, then the overdue preset.
  const search = page.getByLabel("Buscar por nome ou e-mail");
  await search.fill(`beta-${suffix}`);
  await expect(secondRow).toBeVisible();
  await expect(firstRow).toHaveCount(0);
  await search.fill(suffix);
  await choose(page, /^Vencimento/, "Vencidas");
  await expect(firstRow).toBeVisible();
  await expect(secondRow).toHaveCount(0);
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-companies-filtered.png` });
  await choose(page, /^Vencimento/, "Todos");

  // The second company's admin signs in on another browser and sees the app.
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const clientPage = await clientContext.newPage();
  await loginUi(clientPage, second.email, second.password);
  await expect(clientPage).not.toHaveURL(/\/login/);
  await expect(clientPage.getByRole("navigation").first()).toBeVisible();
  // The top bar greets the admin by their own name, not the company's.
  await expect(clientPage.getByRole("banner")).toContainText("Olá Bruna Beta");
  await clientPage.screenshot({ path: `${OPERATOR_SHOTS}/operator-client-login.png` });
  await clientContext.close();

  // Archive, then delete, the first company.
  await firstRow.getByRole("button", { name: `Selecionar ${first.name}` }).click();
  const form = page.getByRole("form", { name: "Empresa" });
  await expect(form.getByLabel(/^E-mail/)).toHaveValue(first.email);
  await expect(form.getByRole("button", { name: "Excluir" })).toHaveCount(0);
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-company-selected.png` });
  await form.getByRole("button", { name: "Arquivar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(firstRow.getByText("Arquivada")).toBeVisible();
  await expect(firstRow).toHaveAttribute("data-state", "archived");
  await form.getByRole("button", { name: "Excluir" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Deseja realmente excluir esse registro?");
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(
    page.getByText(
      "Solicitação realizada com sucesso! Essa rotina será executada em background, verifique em alguns minutos.",
    ),
  ).toBeVisible();
  // The background job removes it: reopen the tab (with archived shown) until it is gone.
  await expect(async () => {
    await page.getByRole("tab", { name: "Planos" }).click();
    await page.getByRole("tab", { name: "Empresas" }).click();
    await page.getByLabel("Mostrar arquivadas").check();
    await expect(secondRow).toBeVisible();
    await expect(firstRow).toHaveCount(0);
  }).toPass({ timeout: 60_000 });

  // Help records: save one in Version 2, then delete it after the confirmation.
  const helpTitle = `Tutorial ${suffix}`;
  await page.getByRole("tab", { name: "Ajuda" }).click();
  const helpForm = page.getByRole("form", { name: "Registro de ajuda" });
  await helpForm.getByLabel("Título").fill(helpTitle);
  await helpForm.getByLabel("Código do Vídeo").fill("dQw4w9WgXcQ");
  await helpForm.getByLabel("Descrição").fill("Como atender pelo chat do site");
  await choose(page, /^Versão/, "Versão 2");
  await helpForm.getByRole("button", { name: "Salvar" }).click();
  const version2 = page.getByRole("table", { name: "Versão 2" });
  await expect(version2.getByRole("cell", { name: helpTitle, exact: true })).toBeVisible();
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-helps.png`, fullPage: true });
  await version2.getByRole("button", { name: `Editar ${helpTitle}` }).click();
  await helpForm.getByRole("button", { name: "Excluir" }).click();
  const helpConfirm = page.getByRole("dialog", { name: "Exclusão de Registro" });
  await expect(helpConfirm).toContainText("Deseja realmente excluir esse registro?");
  await helpConfirm.getByRole("button", { name: "Excluir" }).click();
  await expect(version2.getByRole("cell", { name: helpTitle, exact: true })).toHaveCount(0);
});

/**
 * The billing cycle of a company (admin-operator §3 paymentStatus): every step reachable from
 * the table with a confirmation, an undo, and the 'Cobrança' filter finding the paid company.
 */
test("the operator walks a company through its billing cycle", async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(OPERATOR_SHOTS, { recursive: true });
  const suffix = unique();
  const name = `Gama ${suffix}`;
  const gama = await newCompany(request, name);
  const whatsApp = await api(request, gama.token, "post", "/whatsapp", {
    name: `Zap ${suffix}`,
    channelType: "BAILEYS",
  });

  await page.setViewportSize({ width: 1600, height: 900 });
  await loginUi(page, "admin@e2e.test", "admin-e2e-123");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Empresas" }).click();
  await page.getByLabel("Buscar por nome ou e-mail").fill(suffix);
  const row = page
    .getByRole("table", { name: "Empresas" })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(row.getByText("Cobrança a enviar")).toBeVisible();

  // PENDING → SENDED, after a confirmation; the time of the request is recorded.
  await row.getByRole("button", { name: `Registrar envio da cobrança de ${name}` }).click();
  const confirmSend = page.getByRole("dialog", { name: "Cobrança enviada" });
  await expect(confirmSend).toContainText(`Registrar que a cobrança de ${name} foi enviada agora?`);
  await confirmSend.getByRole("button", { name: "Confirmar" }).click();
  await expect(row.getByText("Cobrança enviada")).toBeVisible();
  await expect(row.getByText(/^Enviada em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // SENDED → COMPLETED, then undone from the toast, then confirmed again.
  await row.getByRole("button", { name: `Confirmar pagamento de ${name}` }).click();
  await page
    .getByRole("dialog", { name: "Pagamento efetivado" })
    .getByRole("button", { name: "Confirmar" })
    .click();
  await expect(row.getByText("Pagamento efetivado")).toBeVisible();
  await page.getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByText("Alteração desfeita.")).toBeVisible();
  await expect(row.getByText("Cobrança enviada")).toBeVisible();
  await row.getByRole("button", { name: `Confirmar pagamento de ${name}` }).click();
  await page
    .getByRole("dialog", { name: "Pagamento efetivado" })
    .getByRole("button", { name: "Confirmar" })
    .click();
  await expect(row.getByText("Pagamento efetivado")).toBeVisible();
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-billing-paid.png` });

  // The 'Cobrança' filter finds the paid company.
  await choose(page, /^Cobrança/, "Pagamento efetivado");
  await expect(row).toBeVisible();
  await choose(page, /^Cobrança/, "Cobrança a enviar");
  await expect(row).toHaveCount(0);
  await choose(page, /^Cobrança/, "Pagamento efetivado");
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-billing-filter.png` });

  // A new cycle from the row's menu, confirmed too.
  await row.getByRole("button", { name: `Alterar cobrança de ${name}` }).click();
  await page.getByRole("menuitem", { name: "Mudar para: Cobrança a enviar" }).click();
  await expect(page.getByRole("dialog", { name: "Cobrança a enviar" })).toContainText("Voltar");
  await settled(page);
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-billing-confirm.png` });
  await page
    .getByRole("dialog", { name: "Cobrança a enviar" })
    .getByRole("button", { name: "Confirmar" })
    .click();
  await expect(row).toHaveCount(0); // the filter still shows paid companies only
  await choose(page, /^Cobrança/, "Todos");
  await expect(row.getByText("Cobrança a enviar")).toBeVisible();

  // Restarting its WhatsApp: a spinner while the server waits for the session, then the
  // spec's toast, since the phone never answers here.
  await row.getByRole("button", { name: `${whatsApp.name} (WhatsApp): DISCONNECTED` }).click();
  await page
    .getByRole("dialog", { name: "Reiniciar conexão" })
    .getByRole("button", { name: "Confirmar" })
    .click();
  await expect(
    row.getByRole("progressbar", { name: `Reiniciando a conexão ${whatsApp.name}…` }),
  ).toBeVisible();
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-restart-spinner.png` });
  await expect(page.getByText("Não foi possível conectar ao reinicar conexão!")).toBeVisible({
    timeout: 30_000,
  });
  await expect(row.getByRole("progressbar")).toHaveCount(0);

  // The connection-limit dialog says what 0 means.
  await page.getByRole("button", { name: "Limite de conexões" }).click();
  const limits = page.getByRole("dialog", { name: "Limite de conexões" });
  await expect(limits).toContainText("Deixe 0 para usar o limite do plano.");
  await settled(page);
  await page.screenshot({ path: `${OPERATOR_SHOTS}/operator-connection-limits.png` });
  await limits.getByRole("button", { name: "Fechar" }).click();
});
