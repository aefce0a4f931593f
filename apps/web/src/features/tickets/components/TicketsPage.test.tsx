import type { UserDTO } from "@atrium/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import {
  checkedRoutes,
  combineRoutes,
  mockFetch,
  route,
  routeTable,
} from "../../../test/fetchMock";
import { makeQueue } from "../../../test/factories";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeTicket } from "../test/ticketFixtures";
import { TicketsPage } from "./TicketsPage";

const admin = makeUser({ id: 1, name: "Admin", profile: "admin" });
const waiting = makeTicket({ id: 10, status: "pending", lastMessage: "Preciso de ajuda" });
waiting.contact = { ...waiting.contact, name: "Paula Pendente" };
const mine = makeTicket({ id: 11, status: "open", userId: 1, user: { id: 1, name: "Admin" } });
mine.contact = { ...mine.contact, name: "Otávio Aberto" };

function renderPage(path: string, routes = checkedRoutes({}), me: UserDTO = admin) {
  const screenRoutes = checkedRoutes({
    "GET /queue": { body: [makeQueue({ id: 1, name: "Suporte", color: "#1976d2" })] },
    "GET /tags/list": { body: [] },
    "GET /quick-messages/list": { body: [] },
    "GET /tickets": ({ url }) => {
      const status = url.searchParams.get("status");
      const tickets = status === "pending" ? [waiting] : status === "open" ? [mine] : [];
      return { body: { tickets, count: tickets.length, hasMore: false } };
    },
  });
  const fetch = mockFetch(combineRoutes(screenRoutes, routes));
  const router = createMemoryRouter([{ path: "/tickets/:ticketId?", element: <TicketsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { router, ...fetch };
}

describe("/tickets", () => {
  // The ticket view is a lazy chunk: load it once here, so the tests that open a ticket wait for
  // the screen, not for the module's first transform on a busy machine.
  beforeAll(async () => {
    await import("./TicketView");
  }, 60_000);

  it("shows Assigned and Pending with their counts, sending the filters as JSON arrays", async () => {
    const { calls } = renderPage("/tickets");
    expect(await screen.findByText("Otávio Aberto")).toBeInTheDocument();
    const pendingTab = screen.getByRole("tab", { name: /Aguardando/ });
    await waitFor(() => expect(within(pendingTab).getByText("1")).toBeInTheDocument());
    const pendingCall = calls.find((c) => c.includes("status=pending"))!;
    const query = new URL(pendingCall.replace(/^GET /, "http://x")).searchParams;
    expect(JSON.parse(query.get("queueIds")!)).toEqual([1, 0]);
    expect(query.get("showAll")).toBe("true");
    expect(query.get("tags")).toBe("[]");
  });

  it("a pending row does not open by clicking; Accept does, and the ticket stays open", async () => {
    const accepted = {
      ...waiting,
      status: "open" as const,
      userId: 1,
      user: { id: 1, name: "Admin" },
    };
    const { router, requests } = renderPage(
      "/tickets",
      routeTable([
        route("PUT /tickets/10", { body: accepted }),
        route(`GET /tickets/u/${waiting.uuid}`, { body: accepted }),
        route("GET /messages/10", { body: { messages: [], count: 0, hasMore: false } }),
      ]),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: /Aguardando/ }));
    const row = await screen.findByTestId("ticket-row-10");
    await user.click(within(row).getByText("Paula Pendente"));
    expect(router.state.location.pathname).toBe("/tickets");
    expect(row).not.toHaveAttribute("role", "button");

    await user.click(within(row).getByRole("button", { name: "Aceitar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${waiting.uuid}`));
    const put = requests.find((r) => r.init.method === "PUT")!;
    expect(JSON.parse(String(put.init.body))).toEqual({ action: "accept" });
    // The accepted ticket opens after the view's 500 ms wait, with the open-ticket actions.
    expect(
      await screen.findByRole("button", { name: "Resolver" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/tickets/${waiting.uuid}`);
  });

  it("a resolved ticket waiting for the contact's rating says so in its row", async () => {
    const rated = { ...mine, awaitingRating: true };
    renderPage(
      "/tickets",
      checkedRoutes({
        "GET /tickets": ({ url }) => {
          const open = url.searchParams.get("status") === "open";
          return { body: { tickets: open ? [rated] : [], count: open ? 1 : 0, hasMore: false } };
        },
      }),
    );
    const name = await screen.findByText("Otávio Aberto");
    const row = name.parentElement!;
    expect(within(row).getByText("Aguardando avaliação")).toBeInTheDocument();
  });

  it("clicking an open ticket's row opens it", async () => {
    const { router } = renderPage(
      "/tickets",
      routeTable([
        route(`GET /tickets/u/${mine.uuid}`, { body: mine }),
        route("GET /messages/11", { body: { messages: [], count: 0, hasMore: false } }),
      ]),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText("Otávio Aberto"));
    expect(router.state.location.pathname).toBe(`/tickets/${mine.uuid}`);
  });

  it("an open ticket that answers a campaign names it in the header", async () => {
    const answer = { ...mine, campaign: { id: 4, name: "Black Friday" } };
    renderPage(
      `/tickets/${mine.uuid}`,
      routeTable([
        route(`GET /tickets/u/${mine.uuid}`, { body: answer }),
        route("GET /messages/11", { body: { messages: [], count: 0, hasMore: false } }),
      ]),
    );
    expect(await screen.findByText("Campanha: Black Friday")).toBeInTheDocument();
  });

  it("a ticket the user may not open shows 'Acesso não permitido' and goes back to /tickets", async () => {
    const denied = "00000000-0000-4000-8000-000000000999";
    const { router } = renderPage(
      `/tickets/${denied}`,
      routeTable([
        route(`GET /tickets/u/${denied}`, {
          status: 403,
          body: { error: "ERR_NO_PERMISSION", message: "no" },
        }),
      ]),
    );
    expect(
      await screen.findByText("Acesso não permitido", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"));
  });

  it("an empty list shows the translated title and message", async () => {
    renderPage(
      "/tickets",
      checkedRoutes({
        "GET /tickets": { body: { tickets: [], count: 0, hasMore: false } },
      }),
    );
    expect(await screen.findAllByText("Nada aqui!")).not.toHaveLength(0);
    expect(
      screen.getAllByText("Nenhum atendimento encontrado com esse status ou termo pesquisado")[0],
    ).toBeInTheDocument();
  });
});
