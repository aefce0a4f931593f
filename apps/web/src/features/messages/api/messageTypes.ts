import type { MessageMediaType } from "@atrium/shared";
import type { TicketDTO } from "../../tickets/api/ticketTypes";

/** A message as the server's presenter writes it (docs/api.md "Message"). */
export interface MessageDTO {
  id: number;
  ticketId: number;
  contactId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  /** Earlier texts of an edited message, oldest first. */
  editHistory: { body: string; editedAt: string }[];
  mediaType: MessageMediaType;
  /** Signed: loadable by <img>/<audio> without headers. */
  mediaUrl: string | null;
  /** The file's type as the server detected it from the bytes; null when not (yet) known. */
  mimeType: string | null;
  /** The server's verdict: an inert image/audio/video shown inline (shared rule). */
  mediaInline: boolean;
  fileName: string | null;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  quotedMsg: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string;
    contact: { name: string } | null;
  } | null;
  contact: { id: number; name: string } | null;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  /** Group tickets: who in the group wrote it. */
  participant?: string | null;
  error?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One page of GET /messages/:ticketId: page 1 is the newest, oldest first within a page. */
export interface MessagesPage {
  messages: MessageDTO[];
  ticket?: TicketDTO;
  count: number;
  hasMore: boolean;
}

export interface SendTextInput {
  body: string;
  quotedMsg?: { id: number } | null;
  quickMessageId?: number | null;
}
