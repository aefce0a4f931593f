import { STORAGE_KEYS } from "@atrium/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../test/fetchMock";
import { makeUser } from "../test/fixtures";
import { renderApp } from "../test/render";

// No real socket in these tests.
vi.mock("../realtime/socket", () => ({
  openSocket: vi.fn(() => new Promise(() => undefined)),
  closeSocket: vi.fn(),
  reconnectWithToken: vi.fn(),
}));

const admin = makeUser({
  id: 7,
  name: "Bruno",
  profile: "admin",
  company: {
    id: 1,
    name: "Acme",
    instance: { id: 1, name: "main", address: "" },
    settings: [],
    campaignsEnabled: true,
    language: "pt-BR",
  },
});

describe("session", () => {
  it("logs in, stores the session and lands on /tickets with a success toast", async () => {
    mockFetch({
      "POST /auth/login": { body: { token: "tok", uuid: "session-1", user: admin } },
    });
    const { router } = renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), "bruno@acme.test");
    await user.type(screen.getByLabelText(/^Senha/), "secret");
    await user.click(screen.getByRole("button", { name: "Entrar" }));

    // The toasts arrive with the first one (a lazy chunk) and close after 3 s: look first.
    expect(
      await screen.findByText("Login efetuado com sucesso!", undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The inbox screen is a real (lazily loaded) page now: give its first import time.
    expect(
      await screen.findByRole("heading", { name: "Atendimentos" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/tickets");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("tok");
    expect(localStorage.getItem(STORAGE_KEYS.userUuid)).toBe("session-1");
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe("7");
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe("1");
    expect(localStorage.getItem(STORAGE_KEYS.cshow)).toBe("true");
  });

  it("shows the login validation messages of the shared schema", async () => {
    const { fetchMock } = mockFetch({});
    renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByText("E-mail inválido")).toBeInTheDocument();
    expect(screen.getByText("Obrigatório")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("restores a stored session without showing /login first", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "tok");
    mockFetch({
      "GET /auth/me": { body: admin },
      "GET /users/": { body: { users: [admin], count: 1, hasMore: false } },
    });
    const { router } = renderApp("/users");
    expect(screen.queryByRole("heading", { name: "Entrar" })).not.toBeInTheDocument();
    // The app shell, its MUI theme and the screen are lazily loaded chunks.
    expect(await screen.findByText("Acme", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: admin.email })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/users");
  });

  it("goes to /login and clears storage when the session is lost", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "tok");
    localStorage.setItem(STORAGE_KEYS.userId, "7");
    mockFetch({
      "GET /auth/me": { status: 401, body: { error: "SM00012", message: "company inactive" } },
    });
    const { router } = renderApp("/users");
    expect(await screen.findByRole("heading", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it("logs out from the account menu to /login", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "tok");
    const { calls } = mockFetch({
      "GET /auth/me": { body: admin },
      "POST /auth/logout": { status: 204 },
    });
    const { router } = renderApp("/tickets");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Conta" }));
    await user.click(screen.getByRole("menuitem", { name: "Sair" }));
    expect(await screen.findByRole("heading", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(calls).toContain("POST /auth/logout");
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
  });
});
