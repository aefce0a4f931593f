import { expect, test } from "@playwright/test";
import { SHOTS, watchCsp } from "./support";

/**
 * The API reference (issue 15): /api/docs renders the OpenAPI document with Swagger UI served
 * from our origin, under its own Content-Security-Policy, with no violation.
 */

/** Every CSP violation of the page, and the console's CSP messages and errors. */
test("the API reference renders every domain's operations under its own CSP", async ({ page }) => {
  const violations = await watchCsp(page, { errors: true });
  const origins = new Set<string>();
  page.on("request", (request) => origins.add(new URL(request.url()).origin));

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");

  await expect(page.locator(".information-container .title")).toContainText("Atrium API");
  // The domains' sections and their operations, rendered from the document.
  for (const tag of ["Auth", "Tickets", "Messages API", "Webhooks"]) {
    await expect(page.locator(`.opblock-tag[data-tag="${tag}"]`)).toBeVisible();
  }
  const send = page.locator("#operations-Messages_API-postApiMessagesSend");
  await expect(send).toContainText("/api/messages/send");
  await expect(send).toContainText("Send a WhatsApp message from an outside system");
  expect(await page.locator(".opblock").count()).toBeGreaterThan(130);

  // An operation opened: its parameters, answers and error codes.
  await send.locator(".opblock-summary").click();
  await expect(send.locator(".responses-table")).toContainText("201");
  await expect(send.locator(".responses-table")).toContainText("ERR_API_KEY_INVALID");
  await page.screenshot({ path: `${SHOTS}/api-docs.png` });

  // The security schemes: bearer token and the messages API's headers.
  await page.locator(".auth-wrapper .authorize").click();
  const dialog = page.locator(".dialog-ux");
  await expect(dialog).toContainText("bearerAuth");
  await expect(dialog).toContainText("X_KEY");
  await expect(dialog).toContainText("X_TOKEN");
  await dialog.locator(".close-modal").click();

  // Everything came from our origin.
  expect([...origins].filter((o) => o.startsWith("http"))).toEqual([new URL(page.url()).origin]);
  expect(await violations()).toEqual([]);
});
