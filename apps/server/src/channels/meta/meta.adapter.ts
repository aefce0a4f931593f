import type { Readable } from "node:stream";
import { AppError } from "../../lib/errors.js";
import {
  PermanentSendError,
  SendUncertainError,
  SendUnavailableError,
  type ChannelAdapter,
  type ConnectionRow,
  type ContactRow,
  type OutboundMessage,
  type SendResult,
} from "../channel.js";
import { GraphError, type GraphClient } from "./graph.js";
import { instagramAudioPlan, WAV_FORMAT_QUERY } from "./instagram-audio.js";
import { ECHO_METADATA_PREFIX, type MetaChannel } from "./meta.map.js";

/** Session changes an adapter reports (ConnectionsService.setStatus saves and publishes them). */
export type ConnectionStatusSink = (
  connection: ConnectionRow,
  patch: { status: string; number?: string },
) => Promise<void>;

const MESSENGER_ATTACHMENT: Record<string, string> = {
  image: "image",
  sticker: "image",
  audio: "audio",
  video: "video",
};

const WHATSAPP_MEDIA: Record<string, string> = {
  image: "image",
  sticker: "sticker",
  audio: "audio",
  video: "video",
};

/**
 * Facebook Messenger, Instagram Direct and the WhatsApp Business Cloud API, through the Graph
 * API with the connection's access token. One class, parameterised by channel: Messenger and
 * Instagram share the Send API (`/me/messages` with a page token), WhatsApp Cloud has its own
 * (`/{phone-number-id}/messages`).
 */
export class MetaAdapter implements ChannelAdapter {
  constructor(
    readonly type: MetaChannel,
    private readonly graph: GraphClient,
    /** Absolute base of our signed file links (Messenger/Instagram fetch attachments by URL). */
    private readonly publicUrl: string,
    private readonly setStatus: ConnectionStatusSink,
  ) {}

  /** Checks the token against the Graph API; CONNECTED with the page/number name, else DISCONNECTED. */
  async start(connection: ConnectionRow): Promise<void> {
    try {
      const number = await this.identify(connection);
      await this.setStatus(connection, { status: "CONNECTED", number });
    } catch (err) {
      await this.setStatus(connection, { status: "DISCONNECTED" });
      const reason = err instanceof Error ? err.message : String(err);
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", `Meta refused the connection: ${reason}`);
    }
  }

  async stop(connection: ConnectionRow): Promise<void> {
    // Nothing to close: webhooks keep arriving and are stored; sending needs a new start.
    await this.setStatus(connection, { status: "DISCONNECTED" });
  }

