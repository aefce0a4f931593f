import { TEXT_MAX } from "@atrium/shared";
import { inlineElement } from "@atrium/shared/media";
import type { StartInput } from "./api";
import { h, icon } from "./dom";
import { formatDateTime, formatText, formatTime, safeColor, textColorOn } from "./format";
import type { Texts } from "./i18n";
import type { ChatItem } from "./store";
import css from "./styles.css?inline";
import type { WidgetConfig } from "./types";

export type Mode = "bubble" | "page";

export interface ViewCallbacks {
  onStart: (input: StartInput) => void;
  onSend: (text: string) => void;
  onFiles: (files: File[]) => void;
  onOpenChange: (open: boolean) => void;
  onRetry: (clientId: string) => void;
}

export interface StartErrors {
  name?: string;
  email?: string;
  phone?: string;
  general?: string;
}

export interface ViewOptions {
  mode: Mode;
  texts: Texts;
  /** Absolute address of a file the server named. */
  fileUrl: (url: string) => string;
  callbacks: ViewCallbacks;
}

/** Distance from the bottom under which the list follows new messages. */
const STICK_PX = 80;
const TEXTAREA_MAX_PX = 120;
let instances = 0;

/**
 * The widget's DOM inside a Shadow root on an <atrium-webchat> host element: launcher and panel
 * (bubble mode) or a full-page panel (page mode). Pure view: every decision goes to callbacks.
 */
export class WidgetView {
  readonly host: HTMLElement;
  readonly shadow: ShadowRoot;
  private readonly t: Texts;
  private readonly mode: Mode;
  private readonly cb: ViewCallbacks;
  private readonly fileUrl: (url: string) => string;
  private readonly idp = `atrium-${++instances}`;

  private readonly root: HTMLDivElement;
  private readonly launcher?: HTMLButtonElement;
  private readonly badge?: HTMLSpanElement;
  readonly panel: HTMLElement;
  private readonly titleEl: HTMLHeadingElement;
  private readonly dot: HTMLSpanElement;
  private readonly content: HTMLDivElement;

  readonly startForm: HTMLFormElement;
  readonly nameInput: HTMLInputElement;
  readonly emailInput: HTMLInputElement;
  readonly phoneInput: HTMLInputElement;
  private readonly startButton: HTMLButtonElement;
  private readonly errorEls: Record<keyof StartErrors, HTMLElement>;

  readonly chat: HTMLDivElement;
  readonly list: HTMLDivElement;
  private readonly emptyEl: HTMLDivElement;
  private readonly typingEl: HTMLDivElement;
  readonly textarea: HTMLTextAreaElement;
  readonly sendButton: HTMLButtonElement;
  readonly attachButton: HTMLButtonElement;
  readonly fileInput: HTMLInputElement;
  private readonly composerError: HTMLDivElement;

  private rendered = new Map<string, { rev: number; el: HTMLElement }>();
  private stick = true;
  private opened: boolean;
  private title = "";

