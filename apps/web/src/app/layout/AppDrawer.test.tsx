import { STORAGE_KEYS, type UserDTO } from "@atrium/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthContext } from "../../features/auth/hooks/useAuth";
import { makeUser } from "../../test/fixtures";
import { mockFetch } from "../../test/fetchMock";
import { fakeAuth, testQueryClient } from "../../test/render";
import { AppDrawer } from "./AppDrawer";

function renderDrawer(user: UserDTO) {
  // The menu's '!' badge reads the connection list.
  mockFetch({ "GET /whatsapp/": { body: [] } });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={["/tickets"]}>
        <AuthContext.Provider value={fakeAuth(user)}>
          <AppDrawer narrow={false} mobileOpen={false} onClose={() => undefined} />
        </AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("navigation", { name: "Menu principal" });
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);

const AGENT_ENTRIES = [
  "Conexões",
  "Atendimentos",
  "Respostas Rápidas",
  "Contatos",
  "Agendamentos",
  "Tags",
  "Chat Interno",
  "Ajuda",
];

describe("side drawer gating (agent-core §2)", () => {
  it("shows a user only the agent entries: no dashboard, no administration", () => {
    const nav = renderDrawer(makeUser({ profile: "user" }));
    expect(linkNames(nav)).toEqual(AGENT_ENTRIES);
    expect(within(nav).queryByText("Administração")).not.toBeInTheDocument();
  });

  it("shows an admin the dashboard and the admin group, without announcements or campaigns", () => {
    const nav = renderDrawer(makeUser({ profile: "admin" }));
    expect(linkNames(nav)).toEqual([
      "Dashboard",
      ...AGENT_ENTRIES,
      "API",
      "Usuários",
      "Filas & Chatbot",
      "Configurações",
    ]);
    expect(within(nav).getByText("Administração")).toBeInTheDocument();
    expect(within(nav).queryByText("Campanhas")).not.toBeInTheDocument();
  });

  it("adds announcements for a super admin", () => {
    const nav = renderDrawer(makeUser({ profile: "admin", super: true }));
    expect(within(nav).getByRole("link", { name: "Informativos" })).toHaveAttribute(
      "href",
      "/announcements",
    );
  });

  it("shows the campaigns submenu only when cshow was stored at login", async () => {
    localStorage.setItem(STORAGE_KEYS.cshow, "true");
    const nav = renderDrawer(makeUser({ profile: "admin" }));
    await userEvent.click(within(nav).getByRole("button", { name: "Campanhas" }));
    expect(within(nav).getByRole("link", { name: "Listagem" })).toHaveAttribute(
      "href",
      "/campaigns",
    );
    expect(within(nav).getByRole("link", { name: "Listas de Contatos" })).toHaveAttribute(
      "href",
      "/contact-lists",
    );
    expect(within(nav).getAllByRole("link", { name: "Configurações" })[0]).toHaveAttribute(
      "href",
      "/campaigns-config",
    );
  });

  it("never shows the admin group to a super user whose profile is user", () => {
    const nav = renderDrawer(makeUser({ profile: "user", super: true }));
    expect(linkNames(nav)).toEqual(AGENT_ENTRIES);
  });

  it("marks the entry of the current route", () => {
    const nav = renderDrawer(makeUser({ profile: "user" }));
    expect(within(nav).getByRole("link", { name: "Atendimentos" })).toHaveClass("Mui-selected");
  });
});
