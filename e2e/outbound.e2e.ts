import { expect, test } from "@playwright/test";
import { loginUi, newCompany, pairedWhatsapp, phone, SHOTS, unique } from "./support";

/**
 * A reply WhatsApp refuses for good (the number is not on WhatsApp) shows its reason and
 * 'Tentar novamente' in the chat; once the number is back, the button sends it (issue #12).
 */

test("a failed reply shows why, and 'Tentar novamente' sends it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const company = await newCompany(request, `Envios ${suffix}`);
  const connection = await pairedWhatsapp(request, company.token, `Zap ${suffix}`);
  const number = `5511${Date.now().toString().slice(-8)}`;
  await phone(request, connection.id, "message", {
    from: number,
    name: "Cliente Envio",
    text: "Oi",
  });
  await phone(request, connection.id, "refuse", { number, refused: true });

  await loginUi(page, company.email, company.password);
  await expect(page).toHaveURL(/\/tickets/);
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  const row = page.getByRole("listitem").filter({ hasText: "Cliente Envio" });
  await row.getByRole("button", { name: "Aceitar" }).click();
  const composer = page.getByPlaceholder("Digite uma mensagem");
  await expect(composer).toBeEnabled();
  await composer.fill("Olá! Já vou verificar.");
  await page.getByRole("button", { name: "Enviar", exact: true }).click();

  const thread = page.getByLabel("Mensagens");
  const bubble = thread.locator("[data-testid^=message-]").filter({ hasText: "Já vou verificar" });
  const retry = bubble.getByRole("button", { name: "Tentar novamente" });
  await expect(retry).toBeVisible();
  await expect(bubble.getByLabel("Este não é um número de WhatsApp válido")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outbound-failed-message.png` });

  // The number is reachable again: the retry sends it, the error goes.
  await phone(request, connection.id, "refuse", { number, refused: false });
  await retry.click();
  await expect(retry).toBeHidden();
  await expect(bubble.getByRole("img", { name: "Enviada" })).toBeVisible();
});
