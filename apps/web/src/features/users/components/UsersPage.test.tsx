import { channels, type UserDTO } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { UsersPage } from "./UsersPage";
import { cacheNotified } from "../../../test/realtime";

const admin = makeUser({ id: 1, name: "Admin Ana", profile: "admin" });
const carla = makeUser({ id: 2, name: "Carla", email: "carla@acme.test" });
const diego = makeUser({ id: 3, name: "Diego", email: "diego@acme.test" });

function renderUsersPage(me: UserDTO = admin, queryClient: QueryClient = testQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <UsersPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const rowNames = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("/users", () => {
  it("lists the users with name, email and profile", async () => {
    mockFetch({ "GET /users/": { body: { users: [admin, carla], count: 2, hasMore: false } } });
    renderUsersPage();
    expect(await screen.findByRole("cell", { name: "carla@acme.test" })).toBeInTheDocument();
    expect(rowNames()).toEqual(["Admin Ana", "Carla"]);
    expect(screen.getByRole("cell", { name: "Admin" })).toBeInTheDocument();
    expect(screen.getAllByRole("cell", { name: "Usuário" })).toHaveLength(1);
  });

  it("searches 500 ms after typing stops, starting again at page 1", async () => {
    const { calls } = mockFetch({
      "GET /users/": ({ url }) => ({
        body: url.searchParams.get("searchParam")
          ? { users: [diego], count: 1, hasMore: false }
          : { users: [admin, carla], count: 2, hasMore: true },
      }),
    });
    renderUsersPage();
    await screen.findByRole("cell", { name: "Carla" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox"), "die");
    expect(
      await screen.findByRole("cell", { name: "Diego" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const searches = calls.filter((c) => c.includes("searchParam=d"));
    expect(searches).toEqual(["GET /users/?searchParam=die&pageNumber=1"]);
  });

  it("shows an empty state when nothing matches", async () => {
    mockFetch({ "GET /users/": { body: { users: [], count: 0, hasMore: false } } });
    renderUsersPage();
    expect(await screen.findByText("Nenhum usuário encontrado.")).toBeInTheDocument();
  });

  it("asks before deleting, naming the user, then removes the row", async () => {
    const { calls } = mockFetch({
      "GET /users/": { body: { users: [admin, carla], count: 2, hasMore: false } },
      "DELETE /users/2": { status: 204 },
    });
    renderUsersPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Carla" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir Carla?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Usuário excluído com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(["Admin Ana"]));
    expect(calls).toContain("DELETE /users/2");
  });

  it("keeps the list current with company user events", async () => {
    mockFetch({ "GET /users/": { body: { users: [admin, carla], count: 2, hasMore: false } } });
    const queryClient = renderUsersPage();
    await screen.findByRole("cell", { name: "Carla" });
    const socket = new FakeSocket();
    bindRealtimeEvents(socket.asSocket(), {
      companyId: 1,
      userId: admin.id,
      queryClient,
      readUserUuid: () => "session-1",
      onCurrentUserChanged: vi.fn(),
      endSessionWithNotice: vi.fn(),
    });
    const event = channels.user(1);
    // Cache changes reach the screen on the query client's next notification tick.
    const push = (payload: unknown) =>
      act(async () => {
        socket.serverEmit(event, payload);
        await cacheNotified();
      });

    await push({ action: "create", user: diego });
    expect(rowNames()).toEqual(["Diego", "Admin Ana", "Carla"]);

    await push({ action: "update", user: { ...carla, name: "Carla Souza" } });
    expect(rowNames()).toEqual(["Diego", "Admin Ana", "Carla Souza"]);

    await push({ action: "delete", userId: 3 });
    expect(rowNames()).toEqual(["Admin Ana", "Carla Souza"]);

    // An event about another company's user is dropped.
    await push({ action: "create", user: makeUser({ name: "Intruso", companyId: 9 }) });
    expect(rowNames()).toEqual(["Admin Ana", "Carla Souza"]);
  });

  it("tells a non-admin that users are managed by admins, without calling the API", async () => {
    const { fetchMock } = mockFetch({});
    renderUsersPage(carla);
    expect(screen.getByText("Você não tem permissão para gerenciar usuários.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
