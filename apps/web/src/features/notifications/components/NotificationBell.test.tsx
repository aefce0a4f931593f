import { channels } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { alerts, muteStore } from "../api/alerts";
import { screenLocation } from "../api/notificationsRealtime";
import { makeTicket } from "../test/ticketFixtures";
import { NotificationBell } from "./NotificationBell";
import { cacheNotified } from "../../../test/realtime";
import type { TicketDTO } from "../../tickets/api/ticketTypes";

const me = makeUser({ id: 7, name: "Ana", profile: "user" });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell(open: TicketDTO[], pending: TicketDTO[]) {
  const { calls } = mockFetch({
    "GET /tickets": ({ url }) => ({
      body: {
        tickets: url.searchParams.get("status") === "open" ? open : pending,
        count: 0,
        hasMore: false,
      },
    }),
  });
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <NotificationBell />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ["/contacts"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: me.id,
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
  return { calls, push };
}

const bell = () => screen.getByRole("button", { name: /^Notificações/ });

describe("notification bell", () => {
  it("lists my unread open tickets and the pending ones, newest first", async () => {
    const mine = makeTicket({
      status: "open",
      userId: 7,
      contact: { id: 1, name: "Maria" },
      lastMessage: "Preciso de ajuda",
      updatedAt: "2026-03-04T10:00:00.000Z",
    });
    const waiting = makeTicket({
      contact: { id: 2, name: "João" },
      lastMessage: "Bom dia",
      updatedAt: "2026-03-04T11:00:00.000Z",
    });
    const { calls } = renderBell([mine], [waiting]);
    await waitFor(() =>
      expect(bell()).toHaveAccessibleName("Notificações: 2 atendimentos não lidos"),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        "GET /tickets?status=open&withUnreadMessages=true&pageNumber=1",
        "GET /tickets?status=pending&withUnreadMessages=true&pageNumber=1",
      ]),
    );
    const user = userEvent.setup();
    await user.click(bell());
    const popover = screen.getByRole("dialog", { name: "Notificações" });
    const rows = within(popover).getAllByRole("button", { name: /Maria|João/ });
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^JJoãoBom dia/),
      expect.stringMatching(/^MMariaPreciso de ajuda/),
    ]);
    await user.click(rows[1]!);
    expect(screen.getByTestId("where")).toHaveTextContent(`/tickets/${mine.uuid}`);
  });

  it("says so when there is nothing unread", async () => {
    renderBell([], []);
    const user = userEvent.setup();
    await user.click(bell());
    expect(await screen.findByText("Nenhuma notificação.")).toBeInTheDocument();
  });

  it("adds a contact's new message live, with sound and browser notification", async () => {
    const alert = vi.spyOn(alerts, "newMessage").mockImplementation(() => undefined);
    const { push } = renderBell([], []);
    await waitFor(() =>
      expect(bell()).toHaveAccessibleName("Notificações: nenhum atendimento não lido"),
    );
    const ticket = makeTicket({ contact: { id: 3, name: "Carla" } });

    await push(channels.appMessage(1), {
      action: "create",
      message: { body: "Olá, tudo bem?", fromMe: false, mediaType: "chat" },
      ticket,
      contact: { name: "Carla" },
    });
    expect(bell()).toHaveAccessibleName("Notificações: 1 atendimento não lido");
    expect(alert).toHaveBeenCalledWith("Carla", "Olá, tudo bem?", ticket.uuid);

    // An agent's reply, another agent's ticket, or the ticket on screen: nothing.
    await push(channels.appMessage(1), {
      action: "create",
      message: { body: "Oi", fromMe: true },
      ticket: makeTicket(),
    });
    await push(channels.appMessage(1), {
      action: "create",
      message: { body: "Oi" },
      ticket: makeTicket({ status: "open", userId: 99 }),
    });
    const onScreen = makeTicket();
    vi.spyOn(screenLocation, "pathname").mockReturnValue(`/tickets/${onScreen.uuid}`);
    await push(channels.appMessage(1), {
      action: "create",
      message: { body: "Oi" },
      ticket: onScreen,
    });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(bell()).toHaveAccessibleName("Notificações: 1 atendimento não lido");

    // Read elsewhere: it leaves the list.
    await push(channels.ticket(1), { action: "updateUnread", ticketId: ticket.id });
    expect(bell()).toHaveAccessibleName("Notificações: nenhum atendimento não lido");
  });

  it("keeps the mute choice in local storage and stays quiet while muted", async () => {
    renderBell([], []);
    const user = userEvent.setup();
    await user.click(bell());
    await user.click(await screen.findByRole("button", { name: "Silenciar notificações" }));
    expect(localStorage.getItem("notificationsMuted")).toBe("true");
    expect(muteStore.isMuted()).toBe(true);
    const beep = vi.fn();
    vi.stubGlobal(
      "AudioContext",
      class {
        state = "running";
        createGain = beep;
      },
    );
    alerts.newMessage("Carla", "Oi", "uuid");
    expect(beep).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Ativar som das notificações" }));
    expect(localStorage.getItem("notificationsMuted")).toBeNull();
    alerts.newMessage("Carla", "Oi", "uuid");
    expect(beep).toHaveBeenCalled(); // a Web Audio tone, no sound file
  });
});
