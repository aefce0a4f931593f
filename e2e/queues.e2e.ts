import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { api, apiToken, loginUi, SHOTS, unique } from "./support";

const WEEKDAYS = ["Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira"];

test("an admin creates a queue with working hours and a two-level options tree", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  // API set-up first: a UI login of the same admin ends the API session (one session per user).
  const admin = await apiToken(request);
  await api(request, admin.token, "put", "/settings/scheduleType", { value: "queue" });
  const checkerEmail = `checker-${suffix}@e2e.test`;
  await api(request, admin.token, "post", "/users", {
    name: "Checker",
    email: checkerEmail,
    password: "checker123",
    profile: "admin",
  });

  await loginUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/queues");
  await page.getByRole("button", { name: "Adicionar fila" }).click();
  const dialog = page.getByRole("dialog");
  const name = `Financeiro ${suffix}`;
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  await dialog.getByRole("textbox", { name: "Cor", exact: true }).fill(
    `#${suffix
      .replace(/[^0-9a-f]/g, "a")
      .slice(0, 6)
      .padEnd(6, "0")}`,
  );
  await dialog.getByRole("tab", { name: "Horários de Atendimento" }).click();
  for (const day of WEEKDAYS) {
    await dialog.getByLabel(`Início de ${day}`).fill("0800");
    await dialog.getByLabel(`Fim de ${day}`).fill("1800");
  }
  await expect(dialog.getByLabel("Início de Segunda-feira")).toHaveValue("08:00");
  await page.screenshot({ path: `${SHOTS}/queue-hours.png` });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(
    page.getByText("Nova fila criada, agora você tem acesso a mais opções"),
  ).toBeVisible();

  // The modal stays open on the new queue: build the tree.
  await dialog.getByRole("tab", { name: "Dados da Fila" }).click();
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await dialog.getByLabel("Título").fill("Boletos");
  await dialog.getByLabel("Mensagem", { exact: true }).fill("Escolha uma opção de boletos");
  await dialog.getByRole("button", { name: "Salvar opção" }).click();
  await expect(dialog.getByText("1. Boletos")).toBeVisible();
  await dialog.getByRole("button", { name: "Abrir 1. Boletos" }).click();
  // The child list sits under its parent, before the root list's own add button.
  await dialog.getByRole("button", { name: "Adicionar opção" }).first().click();
  await dialog.getByLabel("Título").fill("Segunda via");
  await dialog.getByLabel("Mensagem", { exact: true }).fill("Enviaremos a segunda via.");
  await dialog.getByRole("button", { name: "Salvar opção" }).click();
  await expect(dialog.getByText("1. Segunda via")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/queue-options-tree.png` });

  // What the server stored.
  const checker = await apiToken(request, checkerEmail, "checker123");
  const queues = (await api(request, checker.token, "get", "/queue")) as {
    id: number;
    name: string;
    schedules: { weekdayEn: string; startTime: string; endTime: string }[];
  }[];
  const queue = queues.find((q) => q.name === name)!;
  expect(queue.schedules.find((s) => s.weekdayEn === "monday")).toMatchObject({
    startTime: "08:00",
    endTime: "18:00",
  });
  const roots = (await api(
    request,
    checker.token,
    "get",
    `/queue-options?queueId=${queue.id}&parentId=-1`,
  )) as { id: number; title: string; option: number }[];
  expect(roots.map((o) => [o.option, o.title])).toEqual([[1, "Boletos"]]);
  const children = (await api(
    request,
    checker.token,
    "get",
    `/queue-options?queueId=${queue.id}&parentId=${roots[0]!.id}`,
  )) as { title: string }[];
  expect(children.map((o) => o.title)).toEqual(["Segunda via"]);
});
