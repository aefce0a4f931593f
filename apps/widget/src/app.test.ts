import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebChatWidget } from "./app";
import { FakeSocket, fakeFetch, message } from "./test-helpers";
import type { VisitorMessage } from "./types";

const UUID = "3f0c2a1e-0000-4000-8000-000000000001";
const ORIGIN = "https://chat.example";
const config = { name: "Site", title: "Fale conosco", color: "#002d6e", online: true };

function setup(route: Parameters<typeof fakeFetch>[0]) {
  const { fetch, calls } = fakeFetch(route);
  const sockets: FakeSocket[] = [];
  const widget = new WebChatWidget({
    uuid: UUID,
    origin: ORIGIN,
    mode: "page",
    lang: "pt",
    fetchImpl: fetch,
    connect: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s.asSocket();
    },
  });
  const texts = () =>
    [...widget.view.list.querySelectorAll(".msg .text")].map((e) => e.textContent);
  return { widget, calls, sockets, texts };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("WebChatWidget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("first visit: start form → session stored → chat; sends with a clientId", async () => {
    const { widget, calls, sockets, texts } = setup(({ method, path, body }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (path.endsWith("/session"))
        return { status: 200, json: { token: "tok", visitor: { name: "Ana" } } };
      if (method === "GET" && path.endsWith("/messages"))
        return { status: 200, json: { messages: [] } };
      const b = body as { body: string; clientId: string };
      return { status: 201, json: { message: message(9, { author: "visitor", body: b.body }) } };
    });
    await widget.start();
    expect(widget.view.startForm.hidden).toBe(false);
    widget.view.nameInput.value = "Ana";
    widget.view.startForm.requestSubmit();
    await flush();
    expect(calls.find((c) => c.path.endsWith("/session"))?.body).toEqual({ name: "Ana" });
    expect(JSON.parse(localStorage.getItem(`atrium-webchat:${UUID}`)!)).toEqual({
      token: "tok",
      name: "Ana",
    });
    expect(widget.view.showingChat).toBe(true);
    expect(sockets).toHaveLength(1);

    widget.view.textarea.value = "Olá";
    widget.view.textarea.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Enter", cancelable: true }),
    );
    expect(widget.view.list.querySelector(".msg.pending")).not.toBeNull();
    await flush();
    const send = calls.find((c) => c.method === "POST" && c.path.endsWith("/messages"))!;
    expect(send.auth).toBe("Bearer tok");
    expect((send.body as { clientId: string }).clientId).toMatch(/\S{10,}/);
    expect(texts()).toEqual(["Olá"]);
    expect(widget.view.list.querySelector(".msg.pending")).toBeNull();
    widget.destroy();
  });

  it("client-side validation keeps a too-short name from the server", async () => {
    const { widget, calls } = setup(({ path }) =>
      path.endsWith("/config") ? { status: 200, json: config } : { status: 500 },
    );
    await widget.start();
    widget.view.nameInput.value = " A ";
    widget.view.startForm.requestSubmit();
    await flush();
    expect(calls.some((c) => c.path.endsWith("/session"))).toBe(false);
    expect(widget.view.shadow.textContent).toContain("Nome muito curto");
    widget.destroy();
  });

  it("speaks the company's language from the config, not the browser's", async () => {
    const { widget } = setup(({ path }) =>
      path.endsWith("/config")
        ? { status: 200, json: { ...config, language: "es-ES" } }
        : { status: 500 },
    );
    await widget.start();
    const form = widget.view.startForm;
    expect(form.textContent).toContain("Tu nombre");
    expect(form.querySelector("button[type=submit]")?.textContent).toBe("Iniciar conversación");
    expect(document.documentElement.lang).toBe("es");
    widget.destroy();
  });

  it("asks for a phone with its country code and sends what the visitor typed", async () => {
    const { widget, calls } = setup(({ path }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (path.endsWith("/session"))
        return { status: 200, json: { token: "tok", visitor: { name: "Ana" } } };
      return { status: 200, json: { messages: [] } };
    });
    await widget.start();
    widget.view.nameInput.value = "Ana";
    widget.view.phoneInput.value = "(11) 9888-7777";
    widget.view.startForm.requestSubmit();
    await flush();
    expect(calls.some((c) => c.path.endsWith("/session"))).toBe(false);
    expect(widget.view.shadow.textContent).toContain(
      "Telefone inválido: informe DDI, DDD e número",
    );

    widget.view.phoneInput.value = "+55 11 98888-7777";
    widget.view.startForm.requestSubmit();
    await flush();
    expect(calls.find((c) => c.path.endsWith("/session"))?.body).toEqual({
      name: "Ana",
      phone: "+55 11 98888-7777",
    });
    widget.destroy();
  });

  it("reload with a token: no form, history shown; 401 → token forgotten, form back", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "old", name: "Ana" }));
    let valid = true;
    const { widget, texts, sockets } = setup(({ path }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (!valid) return { status: 401, json: { error: "ERR_SESSION_EXPIRED" } };
      return { status: 200, json: { messages: [message(1), message(2, { author: "visitor" })] } };
    });
    await widget.start();
    await flush();
    expect(widget.view.startForm.hidden).toBe(true);
    expect(texts()).toEqual(["m1", "m2"]);

    valid = false;
    sockets[0]!.connectNow(); // reconnect → refetch → 401
    await flush();
    expect(localStorage.getItem(`atrium-webchat:${UUID}`)).toBeNull();
    expect(widget.view.startForm.hidden).toBe(false);
    expect(widget.view.nameInput.value).toBe("Ana");
    widget.destroy();
  });

  it("files: an SVG gets no local preview and stays a download chip once the server answers", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "t", name: "Ana" }));
    const answers: Record<string, Partial<VisitorMessage>> = {
      "logo.svg": { mediaType: "document", mimeType: "text/plain", mediaInline: false },
      "foto.png": { mediaType: "image", mimeType: "image/png", mediaInline: true },
    };
    let next = 20;
    const { widget } = setup(({ method, path, body }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (method === "GET") return { status: 200, json: { messages: [] } };
      const file = (body as { file: File }).file;
      const id = next++;
      const json = message(id, {
        author: "visitor",
        body: "",
        mediaUrl: `/files/${id}?s`,
        fileName: file.name,
        ...answers[file.name],
      });
      return { status: 201, json: { message: json } };
    });
    const created: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push((blob as File).name);
      return `blob:${ORIGIN}/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    await widget.start();
    await flush();
    const svg = new File(['<svg onload="alert(1)"/>'], "logo.svg", { type: "image/svg+xml" });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "foto.png", {
      type: "image/png",
    });
    Object.defineProperty(widget.view.fileInput, "files", {
      value: [svg, png],
      configurable: true,
    });
    widget.view.fileInput.dispatchEvent(new Event("change"));
    // Pending: the PNG previews from a local blob, the SVG is a chip with its name.
    expect(created).toEqual(["foto.png"]);
    const list = widget.view.list;
    expect(list.querySelectorAll("img")).toHaveLength(1);
    expect(list.querySelector(".file")!.textContent).toBe("logo.svg");
    await flush();
    expect(list.querySelector(".msg.pending")).toBeNull();
    const chips = [...list.querySelectorAll<HTMLAnchorElement>("a.file")];
    expect(chips.map((a) => a.textContent)).toEqual(["logo.svg"]);
    expect(list.querySelector<HTMLImageElement>("img")!.src).toBe(`${ORIGIN}/files/21?s`);
    expect(list.querySelector<HTMLAnchorElement>("a.file")!.href).toBe(`${ORIGIN}/files/20?s`);
    widget.destroy();
  });

  it("live events: agent message, typing for 5 s at most, deletion, read; reconnect refetches without duplicates", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "t", name: "Ana" }));
    let history: VisitorMessage[] = [message(1)];
    const { widget, texts, sockets } = setup(({ path }) =>
      path.endsWith("/config")
        ? { status: 200, json: config }
        : { status: 200, json: { messages: history } },
    );
    await widget.start();
    await flush();
    const socket = sockets[0]!;
    socket.connectNow();
    await flush();
    expect(socket.emitted).toContain("read");

    const typing = widget.view.shadow.querySelector<HTMLElement>(".typing")!;
    socket.serverEmit("typing", { on: true });
    expect(typing.hidden).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(typing.hidden).toBe(true);

    socket.emitted = [];
    socket.serverEmit("typing", { on: true });
    socket.serverEmit("message", message(2));
    expect(typing.hidden).toBe(true);
    expect(texts()).toEqual(["m1", "m2"]);
    expect(socket.emitted).toEqual(["read"]);

    socket.serverEmit("message-deleted", { id: 2 });
    expect(widget.view.list.querySelector('[data-id="2"]')!.textContent).toContain(
      "Mensagem apagada",
    );

    // Offline for a while: the agent wrote 3 and 4; the reconnection brings them once.
    history = [message(1), message(2, { isDeleted: true, body: "" }), message(3), message(4)];
    socket.connectNow();
    await flush();
    socket.connectNow();
    await flush();
    expect(texts()).toEqual(["m1", "Mensagem apagada", "m3", "m4"]);
    widget.destroy();
  });

  it("the echo of a message sent from here, arriving before the HTTP answer, shows it once", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "t", name: "Ana" }));
    let duringSend: (string | null)[] = [];
    const { widget, texts, sockets } = setup(({ method, path, body }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (method === "GET") return { status: 200, json: { messages: [] } };
      const { clientId } = body as { clientId: string };
      const sent = message(9, { author: "visitor", body: "Olá" });
      // The server echoes to the visitor's sockets before its answer reaches this tab.
      sockets[0]!.serverEmit("message", { ...sent, clientId });
      duringSend = texts();
      return { status: 201, json: { message: sent } };
    });
    await widget.start();
    await flush();
    sockets[0]!.connectNow();
    await flush();
    widget.view.textarea.value = "Olá";
    widget.view.textarea.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Enter", cancelable: true }),
    );
    await flush();
    expect(duringSend).toEqual(["Olá"]);
    expect(texts()).toEqual(["Olá"]);
    expect(widget.view.list.querySelector(".msg.pending")).toBeNull();
    widget.destroy();
  });

  it("network failure: shows the retry text and retries with the same clientId", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "t", name: "Ana" }));
    let online = false;
    const { widget, calls, texts } = setup(({ method, path, body }) => {
      if (path.endsWith("/config")) return { status: 200, json: config };
      if (method === "GET") return { status: 200, json: { messages: [] } };
      if (!online) return new TypeError("Failed to fetch");
      return {
        status: 201,
        json: { message: message(5, { author: "visitor", body: (body as { body: string }).body }) },
      };
    });
    await widget.start();
    await flush();
    widget.view.textarea.value = "oi";
    widget.view.textarea.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Enter", cancelable: true }),
    );
    await flush();
    expect(widget.view.shadow.textContent).toContain(
      "Não foi possível enviar. Tentando novamente…",
    );
    online = true;
    await vi.advanceTimersByTimeAsync(1500);
    const sends = calls.filter((c) => c.method === "POST");
    expect(sends).toHaveLength(2);
    expect((sends[0]!.body as { clientId: string }).clientId).toBe(
      (sends[1]!.body as { clientId: string }).clientId,
    );
    expect(texts()).toEqual(["oi"]);
    expect(widget.view.shadow.textContent).not.toContain("Tentando novamente");
    widget.destroy();
  });

  it("socket down (no WebSocket through a proxy): polls the history instead", async () => {
    localStorage.setItem(`atrium-webchat:${UUID}`, JSON.stringify({ token: "t", name: "Ana" }));
    let history: VisitorMessage[] = [];
    const { widget, texts, sockets, calls } = setup(({ path }) =>
      path.endsWith("/config")
        ? { status: 200, json: config }
        : { status: 200, json: { messages: history } },
    );
    await widget.start();
    await flush();
    sockets[0]!.serverEmit("connect_error", new Error("websocket error"));
    history = [message(1, { body: "resposta" })];
    await vi.advanceTimersByTimeAsync(10_000);
    expect(texts()).toEqual(["resposta"]);
    const polls = () =>
      calls.filter((c) => c.method === "GET" && c.path.endsWith("/messages")).length;
    const before = polls();
    sockets[0]!.connectNow(); // back: polling stops (one refetch on connect)
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(before + 1);
    widget.destroy();
  });

  it("unknown connection in page mode: a notice", async () => {
    const { widget } = setup(() => ({ status: 404, json: { error: "ERR_NO_WAPP_FOUND" } }));
    await widget.start();
    expect(document.querySelector("atrium-webchat")?.shadowRoot?.textContent).toContain(
      "Chat indisponível",
    );
  });
});
