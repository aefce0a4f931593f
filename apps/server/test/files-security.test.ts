import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, messages } from "../src/db/schema/index.js";
import { incomingFile } from "../src/modules/files/files.service.js";
import { multipart, seedWithSuper, type UploadFile } from "./admin-helpers.js";
import {
  createConnection,
  request,
  seedCompany,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";
import {
  htmlWithScript,
  mp3Bytes,
  pdfBytes,
  pngBytes,
  svgWithScript,
  xmlSvgWithScript,
} from "./media-fixtures.js";

/**
 * Files can never run script on the app's origin (issue 11, item 1): the type comes from the
 * bytes, `/files` shows only inert types inline and sandboxes everything, and the DTOs tell the
 * clients what they may render. Attacks are made as an attacker's client would: a file with a
 * lying Content-Type and name.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const SANDBOX = "default-src 'none'; sandbox";

const svgAsPng: UploadFile = {
  filename: "foto.png",
  type: "image/png",
  data: svgWithScript(),
  field: "medias",
};
const htmlAsPng: UploadFile = {
  filename: "foto.png",
  type: "image/png",
  data: htmlWithScript(),
  field: "medias",
};
const pngAsHtml: UploadFile = {
  filename: "pagina.html",
  type: "text/html",
  data: pngBytes(),
  field: "medias",
};

/** A company with a web-chat connection and a visitor who has a session on it. */
async function webChat() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id);
  const res = await server.app.inject({
    method: "POST",
    url: `/webchat/${connection.uuid}/session`,
    payload: { name: "Visitante" },
  });
  expect(res.statusCode).toBe(200);
  const visitor = { token: res.json().token } as Session;
  const upload = (file: UploadFile) =>
    multipart(server, visitor, "POST", `/webchat/${connection.uuid}/messages`, {
      fields: { clientId: uid() },
      files: [{ ...file, field: "file" }],
    });
  return { ...seed, connection, visitor, upload };
}

async function fileRow(id: number) {
  const [row] = await server.db.select().from(files).where(eq(files.id, id));
  return row!;
}

