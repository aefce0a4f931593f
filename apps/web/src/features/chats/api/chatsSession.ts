import { createSignal } from "../../../app/signal";

/**
 * What the live chat reactions need to know about the screen, outside React: which chat is
 * open. And what they tell the screen: read the open chat again, or leave a deleted chat.
 */
let openChatId: number | null = null;

export const chatsSession = {
  openChatId: (): number | null => openChatId,
  setOpenChatId(id: number | null): void {
    openChatId = id;
  },
  /** A message from someone else arrived in the open chat: it is read on screen. */
  readNeeded: createSignal<number>(),
  /** The open chat was deleted, or I was removed from it: back to /chats. */
  removed: createSignal<number>(),
};
