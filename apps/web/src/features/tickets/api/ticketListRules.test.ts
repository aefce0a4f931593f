import { LIST_COUNT_LIMIT } from "@atrium/shared";
import { describe, expect, it } from "vitest";
import {
  adminViewer,
  agentViewer,
  count,
  ids,
  listData,
  listParams,
  makeTicket,
} from "../test/ticketFixtures";
import {
  applyNewMessage,
  removeTicket,
  resetUnread,
  updateContact,
  upsertTicket,
} from "./ticketListRules";

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;

describe("live list reactions: company ticket update", () => {
  const pending = listParams({ status: "pending" });
  const assigned = listParams({ status: "open", showAll: true });

  it("adds a ticket to the list of its status, newest first, and counts it", () => {
    const older = makeTicket({ id: 1, updatedAt: at(1) });
    const data = listData([older]);
    const fresh = makeTicket({ id: 2, updatedAt: at(5) });
    const next = upsertTicket(data, fresh, pending, adminViewer);
    expect(ids(next)).toEqual([2, 1]);
    expect(count(next)).toBe(2);
  });

  it("replaces a listed ticket and keeps newest-updatedAt-first order", () => {
    const a = makeTicket({ id: 1, updatedAt: at(5), lastMessage: "old" });
    const b = makeTicket({ id: 2, updatedAt: at(3) });
    const data = listData([a, b]);
    const same = upsertTicket(data, { ...a, lastMessage: "edited" }, pending, adminViewer);
    expect(ids(same)).toEqual([1, 2]);
    expect(same.pages[0]!.tickets[0]!.lastMessage).toBe("edited");
    expect(count(same)).toBe(2);
    const moved = upsertTicket(data, { ...b, updatedAt: at(9) }, pending, adminViewer);
    expect(ids(moved)).toEqual([2, 1]);
  });

  it("removes a ticket from a list whose status it left (accepted: pending → open)", () => {
    const ticket = makeTicket({ id: 1 });
    const accepted = { ...ticket, status: "open" as const, userId: 1, updatedAt: at(7) };
    const fromPending = upsertTicket(listData([ticket]), accepted, pending, adminViewer);
    expect(ids(fromPending)).toEqual([]);
    expect(count(fromPending)).toBe(0);
    const intoAssigned = upsertTicket(listData([]), accepted, assigned, adminViewer);
    expect(ids(intoAssigned)).toEqual([1]);
  });

  it("removes a ticket moved to a queue the user did not select, and never adds one", () => {
    const params = listParams({ status: "pending", queueIds: [1] });
    const ticket = makeTicket({ id: 1, queueId: 1 });
    const moved = { ...ticket, queueId: 2, queue: { id: 2, name: "Vendas", color: "#f00" } };
    expect(ids(upsertTicket(listData([ticket]), moved, params, adminViewer))).toEqual([]);
    expect(ids(upsertTicket(listData([]), moved, params, adminViewer))).toEqual([]);
    // 'Sem Fila' (0) selected: a ticket without queue belongs.
    const noQueue = makeTicket({ id: 3, queueId: null, queue: null });
    const withNone = listParams({ status: "pending", queueIds: [1, 0] });
    expect(ids(upsertTicket(listData([]), noQueue, withNone, adminViewer))).toEqual([3]);
  });

  it("user profile: ignores live events for tickets without a queue", () => {
    const noQueue = makeTicket({ id: 1, queueId: null, queue: null });
    const next = upsertTicket(listData([]), noQueue, pending, agentViewer);
    expect(ids(next)).toEqual([]);
    // The same ticket in one of the user's queues does come in.
    const queued = makeTicket({ id: 2, queueId: 1 });
    expect(ids(upsertTicket(listData([]), queued, pending, agentViewer))).toEqual([2]);
  });

  it("user profile: a ticket of another queue never enters the list", () => {
    const other = makeTicket({ id: 1, queueId: 9, queue: { id: 9, name: "X", color: "#000" } });
    expect(ids(upsertTicket(listData([]), other, pending, agentViewer))).toEqual([]);
  });

  it("admin without show-all: only events for the admin's own tickets count", () => {
    const noShowAll = listParams({ status: "pending", showAll: false });
    const unassigned = makeTicket({ id: 1, userId: null });
    expect(ids(upsertTicket(listData([]), unassigned, noShowAll, adminViewer))).toEqual([]);
    const search = listParams({ searchTab: "search", status: "", showAll: false });
    const others = makeTicket({ id: 2, status: "open", userId: 33 });
    expect(ids(upsertTicket(listData([]), others, search, adminViewer))).toEqual([]);
    const mine = makeTicket({ id: 3, status: "open", userId: adminViewer.userId });
    expect(ids(upsertTicket(listData([]), mine, search, adminViewer))).toEqual([3]);
    // With show-all on, the same unassigned ticket comes in.
    expect(ids(upsertTicket(listData([]), unassigned, pending, adminViewer))).toEqual([1]);
  });

  it("Assigned without show-all lists only the user's own open tickets", () => {
    const mineOnly = listParams({ status: "open", showAll: false });
    const colleague = makeTicket({ id: 1, status: "open", userId: 33, queueId: 1 });
    expect(ids(upsertTicket(listData([colleague]), colleague, mineOnly, agentViewer))).toEqual([]);
  });

  it("search tab: a new ticket comes in only when its contact matches the text", () => {
    const search = listParams({ searchTab: "search", status: "", searchParam: "maria" });
    const maria = makeTicket({ id: 1 });
    maria.contact = { ...maria.contact, name: "Maria Souza" };
    const joao = makeTicket({ id: 2 });
    expect(ids(upsertTicket(listData([]), maria, search, adminViewer))).toEqual([1]);
    expect(ids(upsertTicket(listData([]), joao, search, adminViewer))).toEqual([]);
  });

  it("ignores a state older than the one listed (a late answer after a live event)", () => {
    const listed = makeTicket({
      id: 1,
      status: "open",
      userId: 1,
      updatedAt: at(9),
      lastMessage: "new",
    });
    const stale = { ...listed, updatedAt: at(2), lastMessage: "old" };
    const next = upsertTicket(
      listData([listed]),
      stale,
      listParams({ status: "open" }),
      adminViewer,
    );
    expect(next.pages[0]!.tickets[0]!.lastMessage).toBe("new");
  });

  it("an older ticket waits for its page when more pages exist", () => {
    const newest = makeTicket({ id: 1, updatedAt: at(9) });
    const older = makeTicket({ id: 2, updatedAt: at(1) });
    const data = listData([newest], true);
    const next = upsertTicket(data, older, pending, adminViewer);
    expect(ids(next)).toEqual([1]);
    expect(count(next)).toBe(2);
  });
});

