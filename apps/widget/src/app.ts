import { mediaTypeOf } from "@atrium/shared/media";
import { checkPhoneNumber } from "@atrium/shared/phone";
import { io, type Socket } from "socket.io-client";
import { type StartInput, WebChatApi } from "./api";
import { newClientId } from "./format";
import { fieldError, type Lang, langOf, textsFor, type Texts } from "./i18n";
import { ApiError, backoffDelay, Outbox, type OutboxJob } from "./retry";
import { parseSession, SessionStore, type VisitorSession } from "./storage";
import { MessageStore } from "./store";
import type { VisitorMessage, WidgetConfig } from "./types";
import { type Mode, type StartErrors, WidgetView } from "./view";

export interface WidgetOptions {
  uuid: string;
  /** Origin of the server (the script's own origin). */
  origin: string;
  mode: Mode;
  /** The language until the connection's config names the company's. */
  lang: Lang;
  /** The site chose the language (data-lang): the company's does not replace it. */
  langForced?: boolean;
  fetchImpl?: typeof fetch;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** Socket factory (tests). */
  connect?: (url: string, token: string) => Socket;
  parent?: HTMLElement;
}

const TYPING_TIMEOUT_MS = 5000;
/** History polling while the socket is down (proxies without WebSocket, server restarts). */
const POLL_VISIBLE_MS = 10_000;
const POLL_HIDDEN_MS = 60_000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Client-side checks mirroring the server's (name 2–50, e-mail format, phone with country code);
 * the server has the last word.
 */
export function validateStart(t: Texts, input: StartInput): StartErrors {
  const errors: StartErrors = {};
  const name = input.name.trim();
  if (name.length < 2) errors.name = t.nameTooShort;
  else if (name.length > 50) errors.name = t.nameTooLong;
  const email = input.email?.trim();
  if (email && !EMAIL_RE.test(email)) errors.email = t.invalidEmail;
  const phone = input.phone?.trim();
  if (phone && !checkPhoneNumber(phone).ok) errors.phone = t.invalidPhone;
  return errors;
}

const defaultConnect = (url: string, token: string): Socket =>
  io(url, { path: "/socket.io", transports: ["websocket"], auth: { token } });

/**
 * The widget: config → start form or conversation; messages through an outbox (retries with the
 * same clientId); live events over Socket.IO; history refetched on every (re)connection.
 */
export class WebChatWidget {
  readonly api: WebChatApi;
  readonly store = new MessageStore();
  view: WidgetView;
  readonly sessions: SessionStore;
  private lang: Lang;
  private t: Texts;
  private readonly outbox: Outbox;
  private readonly failed = new Map<string, OutboxJob>();
  private readonly previews = new Map<string, string>();
  private session: VisitorSession | undefined;
  private socket: Socket | undefined;
  private socketRetries = 0;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private unread = 0;
  private disposers: (() => void)[] = [];

  constructor(private readonly opts: WidgetOptions) {
    this.lang = opts.lang;
    this.t = textsFor(opts.lang);
    this.api = new WebChatApi(opts.origin, opts.uuid, opts.fetchImpl);
    this.sessions = new SessionStore(opts.uuid, opts.storage);
    this.view = this.buildView();
    this.outbox = new Outbox({
      send: (job) => {
        if (!this.session) return Promise.reject(new ApiError(401, "ERR_SESSION_EXPIRED"));
        return this.api.send(this.session.token, job);
      },
      onStatus: (job, status) => this.store.setStatus(job.clientId, status),
      onSent: (job, message) => {
        this.store.confirm(job.clientId, message);
        this.dropPreview(job.clientId);
      },
      onFailed: (job, err) => {
        if (err instanceof ApiError && err.status === 401) {
          this.expire();
          return;
        }
        this.failed.set(job.clientId, job);
        this.store.setStatus(job.clientId, "failed");
      },
    });
    let firstRender = true;
    this.store.subscribe(() => {
      this.view.renderMessages(this.store.list(), { scroll: firstRender });
      firstRender = false;
    });
  }

  private buildView(): WidgetView {
    return new WidgetView({
      mode: this.opts.mode,
      texts: this.t,
      fileUrl: (url) => this.api.fileUrl(url),
      callbacks: {
        onStart: (input) => void this.startSession(input),
        onSend: (text) => this.sendText(text),
        onFiles: (files) => this.sendFiles(files),
        onOpenChange: (open) => this.openChanged(open),
        onRetry: (clientId) => this.retry(clientId),
      },
    });
  }

  /** The widget speaks the company's language (its settings), unless the site chose one. */
  private useCompanyLanguage(config: WidgetConfig): void {
    const lang = this.opts.langForced ? undefined : langOf(config.language);
    if (!lang || lang === this.lang) return;
    this.lang = lang;
    this.t = textsFor(lang);
    this.view = this.buildView(); // not mounted yet: its texts are set when it is built
  }

