import { channels, type ChatDTO } from "@atrium/shared";
import type { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { testQueryClient } from "../../../test/render";
import { makeChat, makeChatMessage, page } from "../test/chatFixtures";
import { chatsKeys, type ChatUserOption } from "./chatsApi";
import { myUnreads, type ChatMessagesData, type ChatsData } from "./chatsCache";
import { flattenChats } from "./chatsQueries";
import { chatsSession } from "./chatsSession";

const ME = 7;

function setup(chats: ChatDTO[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<ChatsData>(chatsKeys.list(""), {
    pages: [page(chats)],
    pageParams: [1],
  });
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: ME,
    queryClient,
    readUserUuid: () => "session-1",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  return { queryClient, socket };
}

const listed = (queryClient: QueryClient, search = "") =>
  flattenChats(queryClient.getQueryData<ChatsData>(chatsKeys.list(search)));

describe("live internal chats in the cache", () => {
  afterEach(() => chatsSession.setOpenChatId(null));

  it("moves the chat of a new message to the top and raises my unread count", () => {
    const first = makeChat({ id: 1, title: "Geral" });
    const second = makeChat({ id: 2, title: "Suporte" });
    const { queryClient, socket } = setup([first, second]);
    queryClient.setQueryData<ChatMessagesData>(chatsKeys.messages(2), {
      pages: [page([makeChatMessage({ id: 10, chatId: 2 })])],
      pageParams: [1],
    });
    const message = makeChatMessage({ id: 11, chatId: 2, senderId: 1, message: "Bom dia" });
    const updated = makeChat(
      { id: 2, title: "Suporte", lastMessage: "Bom dia", updatedAt: "2026-03-04T11:00:00.000Z" },
      [
        [1, "Admin", 0],
        [ME, "Ana", 3],
      ],
    );

    socket.serverEmit(channels.chat(1), { action: "new-message", message, chat: updated });

    const chats = listed(queryClient);
    expect(chats.map((c) => c.id)).toEqual([2, 1]);
    expect(chats[0]!.lastMessage).toBe("Bom dia");
    expect(myUnreads(chats[0]!, ME)).toBe(3);
    const messages = queryClient.getQueryData<ChatMessagesData>(chatsKeys.messages(2));
    expect(messages!.pages[0]!.records.map((m) => m.id)).toEqual([10, 11]);

    // The same message again (the send answer came first, say): shown once.
    socket.serverEmit(channels.chat(1), { action: "new-message", message, chat: updated });
    expect(
      queryClient.getQueryData<ChatMessagesData>(chatsKeys.messages(2))!.pages[0]!.records,
    ).toHaveLength(2);
  });

  it("keeps my unread count at 0 in the open chat and asks to read it", () => {
    const chat = makeChat({ id: 3 });
    const { queryClient, socket } = setup([chat]);
    chatsSession.setOpenChatId(3);
    const readNeeded = vi.fn();
    const stop = chatsSession.readNeeded.subscribe(readNeeded);
    const withUnread = makeChat({ id: 3, lastMessage: "Oi" }, [
      [1, "Admin", 0],
      [ME, "Ana", 1],
    ]);

    socket.serverEmit(channels.chat(1), {
      action: "new-message",
      message: makeChatMessage({ chatId: 3, senderId: 1 }),
      chat: withUnread,
    });
    expect(myUnreads(listed(queryClient)[0]!, ME)).toBe(0);
    expect(readNeeded).toHaveBeenCalledWith(3);

    // My own message does not need reading.
    readNeeded.mockClear();
    socket.serverEmit(channels.chat(1), {
      action: "new-message",
      message: makeChatMessage({ chatId: 3, senderId: ME }),
      chat,
    });
    expect(readNeeded).not.toHaveBeenCalled();
    stop();
  });

  it("replaces a chat on update without moving it, and ignores chats I am not in", () => {
    const first = makeChat({ id: 1, title: "Geral" });
    const second = makeChat({ id: 2, title: "Suporte" });
    const { queryClient, socket } = setup([first, second]);
    socket.serverEmit(channels.chat(1), {
      action: "update",
      chat: { ...second, title: "Suporte N2" },
    });
    expect(listed(queryClient).map((c) => c.title)).toEqual(["Geral", "Suporte N2"]);

    const notMine = makeChat({ id: 9 }, [[1, "Admin", 0]]);
    socket.serverEmit(channels.chat(1), {
      action: "new-message",
      message: makeChatMessage({ chatId: 9 }),
      chat: notMine,
    });
    expect(listed(queryClient).map((c) => c.id)).toEqual([1, 2]);
  });

  it("adds a chat I join on top, and a chat I leave or that is deleted goes away", () => {
    const first = makeChat({ id: 1, title: "Geral" });
    const { queryClient, socket } = setup([first]);
    queryClient.setQueryData<ChatsData>(chatsKeys.list("vendas"), {
      pages: [page([])],
      pageParams: [1],
    });
    const joined = makeChat({ id: 5, title: "Time de vendas" });
    socket.serverEmit(channels.chatUser(1, ME), { action: "create", chat: joined });
    expect(listed(queryClient).map((c) => c.id)).toEqual([5, 1]);
    expect(listed(queryClient, "vendas").map((c) => c.id)).toEqual([5]);

    // Another user's channel is not mine.
    socket.serverEmit(channels.chatUser(1, 99), { action: "delete", chatId: 5 });
    expect(listed(queryClient).map((c) => c.id)).toEqual([5, 1]);

    const removed = vi.fn();
    const stop = chatsSession.removed.subscribe(removed);
    chatsSession.setOpenChatId(1);
    queryClient.setQueryData(chatsKeys.detail(first.uuid), first);
    socket.serverEmit(channels.chatUser(1, ME), { action: "delete", chatId: 5 });
    expect(removed).not.toHaveBeenCalled();
    socket.serverEmit(channels.chatUser(1, ME), { action: "delete", chatId: 1 });
    expect(listed(queryClient)).toEqual([]);
    expect(listed(queryClient, "vendas")).toEqual([]);
    expect(queryClient.getQueryData(chatsKeys.detail(first.uuid))).toBeUndefined();
    expect(removed).toHaveBeenCalledWith(1);
    stop();
  });

  it("keeps the user picker's online dots current", () => {
    const { queryClient, socket } = setup([]);
    queryClient.setQueryData<ChatUserOption[]>(chatsKeys.users(), [
      { id: 2, name: "Carla", online: false },
      { id: 3, name: "Davi", online: true },
    ]);
    socket.serverEmit(channels.user(1), {
      action: "update",
      user: { id: 2, name: "Carla", companyId: 1, online: true },
    });
    socket.serverEmit(channels.user(1), { action: "delete", userId: 3 });
    expect(queryClient.getQueryData(chatsKeys.users())).toEqual([
      { id: 2, name: "Carla", online: true },
    ]);
    // A presence batch updates the dots of listed people and adds nobody.
    socket.serverEmit(channels.user(1), {
      action: "update",
      companyId: 1,
      users: [
        { id: 2, online: false },
        { id: 9, online: true },
      ],
    });
    expect(queryClient.getQueryData(chatsKeys.users())).toEqual([
      { id: 2, name: "Carla", online: false },
    ]);
  });
});
