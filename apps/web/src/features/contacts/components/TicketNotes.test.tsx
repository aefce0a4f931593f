import type { UserDTO } from "@atrium/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import type { TicketNoteDTO } from "../api/notesApi";
import { TicketNotes } from "./TicketNotes";

const ana = makeUser({ id: 7, name: "Ana", profile: "user" });
const note = (overrides: Partial<TicketNoteDTO>): TicketNoteDTO => ({
  id: 1,
  note: "Cliente prefere contato à tarde",
  ticketId: 30,
  contactId: 12,
  userId: 7,
  user: { id: 7, name: "Ana" },
  createdAt: "2026-03-04T14:05:00.000Z",
  ...overrides,
});

function renderNotes(me: UserDTO = ana) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <TicketNotes contactId={12} ticketId={30} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const notesList = () => screen.getByRole("list", { name: "Observações" });

describe("ticket notes", () => {
  it("lists the notes with text and author, in a box at most 200 px high", async () => {
    const { calls } = mockFetch({
      "GET /ticket-notes/list": {
        body: [note({}), note({ id: 2, note: "Outra", userId: 9, user: { id: 9, name: "Caio" } })],
      },
    });
    renderNotes();
    expect(await screen.findByText("Cliente prefere contato à tarde")).toBeInTheDocument();
    expect(within(notesList()).getByText(/^Ana · \d{2}\/\d{2}\/2026 \d{2}:\d{2}$/)).toBeVisible();
    expect(notesList()).toHaveStyle({ maxHeight: "200px", overflowY: "auto" });
    expect(calls).toContain("GET /ticket-notes/list?ticketId=30&contactId=12");
    // Only the author (or an admin) may delete.
    expect(within(notesList()).getAllByRole("button", { name: "Excluir observação" })).toHaveLength(
      1,
    );
  });

  it("validates the note with the shared schema before sending", async () => {
    const { calls } = mockFetch({ "GET /ticket-notes/list": { body: [] } });
    renderNotes();
    expect(await screen.findByText("Nenhuma observação.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Obrigatório")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Observação"), "a");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Muito curto!")).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("adds a note, then deletes it after the confirmation", async () => {
    const created = note({ id: 5, note: "Ligar amanhã" });
    const { requests, calls } = mockFetch({
      "GET /ticket-notes/list": { body: [] },
      "POST /ticket-notes": { status: 201, body: created },
      "DELETE /ticket-notes/5": { status: 204 },
    });
    renderNotes();
    await screen.findByText("Nenhuma observação.");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Observação"), "Ligar amanhã");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Observação adicionada com sucesso!")).toBeInTheDocument();
    expect(within(notesList()).getByText("Ligar amanhã")).toBeInTheDocument();
    expect(screen.getByLabelText("Observação")).toHaveValue("");
    const post = requests.find((r) => r.init.method === "POST")!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      note: "Ligar amanhã",
      ticketId: 30,
      contactId: 12,
    });

    // Cancelling the confirmation keeps the note.
    await user.click(within(notesList()).getByRole("button", { name: "Excluir observação" }));
    let dialog = screen.getByRole("dialog", { name: "Deseja realmente excluir este registro?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((c) => c.startsWith("DELETE"))).toBe(false);

    await user.click(within(notesList()).getByRole("button", { name: "Excluir observação" }));
    dialog = screen.getByRole("dialog", { name: "Deseja realmente excluir este registro?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Observação excluída com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Ligar amanhã")).not.toBeInTheDocument());
    expect(calls).toContain("DELETE /ticket-notes/5");
  });

  it("shows the error toast when the note cannot be saved", async () => {
    mockFetch({
      "GET /ticket-notes/list": { body: [] },
      "POST /ticket-notes": {
        status: 403,
        body: { error: "ERR_NO_PERMISSION", message: "no" },
      },
    });
    renderNotes();
    await screen.findByText("Nenhuma observação.");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Observação"), "Ligar amanhã");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("Você não tem permissão para acessar este recurso."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Observação")).toHaveValue("Ligar amanhã");
  });
});