  /** Loads the connection's config (retrying while the network is down), then shows the widget. */
  async start(): Promise<void> {
    const config = await this.loadConfig();
    if (!config) {
      if (this.opts.mode === "page") {
        this.view.mount(this.opts.parent);
        this.view.showNotice(this.t.unavailable);
      }
      return;
    }
    this.useCompanyLanguage(config);
    this.applyConfig(config);
    this.view.mount(this.opts.parent);
    if (this.opts.mode === "bubble" && this.wasOpen()) this.view.setOpen(true);
    this.listenToPage();
    const session = this.sessions.load();
    if (session) this.enterChat(session);
    else this.view.showStart();
  }

  /** Removes the widget and its listeners (tests; a page that unloads it). */
  destroy(): void {
    this.outbox.clear();
    this.closeSocket();
    for (const d of this.disposers) d();
    this.disposers = [];
    this.view.unmount();
  }

  get visitorSession(): VisitorSession | undefined {
    return this.session;
  }

  private async loadConfig(): Promise<WidgetConfig | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.api.config();
      } catch (err) {
        // Unknown connection (404) or a bad uuid: nothing to show.
        if (
          err instanceof ApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        ) {
          return undefined;
        }
        await new Promise((r) => setTimeout(r, backoffDelay(attempt)));
      }
    }
  }

  private applyConfig(config: WidgetConfig): void {
    this.view.setConfig(config);
    if (this.opts.mode === "page" && config.title) document.title = config.title;
    if (this.opts.mode === "page" && config.language) {
      document.documentElement.lang = config.language.replace(/-(EN|ES)$/, "");
    }
  }

  private listenToPage(): void {
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        this.markRead();
        this.outbox.retryNow();
      }
    };
    const onOnline = () => this.outbox.retryNow();
    const onStorage = (e: StorageEvent) => {
      if (e.key !== this.sessions.storageKey) return;
      const next = parseSession(e.newValue);
      if (!next && this.session) this.expire({ keepStorage: true });
      else if (next && next.token !== this.session?.token) {
        this.leaveChat();
        this.enterChat(next);
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    this.disposers.push(
      () => document.removeEventListener("visibilitychange", onVisibility),
      () => window.removeEventListener("online", onOnline),
      () => window.removeEventListener("storage", onStorage),
    );
  }

  private async startSession(input: StartInput): Promise<void> {
    const errors = validateStart(this.t, input);
    if (Object.keys(errors).length) {
      this.view.setStartErrors(errors);
      return;
    }
    this.view.setStartErrors({});
    this.view.setStartBusy(true);
    try {
      const res = await this.api.session(input, this.session?.token);
      const session = { token: res.token, name: res.visitor?.name ?? input.name.trim() };
      this.sessions.save(session);
      this.enterChat(session);
    } catch (err) {
      this.view.setStartBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        const f = err.fields;
        this.view.setStartErrors({
          name: f.name && fieldError(this.t, f.name),
          email: f.email && fieldError(this.t, f.email),
          phone: f.phone && fieldError(this.t, f.phone),
          general: f.name || f.email || f.phone ? undefined : this.t.startFailed,
        });
      } else {
        this.view.setStartErrors({ general: this.t.startFailed });
      }
    }
  }

  private enterChat(session: VisitorSession): void {
    this.session = session;
    this.view.showChat();
    void this.loadHistory();
    this.openSocket();
  }

  /** Back to the start form: the token is no longer accepted (or another tab ended it). */
  private expire(opts: { keepStorage?: boolean } = {}): void {
    const name = this.session?.name ?? "";
    if (!opts.keepStorage) this.sessions.clear();
    this.leaveChat();
    this.view.showStart(name);
  }

  private leaveChat(): void {
    this.session = undefined;
    this.outbox.clear();
    this.failed.clear();
    for (const clientId of [...this.previews.keys()]) this.dropPreview(clientId);
    this.closeSocket();
    this.setTyping(false);
    this.store.reset();
    this.unread = 0;
    this.view.setUnread(0);
  }

  private async loadHistory(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      const messages = await this.api.history(session.token);
      if (this.session !== session) return;
      this.store.merge(messages);
    } catch (err) {
      if (this.session === session && err instanceof ApiError && err.status === 401) this.expire();
      // Network trouble: the next socket (re)connection refetches.
    }
  }

  private openSocket(): void {
    const session = this.session;
    if (!session) return;
    this.closeSocket();
    const url = `${this.opts.origin}/webchat`;
    const socket = (this.opts.connect ?? defaultConnect)(url, session.token);
    this.socket = socket;
    socket.on("connect", () => {
      this.socketRetries = 0;
      this.stopPolling();
      void this.loadHistory();
      void this.refreshConfig();
      this.outbox.retryNow();
      this.markRead();
    });
    socket.on("message", (message: VisitorMessage) => this.incoming(message));
    socket.on("typing", (payload: { on?: boolean }) => this.setTyping(Boolean(payload?.on)));
    socket.on("message-deleted", (payload: { id?: number }) => {
      if (typeof payload?.id === "number") this.store.markDeleted(payload.id);
    });
    socket.on("disconnect", () => this.schedulePoll());
    socket.on("connect_error", (err: Error) => {
      this.schedulePoll();
      // Refused by the server's middleware: Socket.IO does not retry by itself.
      if (err?.message === "ERR_SESSION_EXPIRED" || !socket.active) void this.checkSession(socket);
    });
  }

  /** After a refused socket: is the token still good? Yes → reconnect later; no → start form. */
  private async checkSession(socket: Socket): Promise<void> {
    const session = this.session;
    if (!session || this.socket !== socket) return;
    try {
      this.store.merge(await this.api.history(session.token));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        if (this.session === session) this.expire();
        return;
      }
    }
    const delay = backoffDelay(++this.socketRetries);
    setTimeout(() => {
      if (this.socket === socket && !socket.connected) socket.connect();
    }, delay);
  }

  /** While the socket is down, fetch the history now and then so agents' replies still arrive. */
  private schedulePoll(): void {
    if (this.pollTimer !== undefined || !this.session) return;
    const delay = document.visibilityState === "visible" ? POLL_VISIBLE_MS : POLL_HIDDEN_MS;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      if (!this.session || this.socket?.connected) return;
      void this.loadHistory().finally(() => this.schedulePoll());
    }, delay);
  }

  private stopPolling(): void {
    if (this.pollTimer !== undefined) clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  private closeSocket(): void {
    this.stopPolling();
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = undefined;
  }

  private async refreshConfig(): Promise<void> {
    try {
      this.applyConfig(await this.api.config());
    } catch {
      // keep the last one
    }
  }

  private incoming(message: VisitorMessage): void {
    if (!message || typeof message.id !== "number") return;
    const known = this.store.byId(message.id);
    // The echo of a message sent from here replaces its pending copy (never shown twice).
    if (message.clientId) this.store.confirm(message.clientId, message);
    else this.store.upsert(message);
    if (message.author !== "agent") return;
    this.setTyping(false);
    if (!known && !this.view.isOpen) {
      this.unread++;
      this.view.setUnread(this.unread);
    }
    this.markRead();
  }

  private setTyping(on: boolean): void {
    if (this.typingTimer !== undefined) clearTimeout(this.typingTimer);
    this.typingTimer = undefined;
    this.view.setTyping(on);
    if (on) this.typingTimer = setTimeout(() => this.setTyping(false), TYPING_TIMEOUT_MS);
  }

  /** Tells the server the visitor has seen the agents' messages (panel open, tab visible). */
  private markRead(): void {
    if (!this.view.isOpen || document.visibilityState !== "visible") return;
    if (this.socket?.connected) this.socket.emit("read");
  }

  private openChanged(open: boolean): void {
    this.rememberOpen(open);
    if (open) {
      this.unread = 0;
      this.view.setUnread(0);
      this.markRead();
    }
  }

  private sendText(text: string): void {
    const body = text.trim();
    if (!body || !this.session) return;
    this.view.setComposerError("");
    const clientId = newClientId();
    this.store.addPending({ clientId, body });
    this.outbox.add({ clientId, body });
  }

  private sendFiles(files: File[]): void {
    if (!this.session) return;
    this.view.setComposerError("");
    for (const file of files) {
      if (file.size > MAX_FILE_BYTES) {
        this.view.setComposerError(`${this.t.fileTooLarge}: ${file.name}`);
        continue;
      }
      const clientId = newClientId();
      // Only an inert image gets a local preview (an SVG is a file, like on the server).
      const mediaType = mediaTypeOf(file.type);
      let previewUrl: string | undefined;
      if (mediaType === "image" && typeof URL.createObjectURL === "function") {
        previewUrl = URL.createObjectURL(file);
        this.previews.set(clientId, previewUrl);
      }
      this.store.addPending({
        clientId,
        body: "",
        mediaType,
        mimeType: file.type,
        fileName: file.name,
        previewUrl,
      });
      this.outbox.add({ clientId, body: "", file });
    }
  }

  private retry(clientId: string): void {
    const job = this.failed.get(clientId);
    if (!job) return;
    this.failed.delete(clientId);
    this.outbox.add(job);
  }

  private dropPreview(clientId: string): void {
    const url = this.previews.get(clientId);
    if (!url) return;
    this.previews.delete(clientId);
    // Let the server's copy load first.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  private get openKey(): string {
    return `${this.sessions.storageKey}:open`;
  }

  private wasOpen(): boolean {
    try {
      return window.sessionStorage.getItem(this.openKey) === "1";
    } catch {
      return false;
    }
  }

  private rememberOpen(open: boolean): void {
    try {
      if (open) window.sessionStorage.setItem(this.openKey, "1");
      else window.sessionStorage.removeItem(this.openKey);
    } catch {
      // ignore
    }
  }
}
