import type { ChannelType } from "@atrium/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { messagesKeys } from "./messagesApi";
import type { MessageDTO, MessagesPage } from "./messageTypes";

export type MessagesData = InfiniteData<MessagesPage, number>;

/**
 * Channels where a message deleted by the contact disappears instead of showing as deleted
 * (Messenger/Instagram unsend). A WhatsApp revoke — Baileys or Cloud API — shows 'Esta mensagem
 * foi apagada', as WhatsApp itself does.
 */
export const REMOVE_DELETED_CHANNELS: readonly ChannelType[] = ["FACEBOOK", "INSTAGRAM"];

/**
 * A new message joins the newest page (page 1) once, at its end. The send answer and the live
 * event bring the same message: a second copy is dropped (an ack update may already have come).
 */
export function appendMessage(data: MessagesData, message: MessageDTO): MessagesData {
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return {
    ...data,
    pages: [{ ...newest, messages: [...newest.messages, message] }, ...older],
  };
}

/**
 * A changed message (ack, error, edit, deletion): replaced where it is; on Facebook and
 * Instagram a deletion removes it, elsewhere it shows as deleted.
 */
export function replaceMessage(
  data: MessagesData,
  message: MessageDTO,
  channelType: ChannelType | null,
): MessagesData {
  const remove =
    message.isDeleted && channelType !== null && REMOVE_DELETED_CHANNELS.includes(channelType);
  let changed = false;
  const pages = data.pages.map((page) => {
    const touched = page.messages.some(
      (m) => m.id === message.id || m.quotedMsg?.id === message.id,
    );
    if (!touched) return page;
    changed = true;
    const kept = remove ? page.messages.filter((m) => m.id !== message.id) : page.messages;
    return { ...page, messages: kept.map((m) => updated(m, message)) };
  });
  return changed ? { ...data, pages } : data;
}

/** The message itself, or a reply quoting it (a deleted original shows blank there too). */
function updated(current: MessageDTO, changed: MessageDTO): MessageDTO {
  if (current.id === changed.id) return { ...current, ...changed };
  if (current.quotedMsg?.id !== changed.id) return current;
  return {
    ...current,
    quotedMsg: { ...current.quotedMsg, body: changed.isDeleted ? "" : changed.body },
  };
}

/** The channel of a ticket, as the cached message pages know it. */
function channelOf(data: MessagesData | undefined): ChannelType | null {
  return data?.pages.find((page) => page.ticket)?.ticket?.channelType ?? null;
}

export function appendMessageToCaches(queryClient: QueryClient, message: MessageDTO): void {
  queryClient.setQueriesData<MessagesData>(
    { queryKey: messagesKeys.ticket(message.ticketId) },
    (data) => (data ? appendMessage(data, message) : data),
  );
}

export function replaceMessageInCaches(
  queryClient: QueryClient,
  message: MessageDTO,
  fallbackChannel: ChannelType | null = null,
): void {
  queryClient.setQueriesData<MessagesData>(
    { queryKey: messagesKeys.ticket(message.ticketId) },
    (data) => (data ? replaceMessage(data, message, channelOf(data) ?? fallbackChannel) : data),
  );
}
