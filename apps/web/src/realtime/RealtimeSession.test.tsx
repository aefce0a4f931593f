import { clientEvents, PRESENCE_INTERVAL_MS, STORAGE_KEYS } from "@atrium/shared";
import { act, render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as client from "../api/client";
import { loseSession, refreshAccessToken } from "../api/client";
import { tokenRefreshed } from "../api/sessionEvents";
import { AuthContext } from "../features/auth/hooks/useAuth";
import { FakeSocket } from "../test/FakeSocket";
import { makeUser } from "../test/fixtures";
import { fakeAuth, testQueryClient } from "../test/render";
import { RealtimeSession } from "./RealtimeSession";
import { closeSocket, openSocket, reconnectWithToken } from "./socket";

vi.mock("../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof client>()),
  refreshAccessToken: vi.fn(() => Promise.resolve()),
  loseSession: vi.fn(),
}));

vi.mock("./socket", () => ({
  openSocket: vi.fn(),
  closeSocket: vi.fn(),
  reconnectWithToken: vi.fn(),
}));

const agent = makeUser({ id: 7, companyId: 3 });

function renderSession(user = agent, queryClient = testQueryClient()) {
  const socket = new FakeSocket();
  vi.mocked(openSocket).mockResolvedValue(socket.asSocket());
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(user)}>
        <RealtimeSession />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { socket, ...view };
}

describe("realtime session", () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, "tok"));
  afterEach(() => vi.useRealTimers());

  it("opens one socket for the logged-in user with token, company and user", async () => {
    renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalledTimes(1));
    expect(openSocket).toHaveBeenCalledWith({ token: "tok", companyId: 3, userId: 7 });
  });

  it("joins notifications and announces presence on connect, then every 5 minutes", async () => {
    vi.useFakeTimers();
    const { socket } = renderSession();
    await act(async () => undefined);
    act(() => socket.serverEmit("connect", undefined));
    expect(socket.emitted).toEqual([clientEvents.joinNotification, clientEvents.userStatus]);
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    expect(socket.emitted).toEqual([
      clientEvents.joinNotification,
      clientEvents.userStatus,
      clientEvents.userStatus,
    ]);
  });

  it("reconnects with the new token after a refresh", async () => {
    const { socket } = renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    act(() => tokenRefreshed.emit({ token: "tok-2", uuid: "s", user: agent }));
    expect(reconnectWithToken).toHaveBeenCalledWith(socket.asSocket(), "tok-2");
  });

  it("refreshes the token when the gateway refuses an expired one", async () => {
    const { socket } = renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    socket.active = false;
    const refusal = Object.assign(new Error("ERR_TOKEN_EXPIRED"), {
      data: { error: "ERR_TOKEN_EXPIRED" },
    });
    act(() => socket.serverEmit("connect_error", refusal));
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(loseSession).not.toHaveBeenCalled();
  });

  it("ends the session when the gateway says it is lost", async () => {
    const { socket } = renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    socket.active = false;
    act(() =>
      socket.serverEmit(
        "connect_error",
        Object.assign(new Error("SM00014"), { data: { error: "SM00014" } }),
      ),
    );
    expect(loseSession).toHaveBeenCalledWith("SM00014");
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it("refetches after recovering from an outage, not after a reconnect for a new token", async () => {
    const queryClient = testQueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const { socket } = renderSession(agent, queryClient);
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    act(() => socket.serverEmit("connect", undefined));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => socket.serverEmit("connect", undefined)); // back after a network outage
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => {
      tokenRefreshed.emit({ token: "tok-2", uuid: "s", user: agent });
      socket.serverEmit("connect", undefined);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it("closes the socket when the session ends", async () => {
    const { socket, unmount } = renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    unmount();
    expect(closeSocket).toHaveBeenCalledWith(socket.asSocket());
  });

  it("opens no socket without a session", () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <AuthContext.Provider value={fakeAuth(null)}>
          <RealtimeSession />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    expect(openSocket).not.toHaveBeenCalled();
  });
});
