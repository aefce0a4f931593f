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

/**
 * A company of its own, created by the operator on a plan that allows one connection of each
 * channel (two web chats): a spec that counts on what a company holds is not disturbed by
 * what the other specs leave in theirs. Answers its admin's credentials and API token.
 */
export async function newCompany(
  request: APIRequestContext,
  name: string,
  extra: { language?: string; campaignsEnabled?: boolean } = {},
) {
  const operator = await apiToken(request);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const plan = await api(request, operator.token, "post", "/plans", {
    name: `Plano ${name}`,
    users: 5,
    queues: 5,
    connectionLimit: { baileys: 1, facebook: 1, instagram: 1, whatsAppBusiness: 1, webChat: 2 },
  });
  const email = `${slug}@cliente.test`;
  const password = `${slug}-senha`;
  await api(request, operator.token, "post", "/companies", {
    name,
    email,
    password,
    planId: plan.id,
    ...extra,
  });
  return { email, password, ...(await apiToken(request, email, password)) };
}

/** Acts as the phone or WhatsApp on a connection's fake socket (POST /test/baileys/:id/:event). */
export async function phone(
  request: APIRequestContext,
  connectionId: number,
  event: string,
  data = {},
) {
  const res = await request.post(`/test/baileys/${connectionId}/${event}`, { data });
  expect(res.status(), `POST /test/baileys/${connectionId}/${event}`).toBe(204);
}

/** A company's WhatsApp connection (named `name`), started and paired on the fake socket. */
export async function pairedWhatsapp(request: APIRequestContext, token: string, name: string) {
  const connection = await api(request, token, "post", "/whatsapp", {
    name,
    channelType: "BAILEYS",
    isDefault: true,
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    transferMessage: "",
    token: `tok${unique()}${unique()}`,
    provider: "beta",
    queueIds: [],
  });
  await api(request, token, "post", `/whatsappsession/${connection.id}`);
  await expect
    .poll(async () => (await request.post(`/test/baileys/${connection.id}/open`)).status())
    .toBe(204);
  return connection as { id: number; name: string };
}

/** A visitor writes through the web-chat widget's API: a pending ticket on that connection. */
export async function visitorWrites(
  request: APIRequestContext,
  connectionUuid: string,
  name: string,
  body = "Olá, preciso de ajuda",
): Promise<string> {
  const session = await request.post(`/webchat/${connectionUuid}/session`, { data: { name } });
  expect(session.status()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const sent = await request.post(`/webchat/${connectionUuid}/messages`, {
    headers: { authorization: `Bearer ${token}` },
    data: { body, clientId: unique() },
  });
  expect(sent.status()).toBe(201);
  return token;
}

/**
 * Records every Content-Security-Policy violation of the page (the DOM event and the console's
 * CSP messages) and, with `errors`, every console error and uncaught page error too.
 */
export async function watchCsp(
  page: Page,
  { errors = false }: { errors?: boolean } = {},
): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on("console", (msg) => {
    const csp = /Content[ -]Security[ -]Policy|Refused to/i.test(msg.text());
    if (csp || (errors && msg.type() === "error")) problems.push(msg.text());
  });
  if (errors) page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => [
    ...problems,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? [])),
  ];
}
