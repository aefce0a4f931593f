import { expect, test } from "@playwright/test";
import { SHOTS } from "./support";

/** The page an access email links to: /set-password#token=… (the token never reaches a server). */
test("set-password: the link's form, a spent link's message, a link without token", async ({
  page,
}) => {
  const posted: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/auth/set-password")) posted.push(req.postData() ?? "");
    // The token is in the fragment: no request carries it in its URL.
    expect(req.url()).not.toContain("spent-token");
  });
  await page.goto("/set-password#token=spent-token");
  await expect(page.getByRole("heading", { name: "Definir senha" })).toBeVisible();
  await expect(page).toHaveURL(/\/set-password$/);
  await page.getByLabel("Nova senha").fill("minha-senha");
  await page.getByLabel("Confirme a senha").fill("minha-senha");
  await page.screenshot({ path: `${SHOTS}/set-password.png` });
  await page.getByRole("button", { name: "Salvar senha" }).click();
  await expect(
    page.getByText("Este link é inválido, expirou ou já foi usado. Peça um novo ao administrador."),
  ).toBeVisible();
  expect(posted.map((body) => JSON.parse(body))).toEqual([
    { token: "spent-token", password: "minha-senha" },
  ]);
  await page.screenshot({ path: `${SHOTS}/set-password-invalid.png` });

  await page.goto("/set-password");
  await expect(page.getByText(/Este link está incompleto/)).toBeVisible();
  await page.getByText("Voltar para o login").click();
  await expect(page).toHaveURL(/\/login$/);
});
