import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { notesQuery, type TicketNoteDTO } from "../../contacts/api/notesApi";
import type { MessageDTO } from "../api/messageTypes";

/**
 * A private note shown in the conversation, as the note bubble it is: author, time, the note
 * style. Its id is negative so it never collides with a message's.
 */
function noteAsMessage(note: TicketNoteDTO, ticketId: number): MessageDTO {
  return {
    id: -note.id,
    ticketId,
    contactId: note.contactId,
    body: note.note,
    fromMe: true,
    read: true,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    editHistory: [],
    mediaType: "note",
    mediaUrl: null,
    mimeType: null,
    mediaInline: false,
    fileName: null,
    queueId: null,
    queue: null,
    quotedMsg: null,
    contact: null,
    senderId: note.userId,
    sender: note.user,
    createdAt: note.createdAt,
    updatedAt: note.createdAt,
  };
}

/**
 * The ticket's messages with its private notes in between, by time (the notes the server lets
 * this user read, the same list as the contact drawer's). While older messages are still to
 * load, notes older than the first message shown wait for them.
 */
export function useTimeline(
  messages: readonly MessageDTO[],
  { ticketId, contactId, hasOlder }: { ticketId: number; contactId?: number; hasOlder: boolean },
): MessageDTO[] {
  const notes = useQuery({
    ...notesQuery({ contactId: contactId ?? 0, ticketId }),
    enabled: contactId !== undefined,
  });
  return useMemo(() => {
    const list = (notes.data ?? []).filter((n) => n.ticketId === ticketId);
    if (list.length === 0) return messages as MessageDTO[];
    const from = hasOlder ? (messages[0]?.createdAt ?? "") : "";
    const shown = list.filter((n) => n.createdAt >= from).map((n) => noteAsMessage(n, ticketId));
    return [...messages, ...shown].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || Math.abs(a.id) - Math.abs(b.id),
    );
  }, [messages, notes.data, ticketId, hasOlder]);
}
