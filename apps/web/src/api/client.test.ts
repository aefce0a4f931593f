import { STORAGE_KEYS } from "@atrium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bearerOf, mockFetch } from "../test/fetchMock";
import { makeUser } from "../test/fixtures";
import { ApiError } from "./ApiError";
import { api } from "./client";
import { sessionLost, tokenRefreshed } from "./sessionEvents";

const expired = { status: 401, body: { error: "ERR_TOKEN_EXPIRED", message: "expired" } };
const refreshed = { body: { token: "new-token", uuid: "session-2", user: makeUser({ id: 7 }) } };

function storeLoggedInSession() {
  localStorage.setItem(STORAGE_KEYS.token, "old-token");
  localStorage.setItem(STORAGE_KEYS.companyId, "1");
  localStorage.setItem(STORAGE_KEYS.userId, "7");
  localStorage.setItem(STORAGE_KEYS.userUuid, "session-1");
  localStorage.setItem(STORAGE_KEYS.cshow, "true");
}

describe("API client", () => {
  let lost: ReturnType<typeof vi.fn<(event: { code: string }) => void>>;
  let stopListening: () => void;

  beforeEach(() => {
    storeLoggedInSession();
    lost = vi.fn<(event: { code: string }) => void>();
    stopListening = sessionLost.subscribe(lost);
  });
  afterEach(() => stopListening());

  it("sends the bearer token and cookies to the stored instance address", async () => {
    localStorage.setItem(STORAGE_KEYS.instanceAddress, "https://node-2.atrium.test/");
    const { fetchMock } = mockFetch({ "GET /settings": { body: [] } });
    await api.get("/settings");
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://node-2.atrium.test/settings");
    expect(bearerOf(init)).toBe("Bearer old-token");
    expect(init.credentials).toBe("include");
  });

  it("refreshes an expired token once and retries the call with the new one", async () => {
    let attempts = 0;
    const { calls, requests } = mockFetch({
      "GET /users/": () =>
        ++attempts === 1 ? expired : { body: { users: [], count: 0, hasMore: false } },
      "POST /auth/refresh_token": refreshed,
    });
    const onRefresh = vi.fn();
    const stop = tokenRefreshed.subscribe(onRefresh);

    const page = await api.get("/users/", { query: { searchParam: "", pageNumber: 1 } });

    stop();
    expect(page).toEqual({ users: [], count: 0, hasMore: false });
    expect(calls).toEqual([
      "GET /users/?searchParam=&pageNumber=1",
      "POST /auth/refresh_token",
      "GET /users/?searchParam=&pageNumber=1",
    ]);
    expect(bearerOf(requests[2]!.init)).toBe("Bearer new-token");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("new-token");
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(lost).not.toHaveBeenCalled();
  });

  it("shares one refresh between calls that expire together", async () => {
    const { calls } = mockFetch({
      "GET /queue": ({ init }) => (bearerOf(init) === "Bearer old-token" ? expired : { body: [] }),
      "GET /settings": ({ init }) =>
        bearerOf(init) === "Bearer old-token" ? expired : { body: [] },
      "POST /auth/refresh_token": refreshed,
    });
    await Promise.all([api.get("/queue"), api.get("/settings")]);
    expect(calls.filter((c) => c === "POST /auth/refresh_token")).toHaveLength(1);
  });

  it("does not refresh a second time when the retry is refused again", async () => {
    const { calls } = mockFetch({
      "GET /settings": expired,
      "POST /auth/refresh_token": refreshed,
    });
    await expect(api.get("/settings")).rejects.toMatchObject({ code: "ERR_TOKEN_EXPIRED" });
    expect(calls).toEqual(["GET /settings", "POST /auth/refresh_token", "GET /settings"]);
  });

  it("ends the session when the refresh is refused", async () => {
    mockFetch({
      "GET /settings": expired,
      "POST /auth/refresh_token": {
        status: 401,
        body: { error: "ERR_SESSION_EXPIRED", message: "Session expired" },
      },
    });
    await expect(api.get("/settings")).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledWith({ code: "ERR_SESSION_EXPIRED" });
    for (const key of ["token", "companyId", "userId", "userUuid", "cshow"] as const) {
      expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
    }
  });

  it("keeps the session when the refresh is only rate-limited", async () => {
    mockFetch({
      "GET /settings": expired,
      "POST /auth/refresh_token": {
        status: 429,
        body: { error: "ERR_TOO_MANY_REQUESTS", message: "slow down" },
      },
    });
    await expect(api.get("/settings")).rejects.toMatchObject({ code: "ERR_TOO_MANY_REQUESTS" });
    expect(lost).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("old-token");
  });

  it.each(["SM00011", "SM00012", "SM00014", "ERR_SESSION_EXPIRED"])(
    "ends the session when a call answers %s",
    async (code) => {
      localStorage.setItem(STORAGE_KEYS.language, "es");
      mockFetch({ "GET /auth/me": { status: 401, body: { error: code, message: "lost" } } });
      await expect(api.get("/auth/me")).rejects.toMatchObject({ code });
      expect(lost).toHaveBeenCalledWith({ code });
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.language)).toBe("es");
    },
  );

  it("keeps the session on other errors", async () => {
    mockFetch({
      "GET /users/9": { status: 403, body: { error: "ERR_NO_PERMISSION", message: "no" } },
    });
    await expect(api.get("/users/9")).rejects.toMatchObject({
      status: 403,
      code: "ERR_NO_PERMISSION",
    });
    expect(lost).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("old-token");
  });

  it("never refreshes for a wrong password at login", async () => {
    const { calls } = mockFetch({
      "POST /auth/login": {
        status: 401,
        body: { error: "ERR_INVALID_CREDENTIALS", message: "no" },
      },
    });
    await expect(
      api.post("/auth/login", { email: "a@b.co", password: "x" }, { anonymous: true }),
    ).rejects.toMatchObject({ code: "ERR_INVALID_CREDENTIALS" });
    expect(calls).toEqual(["POST /auth/login"]);
    expect(lost).not.toHaveBeenCalled();
  });
});
