import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { api, apiToken, loginUi, SHOTS, unique } from "./support";

test("an unauthenticated visit to an admin route lands on /login", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login.png` });
});

test("a wrong password shows the authentication error and stays on /login", async ({ page }) => {
  await loginUi(page, E2E_ADMIN.email, "wrong-password");
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the admin logs in, sees the admin drawer and the users page, then logs out", async ({
  page,
}) => {
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText("Login efetuado com sucesso!")).toBeVisible();
  const drawer = page.getByRole("navigation");
  for (const entry of [
    "Dashboard",
    "Atendimentos",
    "Usuários",
    "Filas & Chatbot",
    "Configurações",
    "Informativos",
  ]) {
    await expect(drawer.getByText(entry, { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/admin-tickets.png`, fullPage: true });

  await drawer.getByText("Usuários", { exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("cell", { name: E2E_ADMIN.email })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-users.png`, fullPage: true });

  await page.getByRole("button", { name: "Conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/tickets");
  await expect(page).toHaveURL(/\/login$/);
});

test("an agent is sent from an admin route to /tickets and sees no admin entries", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const email = `agent-${unique()}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: "Agente Ana",
    email,
    password: "agent123",
    profile: "user",
  });

  await loginUi(page, email, "agent123");
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/tickets$/);
  const drawer = page.getByRole("navigation");
  await expect(drawer.getByText("Atendimentos", { exact: true }).first()).toBeVisible();
  for (const entry of ["Dashboard", "Configurações", "Filas & Chatbot", "Informativos"]) {
    await expect(drawer.getByText(entry, { exact: true })).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/agent-tickets.png`, fullPage: true });
});

test("a second login elsewhere logs the first browser out", async ({ browser, request }) => {
  const admin = await apiToken(request);
  const email = `twice-${unique()}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: "Duas Vezes",
    email,
    password: "twice123",
  });
  const first = await (await browser.newContext()).newPage();
  await loginUi(first, email, "twice123");
  await expect(first).toHaveURL(/\/tickets$/);
  const second = await (await browser.newContext()).newPage();
  await loginUi(second, email, "twice123");
  await expect(second).toHaveURL(/\/tickets$/);
  await expect(first.getByText("Sua conta foi acessada em outro computador.")).toBeVisible();
  await expect(first).toHaveURL(/\/login$/, { timeout: 10_000 });
});

/**
 * Joining a company: the admin finds the signup link in Settings once user creation is on;
 * the signup page explains the link and the optional token, and what to do without them.
 */
test("signup explains the admin's link and the token", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request);
  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/settings");
  await page.getByLabel("Criação de usuário").click();
  await page.getByRole("option", { name: "Habilitado" }).click();
  const link = page.getByTestId("signup-link");
  await expect(link).toHaveText(new RegExp(`/signup\\?companyId=${admin.user.companyId}$`));
  await page.screenshot({ path: `${SHOTS}/settings-signup-link.png` });

  const visitor = await browser.newPage();
  await visitor.goto("/signup");
  await expect(visitor.getByText(/Este endereço não indica a sua empresa/)).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/signup-without-company.png` });
  await visitor.goto((await link.textContent())!);
  await expect(visitor.getByText(/empresa do link de cadastro que recebeu/)).toBeVisible();
  await expect(visitor.getByLabel("Token (opcional)")).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/signup-with-link.png` });
  await visitor.close();

  // Back as it was: signup closed.
  await page.getByLabel("Criação de usuário").click();
  await page.getByRole("option", { name: "Desabilitado" }).click();
  await expect(link).toHaveCount(0);
});
