import { api } from "../../../api/client";

/** A private note on a ticket/contact (docs/api.md "Notes"). */
export interface TicketNoteDTO {
  id: number;
  note: string;
  ticketId: number | null;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

export interface NoteTarget {
  contactId: number;
  ticketId?: number;
}

export const notesApi = {
  /** GET /ticket-notes/list: newest first. */
  list: ({ contactId, ticketId }: NoteTarget, signal?: AbortSignal) =>
    api.get<TicketNoteDTO[]>("/ticket-notes/list", { query: { ticketId, contactId }, signal }),
  create: (note: string, { contactId, ticketId }: NoteTarget) =>
    api.post<TicketNoteDTO>("/ticket-notes", { note, ticketId, contactId }),
  remove: (id: number) => api.delete(`/ticket-notes/${id}`),
};

export const notesKeys = {
  all: ["ticketNotes"] as const,
  list: ({ contactId, ticketId }: NoteTarget) =>
    [...notesKeys.all, contactId, ticketId ?? "contact"] as const,
};

/** The notes of a ticket's contact, newest first: one cache for the drawer and the timeline. */
export const notesQuery = (target: NoteTarget) => ({
  queryKey: notesKeys.list(target),
  queryFn: ({ signal }: { signal?: AbortSignal }) => notesApi.list(target, signal),
  staleTime: 0,
});
