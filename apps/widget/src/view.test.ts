import { afterEach, describe, expect, it, vi } from "vitest";
import { textsFor } from "./i18n";
import { MessageStore } from "./store";
import { message } from "./test-helpers";
import { type Mode, type ViewCallbacks, WidgetView } from "./view";

function makeView(mode: Mode = "bubble") {
  const cb: ViewCallbacks = {
    onStart: vi.fn(),
    onSend: vi.fn(),
    onFiles: vi.fn(),
    onOpenChange: vi.fn(),
    onRetry: vi.fn(),
  };
  const view = new WidgetView({
    mode,
    texts: textsFor("pt"),
    fileUrl: (u) => `https://srv${u}`,
    callbacks: cb,
  });
  view.mount();
  view.setConfig({ name: "Loja", title: "Fale conosco", color: "#ff0000", online: true });
  return { view, cb, $: (sel: string) => view.shadow.querySelector<HTMLElement>(sel)! };
}

const key = (el: HTMLElement, k: string, shiftKey = false) =>
  el.dispatchEvent(
    new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }),
  );

describe("WidgetView", () => {
  afterEach(() => document.body.replaceChildren());

  it("renders into a shadow root on its own host element", () => {
    const { view, $ } = makeView();
    expect(document.querySelector("atrium-webchat")?.shadowRoot).toBe(view.shadow);
    expect($("style").textContent).toContain(".launcher");
    expect($(".title").textContent).toBe("Fale conosco");
    expect($(".dot").classList.contains("on")).toBe(true);
  });

  it("opens from the launcher and closes on Escape (bubble mode)", () => {
    const { view, cb, $ } = makeView();
    const launcher = $(".launcher");
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    expect(view.panel.hidden).toBe(true);
    launcher.click();
    expect(view.panel.hidden).toBe(false);
    expect(launcher.getAttribute("aria-expanded")).toBe("true");
    expect(cb.onOpenChange).toHaveBeenLastCalledWith(true);
    key(view.textarea, "Escape");
    expect(view.panel.hidden).toBe(true);
    expect(cb.onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it("page mode: always open, no launcher", () => {
    const { view, $ } = makeView("page");
    expect(view.isOpen).toBe(true);
    expect($(".launcher")).toBeNull();
    key(view.textarea, "Escape");
    expect(view.isOpen).toBe(true);
  });

  it("Enter sends trimmed text, Shift+Enter does not, whitespace never", () => {
    const { view, cb } = makeView("page");
    view.showChat();
    view.textarea.value = "   \n  ";
    key(view.textarea, "Enter");
    expect(cb.onSend).not.toHaveBeenCalled();
    view.textarea.value = "line 1";
    key(view.textarea, "Enter", true);
    expect(cb.onSend).not.toHaveBeenCalled();
    view.textarea.value = "  line 1\nline 2 ";
    key(view.textarea, "Enter");
    expect(cb.onSend).toHaveBeenCalledWith("line 1\nline 2");
    expect(view.textarea.value).toBe("");
  });

  it("renders messages keyed: sides, time, media, deleted, statuses", () => {
    const { view, $ } = makeView("page");
    view.showChat();
    const store = new MessageStore();
    store.subscribe(() => view.renderMessages(store.list()));
    store.merge([
      message(1, { body: "oi <b>x</b>" }),
      message(2, {
        author: "visitor",
        mediaType: "image",
        mediaUrl: "/files/2?s",
        mimeType: "image/png",
        mediaInline: true,
        fileName: "a.png",
        body: "",
      }),
      message(3, { mediaType: "document", mediaUrl: "/files/3?s", fileName: "nota.pdf", body: "" }),
      message(4, {
        mediaType: "audio",
        mediaUrl: "/files/4?s",
        mimeType: "audio/ogg; codecs=opus",
        mediaInline: true,
        body: "",
      }),
    ]);
    const first = view.list.querySelector(".msg")!;
    expect(first.classList.contains("agent")).toBe(true);
    expect(first.querySelector(".text")!.textContent).toBe("oi <b>x</b>");
    expect(first.querySelector("b")).toBeNull();
    expect(first.querySelector("time")!.textContent).toMatch(/^\d\d:\d\d$/);
    expect(view.list.querySelector<HTMLImageElement>(".visitor img")!.src).toBe(
      "https://srv/files/2?s",
    );
    const link = view.list.querySelector<HTMLAnchorElement>("a.file")!;
    expect(link.textContent).toBe("nota.pdf");
    expect(link.href).toBe("https://srv/files/3?s");
    expect(view.list.querySelector("audio")!.getAttribute("src")).toBe("https://srv/files/4?s");

    store.addPending({ clientId: "c", body: "eu" });
    store.setStatus("c", "retrying");
    expect($(".msg.pending .status").textContent).toBe(
      "Não foi possível enviar. Tentando novamente…",
    );
    const unchanged = view.list.querySelector('[data-id="1"]');
    store.markDeleted(1);
    expect(unchanged?.isConnected).toBe(false);
    expect(view.list.querySelector('[data-id="1"]')!.textContent).toContain("Mensagem apagada");
    expect(view.list.querySelectorAll(".msg")).toHaveLength(5);
    expect(view.list.lastElementChild?.classList.contains("typing")).toBe(true);
  });

  it("shows only inert types inline: an SVG, or a file of unchecked type, is a download chip", () => {
    const { view } = makeView("page");
    view.showChat();
    const store = new MessageStore();
    store.subscribe(() => view.renderMessages(store.list()));
    store.merge([
      // Legacy "image" rows: what the server detected decides, not the media type.
      message(1, {
        mediaType: "image",
        mediaUrl: "/files/1?s",
        mimeType: "image/svg+xml",
        fileName: "logo.svg",
        body: "",
      }),
      message(2, {
        mediaType: "image",
        mediaUrl: "/files/2?s",
        mimeType: null,
        fileName: "antiga.png",
        body: "",
      }),
      message(3, {
        mediaType: "video",
        mediaUrl: "/files/3?s",
        mimeType: "text/html",
        fileName: "clip.mp4",
        body: "",
      }),
    ]);
    expect(view.list.querySelector("img, audio, video")).toBeNull();
    const chips = [...view.list.querySelectorAll<HTMLAnchorElement>("a.file")];
    expect(chips.map((a) => a.textContent)).toEqual(["logo.svg", "antiga.png", "clip.mp4"]);
    expect(chips.map((a) => a.getAttribute("download"))).toEqual([
      "logo.svg",
      "antiga.png",
      "clip.mp4",
    ]);
    expect(chips[0]!.href).toBe("https://srv/files/1?s");
  });

  it("shows the typing indicator and start form errors", () => {
    const { view, $ } = makeView("page");
    view.setTyping(true);
    expect($(".typing").hidden).toBe(false);
    expect($(".typing").textContent).toBe("digitando…");
    view.showStart();
    view.setStartErrors({ name: "Nome muito curto" });
    expect(view.nameInput.getAttribute("aria-invalid")).toBe("true");
    expect(
      view.shadow.getElementById(view.nameInput.getAttribute("aria-describedby")!)!.textContent,
    ).toBe("Nome muito curto");
  });

  it("has labelled buttons", () => {
    const { view } = makeView();
    for (const b of view.shadow.querySelectorAll("button")) {
      expect(b.getAttribute("aria-label") || b.textContent).toBeTruthy();
    }
    expect(view.attachButton.getAttribute("aria-label")).toBe("Anexar arquivo");
    expect(view.sendButton.getAttribute("aria-label")).toBe("Enviar");
  });
});
