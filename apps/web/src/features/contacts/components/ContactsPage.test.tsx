import { channels, type UserDTO } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeContact } from "../test/contactFixtures";
import { ContactsPage } from "./ContactsPage";

const admin = makeUser({ id: 1, name: "Admin", profile: "admin" });
const agent = makeUser({ id: 2, name: "Ana", profile: "user" });
const maria = makeContact({ id: 10, name: "Maria", email: "maria@acme.test" });
const joao = makeContact({ id: 11, name: "João" });
const page = (contacts = [maria, joao], hasMore = false) => ({
  body: { contacts, hasMore },
});

function renderPage(me: UserDTO = admin, queryClient: QueryClient = testQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <ContactsPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const rowNames = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]?.textContent);

describe("/contacts", () => {
  it("lists contacts with avatar, name, number and email", async () => {
    const { calls } = mockFetch({ "GET /contacts/": page() });
    renderPage();
    expect(await screen.findByRole("cell", { name: "maria@acme.test" })).toBeInTheDocument();
    expect(rowNames()).toEqual(["Maria", "João"]);
    expect(screen.getByRole("cell", { name: maria.number })).toBeInTheDocument();
    expect(calls).toEqual(["GET /contacts/?searchParam=&pageNumber=1"]);
  });

  it("searches 500 ms after typing stops", async () => {
    const { calls } = mockFetch({
      "GET /contacts/": ({ url }) =>
        url.searchParams.get("searchParam") ? page([joao]) : page([maria, joao]),
    });
    renderPage();
    await screen.findByRole("cell", { name: "Maria" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox"), "jo");
    await waitFor(() => expect(rowNames()).toEqual(["João"]), { timeout: 10_000 });
    expect(calls.filter((c) => c.includes("searchParam=j"))).toEqual([
      "GET /contacts/?searchParam=jo&pageNumber=1",
    ]);
  });

  it("shows an empty state", async () => {
    mockFetch({ "GET /contacts/": page([]) });
    renderPage();
    expect(await screen.findByText("Nenhum contato encontrado.")).toBeInTheDocument();
  });

  it("hides delete from a profile without contacts-page:deleteContact", async () => {
    mockFetch({ "GET /contacts/": page() });
    renderPage(agent);
    await screen.findByRole("cell", { name: "Maria" });
    expect(screen.getByRole("button", { name: "Editar Maria" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir Maria" })).not.toBeInTheDocument();
  });

  it("deletes a contact for an admin after the confirmation", async () => {
    const { calls } = mockFetch({
      "GET /contacts/": page(),
      "DELETE /contacts/10": { status: 204 },
    });
    renderPage(admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Maria" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir Maria?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Contato excluído com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(["João"]));
    expect(calls).toContain("DELETE /contacts/10");
  });

  it("keeps the list current with company contact events", async () => {
    mockFetch({ "GET /contacts/": page() });
    const queryClient = renderPage();
    await screen.findByRole("cell", { name: "Maria" });
    const socket = new FakeSocket();
    bindRealtimeEvents(socket.asSocket(), {
      companyId: 1,
      userId: admin.id,
      queryClient,
      readUserUuid: () => "session-1",
      onCurrentUserChanged: vi.fn(),
      endSessionWithNotice: vi.fn(),
    });
    const push = (payload: unknown) =>
      act(async () => {
        socket.serverEmit(channels.contact(1), payload);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });

    await push({ action: "create", contact: makeContact({ id: 12, name: "Zeca" }) });
    expect(rowNames()).toEqual(["Zeca", "Maria", "João"]);
    await push({ action: "update", contact: { ...maria, name: "Maria Souza" } });
    expect(rowNames()).toEqual(["Zeca", "Maria Souza", "João"]);
    await push({ action: "delete", contactId: 11 });
    expect(rowNames()).toEqual(["Zeca", "Maria Souza"]);
    await push({ action: "create", contact: makeContact({ name: "Outra empresa", companyId: 9 }) });
    expect(rowNames()).toEqual(["Zeca", "Maria Souza"]);
  });

  it("opens the contact drawer from a name", async () => {
    mockFetch({
      "GET /contacts/": page(),
      "GET /contacts/10": { body: maria },
      "GET /ticket-notes/list": { body: [] },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Maria" }));
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    expect(await within(drawer).findByRole("link", { name: "maria@acme.test" })).toBeVisible();
  });
});
