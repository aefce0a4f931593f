import { channels } from "@atrium/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { testQueryClient } from "../../../test/render";
import { messagesKeys } from "../../messages/api/messagesApi";
import type { MessagesPage } from "../../messages/api/messageTypes";
import {
  adminViewer,
  ids,
  listData,
  listParams,
  makeMessage,
  makeTicket,
} from "../test/ticketFixtures";
import { inboxSession } from "./inboxSession";
import { ticketsKeys } from "./ticketsApi";
import type { TicketsListData } from "./ticketListRules";

function setup() {
  const queryClient = testQueryClient();
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: adminViewer.userId,
    queryClient,
    readUserUuid: () => "s",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  inboxSession.setViewer(adminViewer);
  return { queryClient, socket };
}

const pendingKey = ticketsKeys.list(listParams({ status: "pending" }));
const openKey = ticketsKeys.list(listParams({ status: "open" }));
const list = (qc: ReturnType<typeof testQueryClient>, key: readonly unknown[]) =>
  qc.getQueryData<TicketsListData>(key)!;

function messagesData(ticketId: number, channelType = "WEB_CHAT") {
  const ticket = makeTicket({ id: ticketId, channelType: channelType as never });
  const page: MessagesPage = {
    messages: [makeMessage({ id: 1, ticketId })],
    ticket,
    count: 1,
    hasMore: false,
  };
  return { pages: [page], pageParams: [1] } as InfiniteData<MessagesPage, number>;
}

afterEach(() => {
  inboxSession.setViewer(null);
  inboxSession.setOpenTicketId(null);
});

describe("inbox rows of the realtime table", () => {
  it("moves an accepted ticket from Pending to Assigned, then removes a deleted one", () => {
    const { queryClient, socket } = setup();
    const ticket = makeTicket({ id: 10 });
    queryClient.setQueryData(pendingKey, listData([ticket]));
    queryClient.setQueryData(openKey, listData([]));

    socket.serverEmit(channels.ticket(1), {
      action: "update",
      ticket: { ...ticket, status: "open", userId: 1, updatedAt: "2026-03-01T11:00:00.000Z" },
    });
    expect(ids(list(queryClient, pendingKey))).toEqual([]);
    expect(ids(list(queryClient, openKey))).toEqual([10]);
    expect(list(queryClient, openKey).pages[0]!.count).toBe(1);

    socket.serverEmit(channels.ticket(1), { action: "delete", ticketId: 10 });
    expect(ids(list(queryClient, openKey))).toEqual([]);
  });

  it("ignores a ticket event of another company", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(pendingKey, listData([]));
    socket.serverEmit(channels.ticket(1), {
      action: "update",
      ticket: makeTicket({ companyId: 2 }),
    });
    expect(ids(list(queryClient, pendingKey))).toEqual([]);
  });

  it("updateUnread resets a ticket's unread count", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(pendingKey, listData([makeTicket({ id: 3, unreadMessages: 5 })]));
    socket.serverEmit(channels.ticket(1), { action: "updateUnread", ticketId: 3 });
    expect(list(queryClient, pendingKey).pages[0]!.tickets[0]!.unreadMessages).toBe(0);
  });

  it("a new message raises unread, moves the ticket up, and joins the open conversation", () => {
    const { queryClient, socket } = setup();
    const first = makeTicket({ id: 1, updatedAt: "2026-03-01T10:05:00.000Z" });
    const second = makeTicket({ id: 2, updatedAt: "2026-03-01T10:01:00.000Z", unreadMessages: 1 });
    queryClient.setQueryData(pendingKey, listData([first, second]));
    queryClient.setQueryData(messagesKeys.list(2, "chat"), messagesData(2));

    const message = makeMessage({ id: 50, ticketId: 2, body: "Chegou" });
    socket.serverEmit(channels.appMessage(1), { action: "create", message });
    expect(ids(list(queryClient, pendingKey))).toEqual([2, 1]);
    expect(list(queryClient, pendingKey).pages[0]!.tickets[0]).toMatchObject({
      unreadMessages: 2,
      lastMessage: "Chegou",
    });
    const chat = queryClient.getQueryData<InfiniteData<MessagesPage>>(
      messagesKeys.list(2, "chat"),
    )!;
    expect(chat.pages[0]!.messages.map((m) => m.id)).toEqual([1, 50]);

    // The same message again (the send answer and the event): shown once.
    socket.serverEmit(channels.appMessage(1), { action: "create", message });
    const again = queryClient.getQueryData<InfiniteData<MessagesPage>>(
      messagesKeys.list(2, "chat"),
    )!;
    expect(again.pages[0]!.messages.map((m) => m.id)).toEqual([1, 50]);
  });

  it("the ticket open on screen keeps no unread count", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(pendingKey, listData([makeTicket({ id: 2 })]));
    inboxSession.setOpenTicketId(2);
    socket.serverEmit(channels.appMessage(1), {
      action: "create",
      message: makeMessage({ ticketId: 2 }),
    });
    expect(list(queryClient, pendingKey).pages[0]!.tickets[0]!.unreadMessages).toBe(0);
  });

  it("a deleted message disappears on Facebook/Instagram/WhatsApp Business, shows as deleted elsewhere", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(messagesKeys.list(2, "chat"), messagesData(2, "FACEBOOK"));
    queryClient.setQueryData(messagesKeys.list(3, "chat"), messagesData(3, "WEB_CHAT"));
    const deleted = (ticketId: number) =>
      makeMessage({ id: 1, ticketId, isDeleted: true, body: "" });
    socket.serverEmit(channels.appMessage(1), { action: "update", message: deleted(2) });
    socket.serverEmit(channels.appMessage(1), { action: "update", message: deleted(3) });
    const facebook = queryClient.getQueryData<InfiniteData<MessagesPage>>(
      messagesKeys.list(2, "chat"),
    )!;
    const web = queryClient.getQueryData<InfiniteData<MessagesPage>>(messagesKeys.list(3, "chat"))!;
    expect(facebook.pages[0]!.messages).toEqual([]);
    expect(web.pages[0]!.messages[0]).toMatchObject({ id: 1, isDeleted: true });
  });

  it("an ack update replaces the message", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(messagesKeys.list(2, "chat"), messagesData(2));
    socket.serverEmit(channels.appMessage(1), {
      action: "update",
      message: makeMessage({ id: 1, ticketId: 2, ack: 4, fromMe: true }),
    });
    const chat = queryClient.getQueryData<InfiniteData<MessagesPage>>(
      messagesKeys.list(2, "chat"),
    )!;
    expect(chat.pages[0]!.messages[0]!.ack).toBe(4);
  });

  it("a contact update renames the contact in cached tickets and the open ticket", () => {
    const { queryClient, socket } = setup();
    const ticket = makeTicket({ id: 4 });
    queryClient.setQueryData(pendingKey, listData([ticket]));
    queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), ticket);
    socket.serverEmit(channels.contact(1), {
      action: "update",
      contact: { id: ticket.contactId, name: "Renomeado", companyId: 1 },
    });
    expect(list(queryClient, pendingKey).pages[0]!.tickets[0]!.contact.name).toBe("Renomeado");
    expect(
      queryClient.getQueryData<typeof ticket>(ticketsKeys.detail(ticket.uuid))!.contact.name,
    ).toBe("Renomeado");
  });
});
