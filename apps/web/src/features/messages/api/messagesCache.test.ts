import { describe, expect, it } from "vitest";
import { makeMessage, makeTicket } from "../../tickets/test/ticketFixtures";
import { appendMessage, replaceMessage, type MessagesData } from "./messagesCache";

function data(...ids: number[]): MessagesData {
  return {
    pages: [
      {
        messages: ids.map((id) => makeMessage({ id, ticketId: 1 })),
        ticket: makeTicket({ id: 1 }),
        count: ids.length,
        hasMore: false,
      },
    ],
    pageParams: [1],
  };
}

describe("message cache", () => {
  it("appends a new message once, keeping a newer ack already received", () => {
    const withAck = replaceMessage(
      appendMessage(data(1), makeMessage({ id: 2, ticketId: 1, ack: 0 })),
      makeMessage({ id: 2, ticketId: 1, ack: 3 }),
      "WEB_CHAT",
    );
    const again = appendMessage(withAck, makeMessage({ id: 2, ticketId: 1, ack: 0 }));
    expect(again.pages[0]!.messages.map((m) => [m.id, m.ack])).toEqual([
      [1, 0],
      [2, 3],
    ]);
  });

  it("blanks the quote of a reply when the quoted message is deleted", () => {
    const reply = makeMessage({
      id: 3,
      ticketId: 1,
      quotedMsg: { id: 1, body: "original", fromMe: true, mediaType: "chat", contact: null },
    });
    const start = appendMessage(data(1), reply);
    const next = replaceMessage(
      start,
      makeMessage({ id: 1, ticketId: 1, isDeleted: true, body: "" }),
      "WEB_CHAT",
    );
    expect(next.pages[0]!.messages[0]!.isDeleted).toBe(true);
    expect(next.pages[0]!.messages[1]!.quotedMsg!.body).toBe("");
  });

  it("a WhatsApp revoke stays as 'deleted' (Baileys and Cloud API); Messenger/Instagram unsend removes it", () => {
    for (const channel of ["BAILEYS", "WHATSAPP_BUSINESS"] as const) {
      const next = replaceMessage(
        data(1, 2),
        makeMessage({ id: 1, isDeleted: true, body: "" }),
        channel,
      );
      expect(next.pages[0]!.messages.map((m) => [m.id, m.isDeleted])).toEqual([
        [1, true],
        [2, false],
      ]);
    }
    for (const channel of ["FACEBOOK", "INSTAGRAM"] as const) {
      const next = replaceMessage(
        data(1, 2),
        makeMessage({ id: 1, isDeleted: true, body: "" }),
        channel,
      );
      expect(next.pages[0]!.messages.map((m) => m.id)).toEqual([2]);
    }
  });

  it("an edit replaces the text in place and in the quotes of replies", () => {
    const reply = makeMessage({
      id: 3,
      ticketId: 1,
      quotedMsg: { id: 1, body: "sábado?", fromMe: false, mediaType: "chat", contact: null },
    });
    const next = replaceMessage(
      appendMessage(data(1), reply),
      makeMessage({ id: 1, ticketId: 1, body: "domingo?", isEdited: true }),
      "WHATSAPP_BUSINESS",
    );
    expect(next.pages[0]!.messages[0]).toMatchObject({ body: "domingo?", isEdited: true });
    expect(next.pages[0]!.messages[1]!.quotedMsg!.body).toBe("domingo?");
  });
});
