import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../test/fixtures";
import { fakeAuth, renderRoutesWithAuth } from "../../test/render";

const agent = makeUser({ name: "Ana", profile: "user" });
const admin = makeUser({ name: "Bruno", profile: "admin" });

async function expectScreen(
  router: { state: { location: { pathname: string } } },
  path: string,
  heading: string,
) {
  // A cold lazy chunk (the tickets screen) can take over a second to load under a full run.
  expect(
    await screen.findByRole("heading", { name: heading }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(path);
}

describe("route guard (admin-operator §2.1)", () => {
  it("sends an unauthenticated visitor of a private route to /login", async () => {
    const { router } = renderRoutesWithAuth("/users", fakeAuth(null));
    await expectScreen(router, "/login", "Entrar");
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
  });

  it("sends an unauthenticated visitor of an admin route to /login", async () => {
    const { router } = renderRoutesWithAuth("/settings", fakeAuth(null));
    await expectScreen(router, "/login", "Entrar");
  });

  it("sends a non-admin user on an admin-only route to /tickets", async () => {
    for (const path of ["/settings", "/queues", "/messages-api", "/announcements"]) {
      const { router, unmount } = renderRoutesWithAuth(path, fakeAuth(agent));
      await expectScreen(router, "/tickets", "Atendimentos");
      unmount();
    }
  });

  it("lets an admin open an admin-only route", async () => {
    const { router } = renderRoutesWithAuth("/queues", fakeAuth(admin));
    await expectScreen(router, "/queues", "Filas & Chatbot");
  });

  it("lets a non-admin user open the private routes", async () => {
    const { router } = renderRoutesWithAuth("/contacts", fakeAuth(agent));
    await expectScreen(router, "/contacts", "Contatos");
  });

  it("sends an authenticated user away from /login and /signup to /", async () => {
    for (const path of ["/login", "/signup?companyId=1"]) {
      const { router, unmount } = renderRoutesWithAuth(path, fakeAuth(admin));
      await expectScreen(router, "/", "Dashboard");
      unmount();
    }
  });

  it("lands on /tickets right after a login", async () => {
    const { router } = renderRoutesWithAuth("/login", fakeAuth(agent, { landingPath: "/tickets" }));
    await expectScreen(router, "/tickets", "Atendimentos");
  });

  it("sends unknown routes to /", async () => {
    const { router } = renderRoutesWithAuth("/no/such/page", fakeAuth(agent));
    await expectScreen(router, "/", "Dashboard");
  });

  it("does not show /login while a stored session is being restored", async () => {
    const { router } = renderRoutesWithAuth("/users", fakeAuth(null, { status: "restoring" }));
    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/users"));
    expect(screen.queryByRole("heading", { name: "Entrar" })).not.toBeInTheDocument();
  });
});
