import { act } from "@testing-library/react";
import { notifyManager, type QueryClient } from "@tanstack/react-query";
import { vi } from "vitest";
import { bindRealtimeEvents } from "../realtime/eventTable";
import { FakeSocket } from "./FakeSocket";

/**
 * Resolves once the query cache has told its observers of every change made so far (React
 * Query batches notifications; a callback scheduled now runs after those already queued).
 */
export const cacheNotified = () => new Promise<void>((resolve) => notifyManager.schedule(resolve));

/** The real event table bound to a fake socket; `push` emits a server event and settles. */
export function bindFakeRealtime(queryClient: QueryClient, userId = 1, companyId = 1) {
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId,
    userId,
    queryClient,
    readUserUuid: () => "session-1",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  const push = (event: string, payload: unknown) =>
    act(async () => {
      socket.serverEmit(event, payload);
      await cacheNotified();
    });
  return { socket, push };
}
