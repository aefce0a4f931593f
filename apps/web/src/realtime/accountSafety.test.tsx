import { channels, STORAGE_KEYS } from "@atrium/shared";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../app/toast/Toaster";
import { FakeSocket } from "../test/FakeSocket";
import { testQueryClient } from "../test/render";
import { bindRealtimeEvents } from "./eventTable";
import { endSessionWithNotice, page } from "./sessionNotice";

function setup() {
  localStorage.setItem(STORAGE_KEYS.token, "tok");
  localStorage.setItem(STORAGE_KEYS.userId, "7");
  localStorage.setItem(STORAGE_KEYS.userUuid, "session-1");
  const reload = vi.spyOn(page, "reload").mockImplementation(() => undefined);
  const socket = new FakeSocket();
  render(<Toaster />);
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: 7,
    queryClient: testQueryClient(),
    readUserUuid: () => localStorage.getItem(STORAGE_KEYS.userUuid),
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice,
  });
  return { socket, reload };
}

describe("account safety (agent-core §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("ends this session one second after the account is used on another computer", () => {
    const { socket, reload } = setup();
    act(() =>
      socket.serverEmit(channels.auth(1), { action: "update", user: { id: 7 }, uuid: "session-2" }),
    );

    expect(screen.getByText("Sua conta foi acessada em outro computador.")).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("tok");
    act(() => vi.advanceTimersByTime(999));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userUuid)).toBeNull();
  });

  it("ignores the auth event of this same session and of other users", () => {
    const { socket, reload } = setup();
    act(() => {
      socket.serverEmit(channels.auth(1), { action: "update", user: { id: 7 }, uuid: "session-1" });
      socket.serverEmit(channels.auth(1), { action: "update", user: { id: 8 }, uuid: "other" });
      vi.advanceTimersByTime(2000);
    });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("tok");
  });

  it("asks everyone to log in again when the company is updated", () => {
    const { socket, reload } = setup();
    act(() => socket.serverEmit(channels.details(1), { action: "update", company: { id: 1 } }));
    expect(
      screen.getByText("Sua empresa foi atualizada, por favor, entre novamente."),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("drops a company event that names another company", () => {
    const { socket, reload } = setup();
    act(() => {
      socket.serverEmit(channels.details(1), { action: "update", companyId: 2 });
      vi.advanceTimersByTime(2000);
    });
    expect(reload).not.toHaveBeenCalled();
  });
});
