import { clientEvents, PRESENCE_INTERVAL_MS, STORAGE_KEYS } from "@atrium/shared";
import { act, render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as client from "../api/client";
import { api, loseSession, refreshAccessToken } from "../api/client";
import { sessionLost, tokenRefreshed } from "../api/sessionEvents";
import { AuthContext } from "../features/auth/hooks/useAuth";
import { FakeSocket } from "../test/FakeSocket";
import { mockFetch } from "../test/fetchMock";
import { makeUser } from "../test/fixtures";
import { fakeAuth, testQueryClient } from "../test/render";
import { STALE_ATTEMPT_MS } from "./reconnect";
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

  it("after the server cuts the socket, a lost session ends and a live one reconnects", async () => {
    const { socket } = renderSession();
    await waitFor(() => expect(openSocket).toHaveBeenCalled());
    await act(async () => undefined);
    mockFetch({
      "GET /auth/me": {
        status: 401,
        body: { error: "SM00014", message: "Session lost" },
      },
    });
    const lost = vi.fn();
    const stop = sessionLost.subscribe(lost);
    socket.connected = false;
    socket.active = false; // a server cut does not retry by itself
    act(() => socket.serverEmit("disconnect", "io server disconnect"));
    await waitFor(() => expect(lost).toHaveBeenCalledWith({ code: "SM00014" }));
    stop();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(socket.connects).toBe(0);

    localStorage.setItem(STORAGE_KEYS.token, "tok");
    mockFetch({ "GET /auth/me": { body: agent } });
    act(() => socket.serverEmit("disconnect", "io server disconnect"));
    await waitFor(() => expect(socket.connects).toBe(1));
    // A network drop is Socket.IO's to retry: no extra request.
    socket.active = true;
    const { calls } = mockFetch({});
    act(() => socket.serverEmit("disconnect", "transport close"));
    await act(async () => undefined);
    expect(calls).toEqual([]);
  });

  describe("reconnects at once when the network is back", () => {
    async function downSocket() {
      const view = renderSession();
      await waitFor(() => expect(openSocket).toHaveBeenCalled());
      await act(async () => undefined);
      view.socket.connected = false; // lost; Socket.IO waits out its back-off
      return view;
    }
    const setVisibility = (state: DocumentVisibilityState) =>
      Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
    afterEach(() => setVisibility("visible"));

    it("when the browser comes back online", async () => {
      const { socket } = await downSocket();
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(1);
    });

    it("when the tab becomes visible again, not when it is hidden", async () => {
      const { socket } = await downSocket();
      setVisibility("hidden");
      act(() => void document.dispatchEvent(new Event("visibilitychange")));
      expect(socket.connects).toBe(0);
      setVisibility("visible");
      act(() => void document.dispatchEvent(new Event("visibilitychange")));
      expect(socket.connects).toBe(1);
    });

    it("when an API call succeeds, with a back-off of its own while the socket keeps failing", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const { socket } = await downSocket();
      mockFetch({ "GET /tickets": { body: { tickets: [], count: 0, hasMore: false } } });
      const call = () => api.get("/tickets");
      await call();
      expect(socket.connects).toBe(1);
      // That attempt failed too: calls right after it leave the socket alone…
      await call();
      expect(socket.connects).toBe(1);
      // …until 1 s has passed, then 2 s, then 4 s.
      vi.advanceTimersByTime(1000);
      await call();
      expect(socket.connects).toBe(2);
      vi.advanceTimersByTime(1500);
      await call();
      expect(socket.connects).toBe(2);
      vi.advanceTimersByTime(500);
      await call();
      expect(socket.connects).toBe(3);
      // Live again, then lost again: the next call nudges at once.
      socket.connected = true;
      act(() => socket.serverEmit("connect", undefined));
      socket.connected = false;
      await call();
      expect(socket.connects).toBe(4);
    });

    it("not for a failed call, a live socket, an attempt under way or a socket closed on purpose", async () => {
      const { socket } = await downSocket();
      mockFetch({ "GET /tickets": { status: 502, body: { error: "ERR_INTERNAL" } } });
      await expect(api.get("/tickets")).rejects.toThrow();
      expect(socket.connects).toBe(0);

      socket.io.attempt(); // Socket.IO is trying right now
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(0);
      socket.io._readyState = "closed";

      socket.active = false; // refused by the gateway or closed at logout
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(0);

      socket.active = true;
      socket.connected = true;
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(0);
    });

    it("drops an attempt that has hung for a while (started while the network was down)", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const { socket } = await downSocket();
      socket.io.attempt();
      vi.advanceTimersByTime(STALE_ATTEMPT_MS - 100);
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(0);
      vi.advanceTimersByTime(100);
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(1);
    });

    it("stops listening when the session ends", async () => {
      const { socket, unmount } = await downSocket();
      unmount();
      act(() => void window.dispatchEvent(new Event("online")));
      expect(socket.connects).toBe(0);
    });
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