describe("live list reactions: delete, updateUnread, contact", () => {
  it("delete removes the ticket and lowers the count", () => {
    const a = makeTicket({ id: 1 });
    const b = makeTicket({ id: 2 });
    const next = removeTicket(listData([a, b]), 1);
    expect(ids(next)).toEqual([2]);
    expect(count(next)).toBe(1);
    expect(removeTicket(next, 99)).toBe(next);
  });

  it("a count at the server's limit ('999+') stays there; below it, it moves", () => {
    const a = makeTicket({ id: 1 });
    const b = makeTicket({ id: 2, updatedAt: at(5) });
    const atLimit = {
      ...listData([a], true),
      pages: [{ tickets: [a], count: LIST_COUNT_LIMIT, hasMore: true }],
    };
    expect(count(removeTicket(atLimit, 1))).toBe(LIST_COUNT_LIMIT);
    expect(count(upsertTicket(atLimit, b, listParams({ status: "pending" }), adminViewer))).toBe(
      LIST_COUNT_LIMIT,
    );
    const below = { ...atLimit, pages: [{ ...atLimit.pages[0]!, count: LIST_COUNT_LIMIT - 1 }] };
    const added = upsertTicket(below, b, listParams({ status: "pending" }), adminViewer);
    expect(count(added)).toBe(LIST_COUNT_LIMIT);
    expect(count(removeTicket(below, 1))).toBe(LIST_COUNT_LIMIT - 2);
  });

  it("updateUnread resets the unread count", () => {
    const ticket = makeTicket({ id: 1, unreadMessages: 4 });
    const next = resetUnread(listData([ticket]), 1);
    expect(next.pages[0]!.tickets[0]!.unreadMessages).toBe(0);
  });

  it("a contact update refreshes the contact inside its tickets", () => {
    const ticket = makeTicket({ id: 1 });
    const next = updateContact(listData([ticket]), {
      id: ticket.contactId,
      name: "Novo Nome",
      profilePicUrl: "http://pic",
    });
    expect(next.pages[0]!.tickets[0]!.contact).toMatchObject({
      name: "Novo Nome",
      profilePicUrl: "http://pic",
      number: ticket.contact.number,
    });
  });
});

describe("live list reactions: new message (appMessage create)", () => {
  const params = listParams({ status: "open", showAll: true });
  const open = (over = {}) => makeTicket({ status: "open", userId: adminViewer.userId, ...over });

  it("moves the ticket to the top and raises its unread count", () => {
    const top = open({ id: 1, updatedAt: at(9) });
    const quiet = open({ id: 2, updatedAt: at(1), unreadMessages: 2 });
    const message = { ticketId: 2, fromMe: false, body: "Oi de novo" };
    const next = applyNewMessage(listData([top, quiet]), { message }, params, adminViewer, null);
    expect(ids(next)).toEqual([2, 1]);
    expect(next.pages[0]!.tickets[0]).toMatchObject({
      unreadMessages: 3,
      lastMessage: "Oi de novo",
    });
    expect(count(next)).toBe(2);
  });

  it("takes the server's unread count when the event carries the ticket", () => {
    const listed = open({ id: 2, unreadMessages: 3 });
    const ticket = { ...listed, unreadMessages: 3, lastMessage: "x", updatedAt: at(8) };
    const message = { ticketId: 2, fromMe: false, body: "x" };
    const next = applyNewMessage(
      listData([listed]),
      { message, ticket },
      params,
      adminViewer,
      null,
    );
    expect(next.pages[0]!.tickets[0]!.unreadMessages).toBe(3);
  });

  it("does not raise unread for the ticket open on screen, nor for the agent's own message", () => {
    const listed = open({ id: 2, unreadMessages: 0 });
    const incoming = { ticketId: 2, fromMe: false, body: "lida" };
    const onScreen = applyNewMessage(
      listData([listed]),
      { message: incoming },
      params,
      adminViewer,
      2,
    );
    expect(onScreen.pages[0]!.tickets[0]!.unreadMessages).toBe(0);
    const mine = { ticketId: 2, fromMe: true, body: "resposta" };
    const sent = applyNewMessage(listData([listed]), { message: mine }, params, adminViewer, null);
    expect(sent.pages[0]!.tickets[0]!.unreadMessages).toBe(0);
  });

  it("brings in a ticket not yet listed when the event carries it and it matches", () => {
    const ticket = open({ id: 5, unreadMessages: 1 });
    const message = { ticketId: 5, fromMe: false, body: "novo" };
    const next = applyNewMessage(listData([]), { message, ticket }, params, adminViewer, null);
    expect(ids(next)).toEqual([5]);
    expect(count(next)).toBe(1);
  });
});