async function messageRow(id: number) {
  const [row] = await server.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

/** The newest file of a company (what an upload just stored). */
async function newestFile(companyId: number) {
  const [row] = await server.db
    .select()
    .from(files)
    .where(eq(files.companyId, companyId))
    .orderBy(desc(files.id))
    .limit(1);
  return row!;
}

const fetchFile = (url: string) => server.app.inject({ method: "GET", url });

function expectDownload(res: Awaited<ReturnType<typeof fetchFile>>, name: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-disposition"]).toBe(
    `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["content-security-policy"]).toBe(SANDBOX);
  expect(String(res.headers["content-type"])).not.toMatch(/svg|html/);
}

describe("web-chat visitor uploads", () => {
  it("an SVG with script sent as foto.png (image/png) is text, not inline, and a sandboxed download", async () => {
    const c = await webChat();
    const res = await c.upload(svgAsPng);
    expect(res.statusCode).toBe(201);
    const sent = res.json().message;
    expect(sent).toMatchObject({
      mediaType: "document",
      mimeType: "text/plain",
      mediaInline: false,
      fileName: "foto.png",
    });
    const row = await messageRow(sent.id);
    expect(await fileRow(row.fileId!)).toMatchObject({
      mimeType: "text/plain",
      mimeDetected: true,
      name: "foto.png",
    });

    // The agent's view of the same message says the same.
    const agentView = (
      await request(server, c.as.admin, "GET", `/messages/${row.ticketId}`)
    ).json();
    expect(agentView.messages.at(-1)).toMatchObject({
      id: sent.id,
      mediaType: "document",
      mimeType: "text/plain",
      mediaInline: false,
    });

    const file = await fetchFile(sent.mediaUrl);
    expectDownload(file, "foto.png");
    expect(file.headers["content-type"]).toBe("text/plain");
    // Nothing lost: the bytes are the visitor's.
    expect(file.rawPayload.equals(svgWithScript())).toBe(true);
  });

  it("an SVG with an XML declaration is application/xml: still a download", async () => {
    const c = await webChat();
    const res = await c.upload({ ...svgAsPng, filename: "logo.svg", data: xmlSvgWithScript() });
    const sent = res.json().message;
    expect(sent).toMatchObject({ mediaType: "document", mimeType: "application/xml" });
    expect(sent.mediaInline).toBe(false);
    const file = await fetchFile(sent.mediaUrl);
    expectDownload(file, "logo.svg");
    expect(file.headers["content-type"]).toBe("application/xml");
  });

  it("a real PNG declared text/html and named pagina.html is an image shown inline", async () => {
    const c = await webChat();
    const sent = (await c.upload(pngAsHtml)).json().message;
    expect(sent).toMatchObject({ mediaType: "image", mimeType: "image/png", mediaInline: true });
    const file = await fetchFile(sent.mediaUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename="pagina.html"/);
    expect(file.headers["content-security-policy"]).toBe(SANDBOX);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("agents' uploads", () => {
  async function agentTicket() {
    const c = await webChat();
    await c.upload({ ...pngAsHtml, filename: "oi.png" });
    const [first] = await server.db
      .select({ ticketId: messages.ticketId })
      .from(messages)
      .where(eq(messages.companyId, c.company.id));
    await request(server, c.as.admin, "PUT", `/tickets/${first!.ticketId}`, {
      action: "accept",
      status: "open",
      userId: c.admin.id,
    });
    const send = (file: UploadFile) =>
      multipart(server, c.as.admin, "POST", `/messages/${first!.ticketId}`, {
        fields: { body: file.filename },
        files: [file],
      });
    return { ...c, ticketId: first!.ticketId, send };
  }

  it("an HTML page sent as foto.png (image/png) is stored as text and goes out as a download", async () => {
    const c = await agentTicket();
    const res = await c.send(htmlAsPng);
    expect(res.statusCode).toBe(201);
    const [sent] = res.json().messages;
    expect(sent).toMatchObject({
      mediaType: "document",
      mimeType: "text/plain",
      mediaInline: false,
      fileName: "foto.png",
    });
    expect(await newestFile(c.company.id)).toMatchObject({
      mimeType: "text/plain",
      mimeDetected: true,
    });
    const file = await fetchFile(sent.mediaUrl);
    expectDownload(file, "foto.png");
    expect(file.body).toBe(htmlWithScript().toString());
  });

  it("an SVG is never an image, a PNG named .html is; a PDF is a download", async () => {
    const c = await agentTicket();
    const [svg] = (await c.send({ ...svgAsPng, filename: "logo.svg" })).json().messages;
    expect(svg).toMatchObject({ mediaType: "document", mediaInline: false });
    const [png] = (await c.send(pngAsHtml)).json().messages;
    expect(png).toMatchObject({ mediaType: "image", mimeType: "image/png", mediaInline: true });
    const [pdf] = (
      await c.send({ filename: "boleto.pdf", type: "image/png", data: pdfBytes(), field: "medias" })
    ).json().messages;
    expect(pdf).toMatchObject({ mediaType: "document", mimeType: "application/pdf" });
    const download = await fetchFile(pdf.mediaUrl);
    expectDownload(download, "boleto.pdf");
    expect(download.headers["content-type"]).toBe("application/pdf");
    const [mp3] = (
      await c.send({ filename: "voz", type: "application/json", data: mp3Bytes(), field: "medias" })
    ).json().messages;
    expect(mp3).toMatchObject({ mediaType: "audio", mimeType: "audio/mpeg", mediaInline: true });
  });
});

describe("/files", () => {
  it("every answer carries the sandbox CSP and nosniff, refusals included", async () => {
    const c = await webChat();
    const sent = (await c.upload(pngAsHtml)).json().message;
    const forged = await fetchFile(sent.mediaUrl.replace(/sig=[^&]+/, "sig=forgedsignature123"));
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["content-security-policy"]).toBe(SANDBOX);
    expect(forged.headers["x-content-type-options"]).toBe("nosniff");
    const missing = await fetchFile("/files/999999999?exp=1&sig=whatever-signature");
    expect(missing.statusCode).toBe(403);
    expect(missing.headers["content-security-policy"]).toBe(SANDBOX);
  });

  it("non-ASCII names get an ASCII fallback and their exact RFC 8187 form", async () => {
    const c = await webChat();
    const sent = (await c.upload({ ...svgAsPng, filename: "relatório (1)'s*.svg" })).json().message;
    expect(sent.fileName).toBe("relatório (1)'s*.svg");
    const file = await fetchFile(sent.mediaUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="relatorio (1)'s*.svg"; filename*=UTF-8''relat%C3%B3rio%20%281%29%27s%2A.svg`,
    );
  });

  it("legacy rows: the stored client type is not trusted; checked from the bytes once", async () => {
    const c = await webChat();
    const svg = (await c.upload(svgAsPng)).json().message;
    const png = (await c.upload(pngAsHtml)).json().message;
    const svgRow = await messageRow(svg.id);
    const pngRow = await messageRow(png.id);
    // As stored before detection existed: the visitor's claim, unchecked.
    await server.db
      .update(files)
      .set({ mimeType: "image/svg+xml", mimeDetected: false })
      .where(eq(files.id, svgRow.fileId!));
    await server.db
      .update(files)
      .set({ mimeType: "text/html", mimeDetected: false })
      .where(eq(files.id, pngRow.fileId!));
    await server.db.update(messages).set({ mediaType: "image" }).where(eq(messages.id, svg.id));

    const before = (await request(server, c.as.admin, "GET", `/messages/${svgRow.ticketId}`))
      .json()
      .messages.filter((m: { id: number }) => m.id === svg.id || m.id === png.id);
    // Unchecked: not inline, whatever the row says.
    expect(before.map((m: { mimeType: string | null }) => m.mimeType)).toEqual([null, null]);
    expect(before.map((m: { mediaInline: boolean }) => m.mediaInline)).toEqual([false, false]);

    // Serving checks the bytes first: the SVG is a sandboxed text download.
    const served = await fetchFile(svg.mediaUrl);
    expectDownload(served, "foto.png");
    expect(served.headers["content-type"]).toBe("text/plain");
    expect(await fileRow(svgRow.fileId!)).toMatchObject({
      mimeType: "text/plain",
      mimeDetected: true,
    });

    // The start-up pass checks the rest: the PNG becomes an inline image again.
    expect(await server.ctx.services.files.checkLegacy()).toBeGreaterThanOrEqual(1);
    expect(await fileRow(pngRow.fileId!)).toMatchObject({
      mimeType: "image/png",
      mimeDetected: true,
    });
    const after = (await request(server, c.as.admin, "GET", `/messages/${svgRow.ticketId}`))
      .json()
      .messages.filter((m: { id: number }) => m.id === svg.id || m.id === png.id);
    expect(after.map((m: { mediaInline: boolean }) => m.mediaInline)).toEqual([false, true]);
  });
});

