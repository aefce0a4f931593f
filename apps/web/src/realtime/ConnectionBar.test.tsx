import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../test/FakeSocket";
import { ConnectionBar } from "./ConnectionBar";
import { CONNECTION_NOTICE_AFTER_MS, trackConnection } from "./connectionStatus";

const NOTICE = "Sem conexão — tentando reconectar…";

describe("the no-connection bar", () => {
  afterEach(() => vi.useRealTimers());

  it("shows only after a few seconds without the socket and clears when live again", () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const stop = trackConnection(socket.asSocket());
    render(<ConnectionBar />);
    expect(screen.queryByRole("status")).toBeNull();

    act(() => socket.serverEmit("disconnect", "transport close"));
    act(() => vi.advanceTimersByTime(CONNECTION_NOTICE_AFTER_MS - 100));
    expect(screen.queryByText(NOTICE)).toBeNull(); // a short drop says nothing
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole("status")).toHaveTextContent(NOTICE);

    act(() => socket.serverEmit("connect", undefined));
    expect(screen.queryByText(NOTICE)).toBeNull();
    stop();
  });

  it("a quick reconnect (a new token) never shows it; the session's end clears it", () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const stop = trackConnection(socket.asSocket());
    render(<ConnectionBar />);
    act(() => {
      socket.serverEmit("disconnect", "io client disconnect");
      vi.advanceTimersByTime(500);
      socket.serverEmit("connect", undefined);
    });
    act(() => vi.advanceTimersByTime(CONNECTION_NOTICE_AFTER_MS * 2));
    expect(screen.queryByText(NOTICE)).toBeNull();

    act(() => socket.serverEmit("disconnect", "transport close"));
    act(() => vi.advanceTimersByTime(CONNECTION_NOTICE_AFTER_MS));
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
    act(() => stop());
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
