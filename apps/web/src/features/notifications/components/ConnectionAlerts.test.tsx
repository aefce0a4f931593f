import { channels } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { toastStore } from "../../../app/toast/toastStore";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { cacheNotified } from "../../../test/realtime";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeConnection } from "../../connections/test/connectionFixtures";
import { connectionAlerts } from "../api/connectionAlerts";
import { NotificationBell } from "./NotificationBell";

const admin = makeUser({ id: 3, name: "Bia", profile: "admin" });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell() {
  mockFetch({
    "GET /tickets": { body: { tickets: [], count: 0, hasMore: false } },
  });
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <NotificationBell />
            <Toaster />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ["/tickets"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(admin)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: admin.id,
    queryClient,
    readUserUuid: () => "session-1",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  const push = (channel: string, payload: unknown) =>
    act(async () => {
      socket.serverEmit(channel, payload);
      await cacheNotified();
    });
  return { push };
}

afterEach(() => {
  connectionAlerts.reset();
  toastStore.clear();
});

const alert = {
  connectionId: 12,
  name: "Vendas",
  reason: "loggedOut",
  at: "2026-03-04T10:15:00.000Z",
};

describe("connection alerts", () => {
  it("a connection down: a toast, and an entry in the bell that leads to the connections page", async () => {
    const user = userEvent.setup();
    const { push } = renderBell();
    await push(channels.connectionAlert(1), { action: "create", alert });

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Conexão Vendas desconectada: Sessão do WhatsApp encerrada no celular: leia o QR Code de novo",
    );
    const bell = screen.getByRole("button", { name: /^Notificações/ });
    expect(within(bell).getByText("1")).toBeInTheDocument();
    await user.click(bell);
    const entries = await screen.findByTestId("connection-alerts");
    expect(entries).toHaveTextContent("Conexão Vendas desconectada");
    expect(entries).toHaveTextContent("leia o QR Code de novo");
    await user.click(within(entries).getByText("Conexão Vendas desconectada"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/connections"));
  });

  it("the entry goes when the connection is back (its update carries no incident)", async () => {
    const { push } = renderBell();
    await push(channels.connectionAlert(1), { action: "create", alert });
    expect(connectionAlerts.list()).toHaveLength(1);
    await push(channels.whatsapp(1), {
      action: "update",
      whatsapp: makeConnection({ id: 12, status: "CONNECTED", incidentAt: null }),
    });
    expect(connectionAlerts.list()).toEqual([]);
  });

  it("another company's channel is not heard", async () => {
    const { push } = renderBell();
    await push(channels.connectionAlert(2), { action: "create", alert });
    expect(connectionAlerts.list()).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