describe("the same rule on every upload path", () => {
  const svgFile = (filename: string): UploadFile => ({
    filename,
    type: "image/png",
    data: svgWithScript(),
  });

  it("queues, quick messages, connections, schedules: stored as the detected type", async () => {
    const s = await seedCompany(server);
    const queue = await request(server, s.as.admin, "POST", "/queue", {
      name: `Q ${uid()}`,
      color: "#123456",
    });
    const connection = await createConnection(server, s.company.id);
    const quick = await request(server, s.as.admin, "POST", "/quick-messages", {
      shortcode: `q${uid()}`,
      message: "oi",
    });
    const [contact] = (await request(server, s.as.admin, "GET", "/contacts/list")).json();
    const schedule = contact
      ? await request(server, s.as.admin, "POST", "/schedules", {
          contactId: contact.id,
          body: "oi",
          sendAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
      : undefined;
    const paths = [
      `/queue/${queue.json().id}/upload`,
      `/quick-messages/${quick.json().id}/upload`,
      `/whatsapp/${connection.id}/upload`,
      ...(schedule ? [`/schedules/${schedule.json().id}/upload`] : []),
    ];
    for (const path of paths) {
      const res = await multipart(server, s.as.admin, "POST", path, {
        files: [svgFile("menu.png")],
      });
      expect(res.statusCode, path).toBe(200);
      expect(await newestFile(s.company.id), path).toMatchObject({
        name: "menu.png",
        mimeType: "text/plain",
        mimeDetected: true,
      });
    }
  });

  it("queue options: an IMAGE option refuses an SVG named .png; DOCUMENT stores it as text", async () => {
    const s = await seedCompany(server);
    const add = (fileType: string, file: UploadFile) =>
      multipart(server, s.as.admin, "POST", "/queue-options", {
        fields: { title: `O ${uid()}`, queueId: s.queue.id, fileType },
        files: [file],
      });
    const image = await add("IMAGE", svgFile("menu.png"));
    expect(image.statusCode).toBe(400);
    expect(image.json().error).toBe("ERR_VALIDATION");
    const audio = await add("AUDIO", { ...svgFile("voz.mp3"), type: "audio/mpeg" });
    expect(audio.statusCode).toBe(400);
    const document = await add("DOCUMENT", svgFile("menu.png"));
    expect(document.statusCode).toBe(201);
    expect(await newestFile(s.company.id)).toMatchObject({ mimeType: "text/plain" });
    const real = await add("IMAGE", { filename: "menu.png", type: "text/html", data: pngBytes() });
    expect(real.statusCode).toBe(201);
  });

  it("announcements take a .png only when its bytes are PNG/JPEG; company boletos are typed", async () => {
    const s = await seedWithSuper(server);
    const a = (
      await request(server, s.superSession, "POST", "/announcements", {
        title: `A ${uid()}`,
        text: "t",
      })
    ).json();
    const url = `/announcements/${a.id}/media-upload`;
    const fake = await multipart(server, s.superSession, "POST", url, {
      files: [svgFile("banner.png")],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields).toEqual({ file: "Only .png, .jpg and .jpeg" });
    const real = await multipart(server, s.superSession, "POST", url, {
      files: [{ filename: "banner.png", type: "application/octet-stream", data: pngBytes() }],
    });
    expect(real.statusCode).toBe(200);

    const boleto = await multipart(
      server,
      s.superSession,
      "POST",
      `/companies/${s.company.id}/invoice`,
      {
        files: [svgFile("boleto.pdf")],
      },
    );
    expect(boleto.statusCode).toBe(200);
    expect(await newestFile(s.company.id)).toMatchObject({
      name: "boleto.pdf",
      mimeType: "text/plain",
      mimeDetected: true,
    });
    expectDownload(await fetchFile(boleto.json().invoiceFile.url), "boleto.pdf");
  });

  it("contact import reads a file by its bytes: a PDF named .csv is refused", async () => {
    const s = await seedCompany(server);
    const res = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "contatos.csv", type: "text/csv", data: pdfBytes() }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { file: "Use CSV or XLSX" },
    });
  });

  it("inbound provider media: an 'image' whose bytes are SVG is stored as a document", async () => {
    const s = await seedCompany(server);
    const connection = await createConnection(server, s.company.id, { channelType: "BAILEYS" });
    const result = await server.ctx.inbound.receive({
      companyId: s.company.id,
      connectionId: connection.id,
      channelType: "BAILEYS",
      providerMessageId: `in-${uid()}`,
      from: { number: `5511${Date.now() % 1e9}`, name: "Cliente" },
      fromMe: false,
      body: "",
      mediaType: "image",
      file: await incomingFile("3EB0.jpg", svgWithScript()),
    });
    expect(result.message.mediaType).toBe("document");
    expect(await fileRow(result.message.fileId!)).toMatchObject({ mimeType: "text/plain" });
  });
});
