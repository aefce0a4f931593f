import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeMessage } from "../../tickets/test/ticketFixtures";
import { MessagesList } from "./MessagesList";

const ana = makeUser({ id: 7, name: "Ana" });

describe("the conversation with its notes", () => {
  it("shows the ticket's private notes in place, with author and time, as notes", async () => {
    const at = (minute: number) => `2026-03-04T12:${String(minute).padStart(2, "0")}:00.000Z`;
    mockFetch({
      "GET /messages/30": {
        body: {
          messages: [
            makeMessage({ id: 1, ticketId: 30, body: "Meu pedido não chegou", createdAt: at(1) }),
            makeMessage({
              id: 2,
              ticketId: 30,
              body: "Vou verificar",
              fromMe: true,
              createdAt: at(5),
            }),
          ],
          count: 2,
          hasMore: false,
        },
      },
      "GET /ticket-notes/list": {
        body: [
          {
            id: 9,
            note: "Cliente VIP, priorizar",
            ticketId: 30,
            contactId: 12,
            userId: 8,
            user: { id: 8, name: "Bruno" },
            createdAt: at(3),
          },
        ],
      },
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <AuthContext.Provider value={fakeAuth(ana)}>
          <MessagesList ticketId={30} contactId={12} meId={7} onReply={() => undefined} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    const log = await screen.findByRole("log", { name: "Mensagens" });
    await waitFor(() => expect(within(log).getByText("Cliente VIP, priorizar")).toBeVisible());
    const texts = [...log.querySelectorAll("[data-testid^='message-']")].map(
      (bubble) => bubble.textContent,
    );
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain("Meu pedido não chegou");
    expect(texts[1]).toContain("Nota interna · Bruno");
    expect(texts[1]).toContain("Cliente VIP, priorizar");
    expect(texts[2]).toContain("Vou verificar");
    const note = log.querySelector("[data-note]")!;
    expect(note).toHaveTextContent("Cliente VIP, priorizar");
    // A note offers no message options (it is managed in the contact drawer).
    expect(within(note as HTMLElement).queryByRole("button")).toBeNull();
  });
});
