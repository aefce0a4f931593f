import { inlineElement } from "@atrium/shared";
import type { Namespace } from "socket.io";
import type {
  ChannelAdapter,
  ConnectionRow,
  ContactRow,
  OutboundMessage,
  SendResult,
} from "../channel.js";

/** Room of one visitor of one web-chat connection. */
export const visitorRoom = (connectionId: number, contactId: number) =>
  `wc:${connectionId}:${contactId}`;

/** What a visitor sees of a message (no internal ids of agents, no notes). */
export interface VisitorMessage {
  id: number;
  author: "visitor" | "agent";
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  /** The file's type, detected from its bytes; null without a file or before it is checked. */
  mimeType: string | null;
  /** The file is an inert image/audio/video the widget may show inline (shared rule). */
  mediaInline: boolean;
  fileName: string | null;
  isDeleted: boolean;
  createdAt: string;
}

/**
 * WEB_CHAT: the "provider" is our own widget. Sending emits to the visitor's sockets; a visitor
 * with the widget open acknowledges delivery at once (ack 2), reading later (ack 3).
 */
export class WebChatAdapter implements ChannelAdapter {
  readonly type = "WEB_CHAT" as const;
  readonly idempotentSends = true;

  constructor(private readonly nsp: () => Namespace | undefined) {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  async send(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult> {
    const nsp = this.nsp();
    const room = visitorRoom(connection.id, contact.id);
    const payload: VisitorMessage = {
      id: message.messageId,
      author: "agent",
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.file?.url ?? null,
      mimeType: message.file?.mimeType ?? null,
      mediaInline: inlineElement(message.mediaType, message.file?.mimeType) !== null,
      fileName: message.file?.name ?? null,
      isDeleted: false,
      createdAt: new Date().toISOString(),
    };
    const online = nsp ? (await nsp.in(room).fetchSockets()).length > 0 : false;
    nsp?.to(room).emit("message", payload);
    return { providerMessageId: `wc-out-${message.messageId}`, ack: online ? 2 : 1 };
  }

  async deleteMessage(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageId: string,
  ): Promise<void> {
    const id = Number(providerMessageId.replace(/^wc-(out|in)-/, ""));
    this.nsp()?.to(visitorRoom(connection.id, contact.id)).emit("message-deleted", { id });
  }

  async markRead(): Promise<void> {
    // The widget shows no read receipts for the visitor's own messages.
  }

  async typing(connection: ConnectionRow, contact: ContactRow, on: boolean): Promise<void> {
    this.nsp()?.to(visitorRoom(connection.id, contact.id)).emit("typing", { on });
  }
}
