import { describe, expect, it } from "vitest";
import { makeTicket } from "../test/ticketFixtures";
import { openTicketUuidFromPath, shouldNotify, type AppMessageEvent } from "./notificationRule";

const me = 7;
const pending = makeTicket({ id: 1, uuid: "uuid-pending", status: "pending", userId: null });
const mine = makeTicket({ id: 2, uuid: "uuid-mine", status: "open", userId: me });
const theirs = makeTicket({ id: 3, uuid: "uuid-theirs", status: "open", userId: 9 });
const closed = makeTicket({ id: 4, uuid: "uuid-closed", status: "closed", userId: me });

const event = (overrides: Partial<AppMessageEvent> = {}): AppMessageEvent => ({
  action: "create",
  message: { body: "Olá", fromMe: false, mediaType: "chat" },
  ticket: pending,
  contact: { name: "Maria" },
  ...overrides,
});
const viewer = { userId: me, openTicketUuid: null };

describe("which appMessage events notify (agent-core §2 'Notification bell')", () => {
  it("notifies a contact's new message on an unassigned ticket", () => {
    expect(shouldNotify(event(), viewer)).toBe(true);
  });

  it("notifies a contact's new message on a ticket assigned to me", () => {
    expect(shouldNotify(event({ ticket: mine }), viewer)).toBe(true);
  });

  it("stays silent for a ticket assigned to someone else", () => {
    expect(shouldNotify(event({ ticket: theirs }), viewer)).toBe(false);
  });

  it("stays silent for my own messages, notes and internal messages", () => {
    expect(shouldNotify(event({ message: { body: "oi", fromMe: true } }), viewer)).toBe(false);
    expect(shouldNotify(event({ message: { body: "x", mediaType: "note" } }), viewer)).toBe(false);
    expect(shouldNotify(event({ message: { body: "x", mediaType: "internal" } }), viewer)).toBe(
      false,
    );
  });

  it("stays silent for the ticket open on screen", () => {
    expect(shouldNotify(event(), { userId: me, openTicketUuid: "uuid-pending" })).toBe(false);
    expect(shouldNotify(event(), { userId: me, openTicketUuid: "uuid-mine" })).toBe(true);
  });

  it("stays silent for updates, closed tickets and incomplete payloads", () => {
    expect(shouldNotify(event({ action: "update" }), viewer)).toBe(false);
    expect(shouldNotify(event({ ticket: closed }), viewer)).toBe(false);
    expect(shouldNotify(event({ ticket: undefined }), viewer)).toBe(false);
    expect(shouldNotify(event({ message: undefined }), viewer)).toBe(false);
  });

  it("reads the open ticket from /tickets/{uuid}", () => {
    expect(openTicketUuidFromPath("/tickets/abc-123")).toBe("abc-123");
    expect(openTicketUuidFromPath("/tickets/abc-123/")).toBe("abc-123");
    expect(openTicketUuidFromPath("/tickets")).toBeNull();
    expect(openTicketUuidFromPath("/contacts")).toBeNull();
  });
});
