import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";

export const SHOTS = "e2e/.artifacts/screens";

export async function loginUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Senha" }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** A bearer token for API set-up calls (does not touch the browser's session). */
export async function apiToken(
  request: APIRequestContext,
  email = E2E_ADMIN.email,
  password = E2E_ADMIN.password,
) {
  const res = await request.post("/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string; user: { id: number; companyId: number } };
}

export async function api(
  request: APIRequestContext,
  token: string,
  method: "get" | "post" | "put" | "delete",
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    ...(data !== undefined && { data }),
  });
  const body = res.status() === 204 ? null : await res.json();
  if (!res.ok())
    throw new Error(`${method.toUpperCase()} ${url} → ${res.status()} ${JSON.stringify(body)}`);
  return body;
}

export const unique = () => Math.random().toString(36).slice(2, 8);

/** Waits until the page's finite animations and transitions (dialogs fading in) have ended. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}
