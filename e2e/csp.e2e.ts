import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { pngBytes, svgWithScript } from "../apps/server/test/media-fixtures";
import { E2E_PORT } from "./playwright.config";
import { api, apiToken, loginUi, SHOTS, unique, watchCsp } from "./support";

/**
 * Issue 11, items 1–2 in a real browser: the SPA, the chat page and the widget embedded on a
 * page of another origin work under their Content-Security-Policy with no violation, and a
 * hostile SVG uploaded by a visitor never runs on our origin.
 */

const SERVER = `http://127.0.0.1:${E2E_PORT}`;
/** A real 160×100 PNG (teal), sent with lying names and types. */
const photo = pngBytes([0, 150, 136], 160, 100);

async function webChat(request: APIRequestContext, token: string) {
  const suffix = unique();
  const connection = await api(request, token, "post", "/whatsapp", {
    name: `Site CSP ${suffix}`,
    channelType: "WEB_CHAT",
  });
  return { uuid: connection.uuid as string, suffix };
}

/** A visitor through the widget's HTTP API (as any client can). */
async function visitorApi(request: APIRequestContext, uuid: string, name: string) {
  const session = await request.post(`/webchat/${uuid}/session`, { data: { name } });
  const { token } = (await session.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  return {
    say: async (body: string) =>
      expect(
        (
          await request.post(`/webchat/${uuid}/messages`, {
            headers: auth,
            data: { body, clientId: `c-${unique()}` },
          })
        ).status(),
      ).toBe(201),
    upload: async (name: string, mimeType: string, buffer: Buffer) => {
      const res = await request.post(`/webchat/${uuid}/messages`, {
        headers: auth,
        multipart: { clientId: `f-${unique()}`, file: { name, mimeType, buffer } },
      });
      expect(res.status()).toBe(201);
      return (await res.json()).message as {
        mediaUrl: string;
        mediaType: string;
        mimeType: string;
        mediaInline: boolean;
      };
    },
  };
}

test("the SPA runs under its CSP: login, live inbox, an image inline and an SVG as a download", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const admin = await apiToken(request);
  const { uuid, suffix } = await webChat(request, admin.token);
  const name = `Visitante CSP ${suffix}`;
  const visitor = visitorApi(request, uuid, name);
  const v = await visitor;
  await v.say("Olá, tenho uma dúvida");
  await v.upload("foto.png", "text/html", photo);
  const svg = await v.upload("foto-perfil.png", "image/png", svgWithScript());
  expect(svg).toMatchObject({ mediaType: "document", mimeType: "text/plain", mediaInline: false });

  const response = await page.goto("/login");
  expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
  await loginUi(page, "admin@e2e.test", "admin-e2e-123");
  await expect(page).toHaveURL(/\/tickets/);
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Aceitar" }).click();
  const thread = page.getByLabel("Mensagens");
  await expect(thread.getByRole("img", { name: "foto.png" })).toBeVisible();
  // The image really decoded (img-src allows our /files).
  await expect
    .poll(() =>
      thread
        .getByRole("img", { name: "foto.png" })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(160);
  const chip = thread.getByRole("link", { name: "foto-perfil.png" });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute("download", "foto-perfil.png");
  await expect(thread.locator('img[alt="foto-perfil.png"]')).toHaveCount(0);

  // Live over the websocket (connect-src): the visitor writes, the agent sees it.
  await v.say("Ainda está aí?");
  await expect(thread.getByText("Ainda está aí?")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/csp-spa-ticket.png` });

  for (const path of ["/dashboard", "/contacts", "/connections", "/helps"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});

test("the chat page /webchat/<uuid> runs under its own CSP; files show by their real type", async ({
  browser,
  request,
}) => {
  const admin = await apiToken(request);
  const { uuid } = await webChat(request, admin.token);
  const context = await browser.newContext({ viewport: { width: 420, height: 760 } });
  const page = await context.newPage();
  const violations = await watchCsp(page);
  const response = await page.goto(`/webchat/${uuid}`);
  expect(response!.headers()["content-security-policy"]).toMatch(
    /^default-src 'none'; script-src 'self'; style-src 'self' 'sha256-/,
  );
  await page.getByLabel("Seu nome").fill("Maria CSP");
  await page.getByRole("button", { name: "Iniciar conversa" }).click();
  const input = page.getByPlaceholder("Digite sua mensagem…");
  await input.fill("Olá da página de chat");
  await input.press("Enter");
  await expect(page.getByText("Olá da página de chat")).toBeVisible();

  const fileInput = page.locator('atrium-webchat input[type="file"]');
  await fileInput.setInputFiles({ name: "recibo.png", mimeType: "image/png", buffer: photo });
  // The local preview (blob:) gives way to the server's copy once the upload is answered.
  const image = page.locator('atrium-webchat img[alt="recibo.png"]');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("src", /\/files\/\d+\?exp=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await fileInput.setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: svgWithScript(),
  });
  const chip = page.locator("atrium-webchat a.file", { hasText: "logo.svg" });
  await expect(chip).toHaveAttribute("href", /\/files\/\d+\?exp=/);
  await expect(page.locator('atrium-webchat img[alt="logo.svg"]')).toHaveCount(0);
  // The widget's styles applied (its stylesheet is adopted, not an inline <style>).
  await expect(page.locator("atrium-webchat .header")).toHaveCSS("display", "flex");
  await page.screenshot({ path: `${SHOTS}/csp-webchat-page.png` });
  expect(await violations()).toEqual([]);
  await context.close();
});

test("the widget embedded on another origin with a strict CSP of its own works both ways", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request);
  const { uuid } = await webChat(request, admin.token);
  // The customer's site: another origin, a CSP allowing only what docs/security.md lists.
  const hostCsp = [
    "default-src 'self'",
    `script-src 'self' ${SERVER}`,
    `connect-src 'self' ${SERVER} ws://127.0.0.1:${E2E_PORT}`,
    `img-src 'self' data: blob: ${SERVER}`,
    `media-src 'self' blob: ${SERVER}`,
    "style-src 'self'",
  ].join("; ");
  const host: Server = createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": hostCsp,
    });
    res.end(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title></head>` +
        `<body><h1>Loja de exemplo</h1>` +
        `<script src="${SERVER}/widget.js" data-connection="${uuid}" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  try {
    const page = await context.newPage();
    const violations = await watchCsp(page);
    await page.goto(hostUrl);
    await expect(page.getByRole("heading", { name: "Loja de exemplo" })).toBeVisible();
    await page.getByRole("button", { name: "Abrir chat" }).click();
    await page.getByLabel("Seu nome").fill("Cliente da Loja");
    await page.getByRole("button", { name: "Iniciar conversa" }).click();
    const input = page.getByPlaceholder("Digite sua mensagem…");
    await input.fill("Vim pelo site da loja");
    await input.press("Enter");
    await expect(page.getByText("Vim pelo site da loja")).toBeVisible();

    // The agent answers: the reply arrives live over the cross-origin websocket.
    // (The text shows at once as pending; the ticket exists once the server stored it.)
    const pendingTickets = async () =>
      (
        await api(
          request,
          admin.token,
          "get",
          `/tickets?searchParam=${encodeURIComponent("Cliente da Loja")}&showAll=true&status=pending`,
        )
      ).tickets as { id: number }[];
    await expect.poll(async () => (await pendingTickets()).length).toBe(1);
    const [ticket] = await pendingTickets();
    await api(request, admin.token, "put", `/tickets/${ticket!.id}`, {
      status: "open",
      userId: admin.user.id,
      action: "accept",
    });
    await api(request, admin.token, "post", `/messages/${ticket!.id}`, {
      body: "Olá! Como posso ajudar?",
    });
    await expect(page.getByText("Olá! Como posso ajudar?")).toBeVisible();
    await expect(page.locator("atrium-webchat .launcher")).toHaveCSS("position", "fixed");
    await page.screenshot({ path: `${SHOTS}/csp-widget-embedded.png` });
    expect(await violations()).toEqual([]);
  } finally {
    await context.close();
    await new Promise<void>((resolve) => host.close(() => resolve()));
  }
});

test("an SVG with script served from /files downloads, sandboxed, and never runs", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const { uuid } = await webChat(request, admin.token);
  const v = await visitorApi(request, uuid, "Atacante");
  const svg = await v.upload("foto.png", "image/png", svgWithScript());

  const head = await request.get(svg.mediaUrl);
  expect(head.status()).toBe(200);
  expect(head.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(head.headers()["x-content-type-options"]).toBe("nosniff");
  expect(head.headers()["content-disposition"]).toMatch(/^attachment; filename="foto.png"/);
  expect(head.headers()["content-type"]).toBe("text/plain");

  // Opened as a page of our origin: the browser downloads it instead of rendering it.
  await page.goto("/login");
  const download = page.waitForEvent("download");
  await page.evaluate((url) => {
    window.location.href = url;
  }, svg.mediaUrl);
  expect((await download).suggestedFilename()).toBe("foto.png");
  expect(
    await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
  ).toBeUndefined();
  await expect(page).toHaveURL(/\/login$/);
});
