import { ApiError } from "./retry";
import type { VisitorMessage, WidgetConfig } from "./types";

export interface StartInput {
  name: string;
  email?: string;
  phone?: string;
}

export interface SendInput {
  body: string;
  clientId: string;
  file?: File;
}

const JSON_TIMEOUT_MS = 20_000;
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** The widget's calls to its server (apps/server/src/channels/webchat/webchat.routes.ts). */
export class WebChatApi {
  private readonly base: string;

  constructor(
    readonly origin: string,
    readonly uuid: string,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.base = `${origin}/webchat/${encodeURIComponent(uuid)}`;
  }

  config(): Promise<WidgetConfig> {
    return this.request<WidgetConfig>("GET", "/config");
  }

  session(
    input: StartInput,
    token?: string,
  ): Promise<{ token: string; visitor: { name: string } }> {
    const body: StartInput = { name: input.name.trim() };
    if (input.email?.trim()) body.email = input.email.trim();
    if (input.phone?.trim()) body.phone = input.phone.trim();
    return this.request("POST", "/session", { json: body, token });
  }

  async history(token: string): Promise<VisitorMessage[]> {
    const res = await this.request<{ messages: VisitorMessage[] }>("GET", "/messages", { token });
    return Array.isArray(res.messages) ? res.messages : [];
  }

  async send(token: string, input: SendInput): Promise<VisitorMessage> {
    let res: { message: VisitorMessage };
    if (input.file) {
      const form = new FormData();
      // Text fields first: the server reads the parts in order.
      form.append("body", input.body);
      form.append("clientId", input.clientId);
      form.append("file", input.file, input.file.name);
      res = await this.request("POST", "/messages", { form, token, timeout: UPLOAD_TIMEOUT_MS });
    } else {
      res = await this.request("POST", "/messages", {
        json: { body: input.body, clientId: input.clientId },
        token,
      });
    }
    return res.message;
  }

  /** Absolute address of a file the server named relatively (/files/…); http(s) only. */
  fileUrl(url: string): string {
    try {
      const abs = new URL(url, this.origin + "/");
      return abs.protocol === "http:" || abs.protocol === "https:" ? abs.href : "about:blank";
    } catch {
      return "about:blank";
    }
  }

  private async request<T>(
    method: string,
    path: string,
    opts: { json?: unknown; form?: FormData; token?: string; timeout?: number } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const controller = typeof AbortController === "function" ? new AbortController() : undefined;
    const timer = setTimeout(() => controller?.abort(), opts.timeout ?? JSON_TIMEOUT_MS);
    let res: Response;
    try {
      res = await this.fetchImpl(this.base + path, {
        method,
        headers,
        body,
        signal: controller?.signal,
        credentials: "omit",
        mode: "cors",
      });
    } catch (err) {
      throw new ApiError(0, "ERR_NETWORK", err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = undefined;
    try {
      data = await res.json();
    } catch {
      // empty or not JSON
    }
    if (!res.ok) {
      const e = (data ?? {}) as {
        error?: string;
        message?: string;
        fields?: Record<string, string>;
      };
      throw new ApiError(res.status, e.error, e.message, e.fields);
    }
    return data as T;
  }
}