  constructor(opts: ViewOptions) {
    this.t = opts.texts;
    this.mode = opts.mode;
    this.cb = opts.callbacks;
    this.fileUrl = opts.fileUrl;
    this.opened = opts.mode === "page";
    const t = this.t;

    this.host = document.createElement("atrium-webchat");
    this.shadow = this.host.attachShadow({ mode: "open" });
    adoptStyles(this.shadow, css);

    // Header
    this.titleEl = h("h2", { className: "title", id: `${this.idp}-title` });
    this.dot = h("span", { className: "dot", role: "img" });
    const header = h("div", { className: "header" }, this.dot, this.titleEl);
    if (this.mode === "bubble") {
      const close = h(
        "button",
        { type: "button", className: "icon-btn close", "aria-label": t.close, title: t.close },
        icon("close"),
      );
      close.addEventListener("click", () =>
        this.setOpen(false, { user: true, focusLauncher: true }),
      );
      header.append(close);
    }

    // Start form
    const field = (name: "name" | "email" | "phone", label: string, input: HTMLInputElement) => {
      input.id = `${this.idp}-${name}`;
      input.name = name;
      const error = h("div", {
        className: "error",
        id: `${this.idp}-${name}-error`,
        "aria-live": "polite",
      });
      input.setAttribute("aria-describedby", error.id);
      return {
        el: h("div", { className: "field" }, h("label", { for: input.id }, label), input, error),
        error,
      };
    };
    this.nameInput = h("input", {
      type: "text",
      autocomplete: "name",
      required: true,
      maxlength: 50,
    });
    this.emailInput = h("input", {
      type: "email",
      autocomplete: "email",
      inputmode: "email",
      maxlength: 254,
    });
    this.phoneInput = h("input", {
      type: "tel",
      autocomplete: "tel",
      inputmode: "tel",
      maxlength: 30,
    });
    const nameField = field("name", t.name, this.nameInput);
    const emailField = field("email", t.email, this.emailInput);
    const phoneField = field("phone", t.phone, this.phoneInput);
    const general = h("div", { className: "error", role: "alert" });
    this.startButton = h("button", { type: "submit", className: "primary" }, t.start);
    this.startForm = h(
      "form",
      { className: "start", novalidate: true, hidden: true },
      h("p", { className: "greeting" }, t.greeting),
      nameField.el,
      emailField.el,
      phoneField.el,
      general,
      this.startButton,
    );
    this.errorEls = {
      name: nameField.error,
      email: emailField.error,
      phone: phoneField.error,
      general,
    };
    this.startForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.cb.onStart({
        name: this.nameInput.value,
        email: this.emailInput.value,
        phone: this.phoneInput.value,
      });
    });

    // Conversation
    this.emptyEl = h("div", { className: "empty" }, t.empty);
    this.typingEl = h(
      "div",
      { className: "typing", hidden: true, "aria-live": "polite" },
      t.typing,
    );
    this.list = h(
      "div",
      {
        className: "messages",
        role: "log",
        "aria-live": "polite",
        "aria-labelledby": this.titleEl.id,
        tabindex: 0,
      },
      this.emptyEl,
      this.typingEl,
    );
    this.list.addEventListener("scroll", () => {
      this.stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < STICK_PX;
    });
    this.textarea = h("textarea", {
      rows: 1,
      placeholder: t.placeholder,
      "aria-label": t.placeholder,
      // The server's maximum for a customer's message.
      maxlength: TEXT_MAX.customerMessage,
      enterkeyhint: "send",
    });
    this.sendButton = h(
      "button",
      {
        type: "submit",
        className: "icon-btn send",
        "aria-label": t.send,
        title: t.send,
        disabled: true,
      },
      icon("send", 20),
    );
    this.fileInput = h("input", { type: "file", multiple: true, hidden: true, tabindex: -1 });
    this.attachButton = h(
      "button",
      { type: "button", className: "icon-btn attach", "aria-label": t.attach, title: t.attach },
      icon("attach", 22),
    );
    const composer = h(
      "form",
      { className: "composer" },
      this.attachButton,
      this.fileInput,
      this.textarea,
      this.sendButton,
    );
    this.composerError = h("div", { className: "error composer-error", role: "alert" });
    this.chat = h(
      "div",
      { className: "chat", hidden: true },
      this.list,
      this.composerError,
      composer,
    );

    composer.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submitText();
    });
    this.textarea.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
        e.preventDefault();
        this.submitText();
      }
    });
    this.textarea.addEventListener("input", () => this.syncComposer());
    this.textarea.addEventListener("paste", (e) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (files.length) {
        e.preventDefault();
        this.cb.onFiles(files);
      }
    });
    this.attachButton.addEventListener("click", () => this.fileInput.click());
    this.fileInput.addEventListener("change", () => {
      const files = Array.from(this.fileInput.files ?? []);
      this.fileInput.value = "";
      if (files.length) this.cb.onFiles(files);
    });

    this.content = h("div", { className: "content" }, this.startForm, this.chat);
    this.panel = h(
      "section",
      { className: "panel", id: `${this.idp}-panel`, "aria-labelledby": this.titleEl.id },
      header,
      this.content,
    );
    if (this.mode === "bubble") {
      this.panel.setAttribute("role", "dialog");
      this.panel.hidden = true;
      this.panel.addEventListener("keydown", (e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          this.setOpen(false, { user: true, focusLauncher: true });
        }
      });
      this.badge = h("span", { className: "badge", hidden: true });
      this.launcher = h("button", {
        type: "button",
        className: "launcher",
        "aria-controls": this.panel.id,
        "aria-expanded": "false",
        "aria-label": t.open,
        title: t.open,
      });
      this.launcher.addEventListener("click", () => this.setOpen(!this.opened, { user: true }));
      this.renderLauncher();
    } else {
      this.panel.setAttribute("role", "main");
    }

    this.root = h("div", { className: `root ${this.mode}` });
    if (this.launcher) this.root.append(this.launcher);
    this.root.append(this.panel);
    this.shadow.append(this.root);
    this.root.classList.toggle("open", this.opened);
  }

  mount(parent: HTMLElement = document.body): void {
    parent.append(this.host);
  }

  unmount(): void {
    this.host.remove();
  }

  get isOpen(): boolean {
    return this.opened;
  }

  setConfig(config: WidgetConfig): void {
    const color = safeColor(config.color);
    this.root.style.setProperty("--c", color);
    this.root.style.setProperty("--fg", textColorOn(color));
    this.title = config.title || config.name || "";
    this.titleEl.textContent = this.title;
    this.dot.classList.toggle("on", config.online);
    const status = config.online ? this.t.online : this.t.offline;
    this.dot.setAttribute("aria-label", status);
    this.dot.title = status;
    this.renderLauncher();
  }

  /** The panel says the chat cannot be used (unknown connection). */
  showNotice(text: string): void {
    this.startForm.hidden = true;
    this.chat.hidden = true;
    this.content.querySelector(".notice")?.remove();
    this.content.append(h("p", { className: "notice" }, text));
  }

  showStart(prefillName = ""): void {
    this.chat.hidden = true;
    this.startForm.hidden = false;
    this.setTyping(false);
    this.setStartErrors({});
    this.setStartBusy(false);
    if (prefillName && !this.nameInput.value) this.nameInput.value = prefillName;
    if (this.opened) this.focusInput();
  }

  showChat(): void {
    this.startForm.hidden = true;
    this.chat.hidden = false;
    this.stick = true;
    this.syncComposer();
    this.scrollToBottom();
    if (this.opened) this.focusInput();
  }

  get showingChat(): boolean {
    return !this.chat.hidden;
  }

  setStartBusy(busy: boolean): void {
    this.startButton.disabled = busy;
    this.startForm.setAttribute("aria-busy", String(busy));
  }

  setStartErrors(errors: StartErrors): void {
    for (const key of Object.keys(this.errorEls) as (keyof StartErrors)[]) {
      this.errorEls[key].textContent = errors[key] ?? "";
    }
    const inputs = { name: this.nameInput, email: this.emailInput, phone: this.phoneInput };
    let first: HTMLInputElement | undefined;
    for (const [key, input] of Object.entries(inputs) as [
      keyof typeof inputs,
      HTMLInputElement,
    ][]) {
      if (errors[key]) {
        input.setAttribute("aria-invalid", "true");
        first ??= input;
      } else input.removeAttribute("aria-invalid");
    }
    first?.focus();
  }

  setComposerError(text: string): void {
    this.composerError.textContent = text;
  }

  /** Open or close the bubble panel (page mode: always open). */
  setOpen(open: boolean, opts: { user?: boolean; focusLauncher?: boolean } = {}): void {
    if (this.mode === "page" || open === this.opened) return;
    this.opened = open;
    this.panel.hidden = !open;
    this.root.classList.toggle("open", open);
    this.renderLauncher();
    if (open) {
      this.stick = true;
      this.scrollToBottom();
      this.focusInput();
    } else if (opts.focusLauncher) {
      this.launcher?.focus();
    }
    if (opts.user) this.cb.onOpenChange(open);
  }

  setUnread(count: number): void {
    if (!this.badge) return;
    this.badge.hidden = count <= 0 || this.opened;
    this.badge.textContent = count > 99 ? "99+" : String(count);
    this.badge.setAttribute("aria-label", `${count} ${this.t.unread}`);
  }

  setTyping(on: boolean): void {
    if (this.typingEl.hidden === !on) return;
    const follow = this.stick;
    this.typingEl.hidden = !on;
    if (on && follow) this.scrollToBottom();
  }

  focusInput(): void {
    const target = !this.chat.hidden
      ? this.textarea
      : !this.startForm.hidden
        ? this.nameInput
        : undefined;
    // After the panel is displayed (focus() on a hidden element is a no-op).
    if (target) setTimeout(() => target.focus({ preventScroll: true }), 0);
  }

  /** Keyed update of the message list: only new or changed items are rebuilt. */
  renderMessages(items: readonly ChatItem[], opts: { scroll?: boolean } = {}): void {
    const follow = this.stick || opts.scroll === true;
    const seen = new Set<string>();
    let cursor: ChildNode | null = this.list.firstChild;
    if (cursor === this.emptyEl) cursor = cursor.nextSibling;
    for (const item of items) {
      seen.add(item.key);
      let entry = this.rendered.get(item.key);
      if (!entry || entry.rev !== item.rev) {
        const el = this.messageEl(item);
        if (entry) {
          const old = entry.el;
          old.replaceWith(el);
          if (cursor === old) cursor = el;
        }
        entry = { rev: item.rev, el };
        this.rendered.set(item.key, entry);
      }
      if (entry.el !== cursor) this.list.insertBefore(entry.el, cursor);
      else cursor = cursor.nextSibling;
    }
    for (const [key, entry] of this.rendered) {
      if (!seen.has(key)) {
        entry.el.remove();
        this.rendered.delete(key);
      }
    }
    this.list.append(this.typingEl);
    this.emptyEl.hidden = items.length > 0;
    if (follow) {
      this.stick = true;
      this.scrollToBottom();
    }
  }

  scrollToBottom(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }

  private submitText(): void {
    const text = this.textarea.value;
    if (!text.trim()) return;
    this.textarea.value = "";
    this.syncComposer();
    this.stick = true;
    this.cb.onSend(text.trim());
  }

  private syncComposer(): void {
    this.sendButton.disabled = !this.textarea.value.trim();
    this.textarea.style.height = "auto";
    const height = Math.min(Math.max(this.textarea.scrollHeight + 2, 40), TEXTAREA_MAX_PX);
    this.textarea.style.height = `${height}px`;
  }

  private renderLauncher(): void {
    if (!this.launcher) return;
    this.launcher.replaceChildren(icon(this.opened ? "close" : "chat", 28));
    if (this.badge) this.launcher.append(this.badge);
    const label = this.opened
      ? this.t.close
      : this.title
        ? `${this.t.open}: ${this.title}`
        : this.t.open;
    this.launcher.setAttribute("aria-label", label);
    this.launcher.title = this.opened ? this.t.close : this.t.open;
    this.launcher.setAttribute("aria-expanded", String(this.opened));
    if (this.opened && this.badge) this.badge.hidden = true;
  }

  private messageEl(item: ChatItem): HTMLElement {
    const t = this.t;
    const pending = item.status !== "sent";
    const classes = ["msg", item.author];
    if (pending) classes.push("pending");
    if (item.isDeleted) classes.push("deleted");
    const bubble = h("div", { className: "bubble-body" });
    if (item.isDeleted) {
      bubble.append(h("span", { className: "text" }, t.deleted));
    } else {
      const media = this.mediaEl(item);
      if (media) bubble.append(media);
      const text = media && item.body === item.fileName ? "" : item.body;
      if (text) bubble.append(textEl(text));
    }
    const meta = h("span", { className: "meta" });
    if (item.status === "sending" || item.status === "retrying") meta.textContent = t.sending;
    else {
      meta.append(
        h(
          "time",
          { datetime: item.createdAt, title: formatDateTime(item.createdAt) },
          formatTime(item.createdAt),
        ),
      );
    }
    bubble.append(meta);
    const el = h("div", { className: classes.join(" "), "data-key": item.key }, bubble);
    if (item.id !== undefined) el.dataset.id = String(item.id);
    if (item.status === "retrying") {
      el.append(h("div", { className: "status", role: "status" }, t.retrying));
    } else if (item.status === "failed" && item.clientId) {
      const clientId = item.clientId;
      const retry = h("button", { type: "button", className: "link-btn" }, t.retryNow);
      retry.addEventListener("click", () => this.cb.onRetry(clientId));
      el.append(h("div", { className: "status", role: "status" }, t.failed, retry));
    }
    return el;
  }

  private mediaEl(item: ChatItem): HTMLElement | undefined {
    const url = item.mediaUrl ? this.fileUrl(item.mediaUrl) : undefined;
    const name = item.fileName ?? "";
    const onLoad = () => {
      if (this.stick) this.scrollToBottom();
    };
    // Server files: inline only an inert type it detected; a local preview is a blob: URL.
    const element = url ? inlineElement(item.mediaType, item.mimeType) : item.previewUrl && "img";
    switch (element) {
      case "img": {
        const src = url ?? item.previewUrl;
        if (!src) break;
        const img = h("img", {
          className: "thumb",
          src,
          alt: name,
          loading: "lazy",
          decoding: "async",
        });
        img.addEventListener("load", onLoad);
        if (!url) return h("span", { className: "media" }, img);
        return h(
          "a",
          { className: "media", href: url, target: "_blank", rel: "noopener noreferrer" },
          img,
        );
      }
      case "audio":
        if (!url) break;
        return h("audio", { className: "media", controls: true, preload: "metadata", src: url });
      case "video": {
        if (!url) break;
        const video = h("video", {
          className: "media",
          controls: true,
          preload: "metadata",
          playsinline: true,
          src: url,
        });
        video.addEventListener("loadedmetadata", onLoad);
        return video;
      }
    }
    if (item.mediaType === "chat" && !url) return undefined;
    if (!url && !name) return undefined;
    const label = name || this.t.download;
    if (!url) return h("span", { className: "file" }, icon("file", 18), label);
    return h(
      "a",
      {
        className: "file",
        href: url,
        download: name || true,
        target: "_blank",
        rel: "noopener noreferrer",
        title: this.t.download,
      },
      icon("file", 18),
      label,
    );
  }
}

/**
 * The widget's stylesheet, adopted through CSSOM where the browser can: a host page whose CSP
 * has no 'unsafe-inline' for styles (and our own /webchat page) does not govern it. Older
 * browsers get a <style> element.
 */
function adoptStyles(shadow: ShadowRoot, text: string): void {
  if (typeof CSSStyleSheet === "function" && "adoptedStyleSheets" in shadow) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      shadow.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // No constructable stylesheets here: fall back below.
    }
  }
  shadow.append(h("style", {}, text));
}

function textEl(text: string): HTMLElement {
  const el = h("span", { className: "text" });
  for (const part of formatText(text)) {
    el.append(
      part.href
        ? h("a", { href: part.href, target: "_blank", rel: "noopener noreferrer" }, part.text)
        : part.style
          ? h(part.style, {}, part.text)
          : part.text,
    );
  }
  return el;
}
