import type { UserDTO } from "@atrium/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { mockFetch, route, routeTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import type { TicketDTO } from "../api/ticketTypes";
import { makeTicket } from "../test/ticketFixtures";
import { TicketActions } from "./TicketActions";

function renderActions(ticket: TicketDTO, me: UserDTO) {
  const fetch = mockFetch(
    routeTable([route(`PUT /tickets/${ticket.id}`, { body: { ...ticket, status: "closed" } })]),
  );
  const router = createMemoryRouter(
    [
      { path: "/tickets/:ticketId", element: <TicketActions ticket={ticket} /> },
      { path: "/tickets", element: <p>list</p> },
    ],
    { initialEntries: [`/tickets/${ticket.uuid}`] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const sent = () => fetch.requests.map((r) => JSON.parse(String(r.init.body)) as unknown);
  return { router, sent };
}

const open = makeTicket({ id: 5, status: "open", userId: 7 });

describe("ticket actions", () => {
  it("resolves with the closing message when the user may not skip it, then goes back to the list", async () => {
    const { router, sent } = renderActions(open, makeUser({ id: 7 }));
    expect(screen.getByRole("button", { name: "Retornar" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Aceitar" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Resolver" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"));
    expect(sent()).toEqual([{ action: "finished", withMessage: true }]);
  });

  it("offers with or without message to a user allowed to finish without one", async () => {
    const me = makeUser({ id: 7, allowFinishTicketWithoutMessage: true });
    const { router, sent } = renderActions(open, me);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Resolver" }));
    expect(screen.getByRole("menuitem", { name: "Com mensagem de despedida" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Sem mensagem de despedida" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"));
    expect(sent()).toEqual([{ action: "finished", withMessage: false }]);
  });

  it("returns an open ticket to pending", async () => {
    const first = renderActions(open, makeUser({ id: 7 }));
    await userEvent.setup().click(screen.getByRole("button", { name: "Retornar" }));
    await waitFor(() => expect(first.sent()).toEqual([{ action: "move_to_pending" }]));
  });

  it("shows Reopen on a closed ticket and Accept on a pending one", () => {
    renderActions(makeTicket({ status: "closed" }), makeUser());
    expect(screen.getByRole("button", { name: "Reabrir" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resolver" })).not.toBeInTheDocument();
  });
});
