import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { mockFetch, route, routeTable } from "../../../test/fetchMock";
import { testQueryClient } from "../../../test/render";
import { makeMessage } from "../../tickets/test/ticketFixtures";
import type { MessageDTO } from "../api/messageTypes";
import { MessageBubble } from "./MessageBubble";

const VCARD =
  "BEGIN:VCARD\nVERSION:3.0\nFN:João Pereira\nORG:Pereira Transportes;\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nTEL;type=WORK:+55 11 3333-4444\nEND:VCARD";

function bubble(overrides: Partial<MessageDTO>, readOnly = true) {
  const message = makeMessage(overrides);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MessageBubble message={message} meId={1} readOnly={readOnly} onReply={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByTestId(`message-${message.id}`);
}

describe("what the agent sees in a message bubble", () => {
  it("a location: the place, its address and a link that opens the map", () => {
    const el = bubble({
      mediaType: "location",
      body: "MASP\nAv. Paulista, 1578\nhttps://maps.google.com/maps?q=-23.5613496,-46.6565496",
    });
    expect(within(el).getByText("MASP")).toBeInTheDocument();
    expect(within(el).getByText("Av. Paulista, 1578")).toBeInTheDocument();
    const link = within(el).getByRole("link", { name: "Abrir no mapa" });
    expect(link).toHaveAttribute("href", "https://maps.google.com/maps?q=-23.5613496,-46.6565496");
    expect(el).not.toHaveTextContent("https://maps.google.com");
  });

  it("a contact card: name, company and numbers, never the raw vCard", () => {
    const el = bubble({
      mediaType: "vcard",
      body: `${VCARD}\n${VCARD.replace("João Pereira", "Ana Lima")}`,
    });
    const cards = within(el).getAllByTestId("contact-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("João Pereira");
    expect(cards[0]).toHaveTextContent("Pereira Transportes");
    expect(cards[0]).toHaveTextContent("+55 11 91234-5678");
    expect(cards[0]).toHaveTextContent("+55 11 3333-4444");
    expect(cards[1]).toHaveTextContent("Ana Lima");
    expect(el).not.toHaveTextContent("BEGIN:VCARD");
  });

  it("an edited message: the new text, 'Editada', and the old text on hover", async () => {
    const el = bubble({
      body: "Entregam no domingo?",
      isEdited: true,
      editHistory: [{ body: "Entregam no sábado?", editedAt: "2026-03-01T10:01:00.000Z" }],
    });
    expect(el).toHaveTextContent("Entregam no domingo?");
    const mark = within(el).getByTestId("edited-mark");
    expect(mark).toHaveTextContent("Editada");
    fireEvent.mouseOver(mark);
    expect(await screen.findByText("Antes: Entregam no sábado?")).toBeInTheDocument();
  });

  it("a deleted message: 'Esta mensagem foi apagada', no edited mark", () => {
    const el = bubble({ body: "", isDeleted: true, isEdited: true });
    expect(el).toHaveTextContent("Esta mensagem foi apagada");
    expect(within(el).queryByTestId("edited-mark")).toBeNull();
  });

  it("an unsupported kind: says so and names it, never an empty bubble", () => {
    const el = bubble({ mediaType: "unsupported", body: "[poll] Qual horário?\n○ Manhã\n○ Tarde" });
    expect(el).toHaveTextContent("Tipo de mensagem não suportado");
    expect(el).toHaveTextContent("[poll] Qual horário?");
  });

  it("a group message names its participant; a quote of a contact card shows the name", () => {
    const el = bubble({
      participant: "Beto Alves",
      body: "Chegou sim",
      quotedMsg: {
        id: 9,
        body: VCARD,
        fromMe: false,
        mediaType: "vcard",
        contact: { name: "Ana Lima" },
      },
    });
    expect(el).toHaveTextContent("Beto Alves");
    expect(el).toHaveTextContent("Ana Lima");
    expect(el).toHaveTextContent("👤 João Pereira");
    expect(el).not.toHaveTextContent("BEGIN:VCARD");
  });

  it("a reply whose send failed: the provider's reason and 'Tentar novamente', which sends it again", async () => {
    const failed = makeMessage({
      fromMe: true,
      senderId: 1,
      error: "(#131026) Message undeliverable",
    });
    const fetch = mockFetch(
      routeTable([
        route(`POST /messages/${failed.id}/retry`, {
          body: { message: { ...failed, error: null, ack: 0 } },
        }),
      ]),
    );
    const el = bubble(failed, false);
    expect(within(el).getByLabelText("(#131026) Message undeliverable")).toBeInTheDocument();
    fireEvent.click(within(el).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(fetch.calls).toEqual([`POST /messages/${failed.id}/retry`]));
  });

  it("no 'Tentar novamente' on a message that did not fail, nor on a contact's", () => {
    expect(
      within(bubble({ fromMe: true }, false)).queryByRole("button", { name: "Tentar novamente" }),
    ).toBeNull();
    expect(
      within(bubble({ fromMe: false, error: "ERR_SENDING_WAPP_MSG" }, false)).queryByRole(
        "button",
        { name: "Tentar novamente" },
      ),
    ).toBeNull();
  });
});