  async send(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult> {
    try {
      return this.type === "WHATSAPP_BUSINESS"
        ? await this.sendWhatsApp(connection, contact, message)
        : await this.sendMessenger(connection, contact, message);
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      // A rejected token stops every send of the connection (circuit breaker, alert), the
      // messages wait for a new token; rate limits pause the connection's lane.
      if (err.authRejected) throw new SendUnavailableError(err.message, "auth");
      if (err.rateLimited) throw new SendUnavailableError(err.message, "rate", err.retryAfterMs);
      // Refusals a retry cannot fix end the job at once, with Graph's words on the message.
      if (err.permanent) throw new PermanentSendError(err.message);
      throw new SendUnavailableError(err.message, "transport", err.retryAfterMs);
    }
  }

  async deleteMessage(): Promise<void> {
    throw new AppError(
      "ERR_DELETE_WAPP_MSG",
      "Meta channels cannot delete a message that was already sent",
    );
  }

  async markRead(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageIds: string[],
  ): Promise<void> {
    const last = providerMessageIds.at(-1);
    if (!last) return;
    if (this.type === "WHATSAPP_BUSINESS") {
      // Marking the newest message read marks the earlier ones too.
      await this.graph.call(
        "POST",
        `/${config(connection).phoneNumberId}/messages`,
        token(connection),
        {
          messaging_product: "whatsapp",
          status: "read",
          message_id: last,
        },
      );
      return;
    }
    await this.senderAction(connection, contact, "mark_seen");
  }

  async typing(connection: ConnectionRow, contact: ContactRow, on: boolean): Promise<void> {
    // WhatsApp Cloud only shows typing while replying to a given message: not offered.
    if (this.type === "WHATSAPP_BUSINESS") return;
    await this.senderAction(connection, contact, on ? "typing_on" : "typing_off");
  }

  /* --------------------------------------------------------------------------- internals */

  private async identify(connection: ConnectionRow): Promise<string> {
    const c = config(connection);
    if (this.type === "WHATSAPP_BUSINESS") {
      const phone = await this.graph.call<{
        display_phone_number?: string;
        verified_name?: string;
      }>("GET", `/${c.phoneNumberId}?fields=display_phone_number,verified_name`, token(connection));
      return phone.display_phone_number ?? phone.verified_name ?? "";
    }
    if (this.type === "INSTAGRAM") {
      const account = await this.graph.call<{ username?: string; name?: string }>(
        "GET",
        `/${c.instagramAccountId}?fields=id,username,name`,
        token(connection),
      );
      return account.username ?? account.name ?? "";
    }
    const page = await this.graph.call<{ id?: string; name?: string }>(
      "GET",
      "/me?fields=id,name",
      token(connection),
    );
    if (c.pageId && page.id && page.id !== c.pageId) {
      throw new Error(`the access token belongs to page ${page.id}, not ${c.pageId}`);
    }
    return page.name ?? "";
  }

  private async senderAction(connection: ConnectionRow, contact: ContactRow, action: string) {
    await this.graph.call("POST", "/me/messages", token(connection), {
      recipient: { id: contact.number },
      sender_action: action,
    });
  }

  private async sendMessenger(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult> {
    const instagram = this.type === "INSTAGRAM";
    const replyTo = message.quoted?.providerMessageId
      ? { reply_to: { mid: message.quoted.providerMessageId } }
      : {};
    const post = (payload: Record<string, unknown>) =>
      sendCall(
        this.graph.call<{ message_id?: string }>("POST", "/me/messages", token(connection), {
          recipient: { id: contact.number },
          messaging_type: "RESPONSE",
          // Instagram's Send API takes the reply target beside `message`, Messenger inside it.
          ...(instagram && replyTo),
          message: {
            ...payload,
            ...(!instagram && { metadata: `${ECHO_METADATA_PREFIX}${message.messageId}` }),
            ...(!instagram && replyTo),
          },
        }),
      );
    let first: { message_id?: string };
    if (message.file) {
      let url = absolute(this.publicUrl, message.file.url);
      if (instagram && message.mediaType === "audio") {
        const plan = instagramAudioPlan(message.file.mimeType, message.file.size);
        if (plan === "refuse") throw new PermanentSendError("ERR_INSTAGRAM_AUDIO_FORMAT");
        if (plan === "convert") url += `${url.includes("?") ? "&" : "?"}${WAV_FORMAT_QUERY}`;
      }
      first = await post({
        attachment: {
          type: MESSENGER_ATTACHMENT[message.mediaType] ?? "file",
          payload: { url, is_reusable: false },
        },
      });
      // Attachments have no caption here: the text follows as its own message.
      if (message.body.trim()) await post({ text: message.body });
    } else {
      first = await post({ text: message.body });
    }
    if (!first.message_id) throw new GraphError("The Send API answered without a message id", 200);
    return { providerMessageId: first.message_id, ack: 1 };
  }

  private async sendWhatsApp(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult> {
    const phoneNumberId = config(connection).phoneNumberId;
    const post = (payload: Record<string, unknown>) =>
      sendCall(
        this.graph.call<{ messages?: { id?: string }[] }>(
          "POST",
          `/${phoneNumberId}/messages`,
          token(connection),
          {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            // A customer known only by business-scoped user id is addressed by it.
            ...(isBsuid(contact.number) ? { recipient: contact.number } : { to: contact.number }),
            ...(message.quoted?.providerMessageId && {
              context: { message_id: message.quoted.providerMessageId },
            }),
            ...payload,
          },
        ),
      );
    let answer: { messages?: { id?: string }[] };
    if (message.file) {
      const mediaId = await this.uploadWhatsAppMedia(connection, message.file);
      const type = WHATSAPP_MEDIA[message.mediaType] ?? "document";
      const caption = message.body.trim();
      const captioned = caption && type !== "audio" && type !== "sticker";
      answer = await post({
        type,
        [type]: {
          id: mediaId,
          ...(captioned && { caption }),
          ...(type === "document" && { filename: message.file.name }),
        },
      });
      if (caption && !captioned) await post({ type: "text", text: { body: caption } });
    } else {
      answer = await post({ type: "text", text: { body: message.body, preview_url: true } });
    }
    const id = answer.messages?.[0]?.id;
    if (!id) throw new GraphError("The Cloud API answered without a message id", 200);
    return { providerMessageId: id, ack: 1 };
  }

  private async uploadWhatsAppMedia(
    connection: ConnectionRow,
    file: NonNullable<OutboundMessage["file"]>,
  ): Promise<string> {
    const data = await readAll(file.open());
    const form = new FormData();
    form.append("messaging_product", "whatsapp");
    form.append("type", file.mimeType);
    form.append("file", new Blob([new Uint8Array(data)], { type: file.mimeType }), file.name);
    const uploaded = await this.graph.upload<{ id?: string }>(
      `/${config(connection).phoneNumberId}/media`,
      token(connection),
      form,
    );
    if (!uploaded.id) throw new GraphError("The media upload answered without an id", 200);
    return uploaded.id;
  }
}

/** "BR.1502576394655843": a business-scoped user id, not a phone number. */
const isBsuid = (id: string) => /^[A-Z]{2}\.[A-Za-z0-9.]+$/.test(id);

function config(connection: ConnectionRow) {
  return connection.config ?? {};
}

function token(connection: ConnectionRow): string {
  const value = connection.config?.accessToken;
  if (!value) throw new PermanentSendError("This connection has no access token");
  return value;
}

function absolute(base: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${base.replace(/\/$/, "")}${url}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A call that sends a message: no answer to it (timeout, reset) means Meta may have the
 * message, which is then never sent again by itself (SendUncertainError).
 */
async function sendCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof GraphError && err.uncertain) throw new SendUncertainError(err.message);
    throw err;
  }
}
