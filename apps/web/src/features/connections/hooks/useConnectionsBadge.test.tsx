import { CONNECTION_BADGE_DELAY_MS } from "@atrium/shared";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectionDTO } from "../api/connectionsApi";
import { makeConnection } from "../test/connectionFixtures";
import { useAttentionBadge } from "./useConnectionsBadge";

describe("the /connections '!' badge", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is evaluated 2000 ms after the connection list changes", () => {
    expect(CONNECTION_BADGE_DELAY_MS).toBe(2000);
    const connected = [makeConnection({ id: 1, status: "CONNECTED" })];
    const { result, rerender } = renderHook(
      ({ list }: { list: ConnectionDTO[] | undefined }) => useAttentionBadge(list),
      { initialProps: { list: undefined as ConnectionDTO[] | undefined } },
    );
    expect(result.current).toBe(false);

    rerender({ list: [...connected, makeConnection({ id: 2, status: "qrcode" })] });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    // A change restarts the wait: a session passing through OPENING then CONNECTED never
    // switches the badge off and on.
    rerender({ list: connected });
    act(() => vi.advanceTimersByTime(1000));
    rerender({ list: [makeConnection({ id: 1, status: "CONNECTED" })] });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it.each(["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const)(
    "flags a session in %s",
    (status) => {
      const { result } = renderHook(() =>
        useAttentionBadge([makeConnection({ channelType: "BAILEYS", status })]),
      );
      act(() => vi.advanceTimersByTime(CONNECTION_BADGE_DELAY_MS));
      expect(result.current).toBe(true);
    },
  );
});
