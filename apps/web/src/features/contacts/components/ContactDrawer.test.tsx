import { channels } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeContact } from "../test/contactFixtures";
import { ContactDrawer } from "./ContactDrawer";
import { cacheNotified } from "../../../test/realtime";

const me = makeUser({ id: 7, name: "Ana", profile: "user" });
const maria = makeContact({
  id: 12,
  name: "Maria",
  number: "5541998608485",
  email: "maria@acme.test",
  extraInfo: [{ id: 1, name: "Empresa", value: "Acme" }],
});

function renderDrawer() {
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <ContactDrawer open contactId={12} ticketId={30} onClose={() => undefined} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("contact drawer", () => {
  it("shows picture fallback, name, phone and email links, notes and extra information", async () => {
    const { calls } = mockFetch({
      "GET /contacts/12": { body: maria },
      "GET /ticket-notes/list": { body: [] },
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    await within(drawer).findByRole("button", { name: "Maria" });
    expect(drawer).toHaveStyle({ width: "320px" });
    expect(within(drawer).getByText("M")).toBeInTheDocument(); // avatar fallback
    expect(within(drawer).getByRole("link", { name: "5541998608485" })).toHaveAttribute(
      "href",
      "tel:5541998608485",
    );
    expect(within(drawer).getByRole("link", { name: "maria@acme.test" })).toHaveAttribute(
      "href",
      "mailto:maria@acme.test",
    );
    expect(within(drawer).getByText("Empresa")).toBeInTheDocument();
    expect(within(drawer).getByText("Acme")).toBeInTheDocument();
    expect(await within(drawer).findByText("Nenhuma observação.")).toBeInTheDocument();
    expect(calls).toContain("GET /ticket-notes/list?ticketId=30&contactId=12");
  });

  it("opens the edit form from the name and from 'Editar'", async () => {
    mockFetch({
      "GET /contacts/12": { body: maria },
      "GET /ticket-notes/list": { body: [] },
      "GET /tags/list": { body: [] },
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole("button", { name: "Maria" }));
    const form = await screen.findByRole("dialog", { name: "Editar contato" });
    expect(await within(form).findByDisplayValue("maria@acme.test")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Editar contato" })).not.toBeInTheDocument(),
    );
    await user.click(within(drawer).getByRole("button", { name: "Editar" }));
    expect(await screen.findByRole("dialog", { name: "Editar contato" })).toBeInTheDocument();
  });

  it("a web-chat visitor without a phone: no phone link, and the form saves them without one", async () => {
    const visitor = makeContact({
      id: 12,
      name: "Visitante",
      number: "",
      channelType: "WEB_CHAT",
      visitorConnectionId: 3,
    });
    const { requests } = mockFetch({
      "GET /contacts/12": { body: visitor },
      "GET /ticket-notes/list": { body: [] },
      "GET /tags/list": { body: [] },
      "PUT /contacts/12": ({ init }) => ({
        body: { ...visitor, ...JSON.parse(String(init.body)) },
      }),
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    await within(drawer).findByRole("button", { name: "Visitante" });
    expect(within(drawer).queryByRole("link", { name: /^\d|wc-/ })).toBeNull();
    expect(drawer.querySelector('a[href^="tel:"]')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(drawer).getByRole("button", { name: "Editar" }));
    const form = await screen.findByRole("dialog", { name: "Editar contato" });
    const number = await within(form).findByLabelText(/Número do WhatsApp/);
    expect(number).toHaveValue("");
    await user.click(within(form).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(requests.some((r) => r.init.method === "PUT")).toBe(true));
    const put = requests.find((r) => r.init.method === "PUT");
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ name: "Visitante", number: "" });
  });

  it("a Facebook contact's page-scoped id is never shown as a phone", async () => {
    mockFetch({
      "GET /contacts/12": {
        body: makeContact({
          id: 12,
          name: "Fã",
          number: "6543219876543210",
          channelType: "FACEBOOK",
        }),
      },
      "GET /ticket-notes/list": { body: [] },
    });
    renderDrawer();
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    await within(drawer).findByRole("button", { name: "Fã" });
    expect(within(drawer).queryByText("6543219876543210")).toBeNull();
    expect(drawer.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it("refreshes with company contact events", async () => {
    mockFetch({
      "GET /contacts/12": { body: maria },
      "GET /ticket-notes/list": { body: [] },
    });
    const queryClient = renderDrawer();
    const drawer = await screen.findByRole("dialog", { name: "Dados do contato" });
    await within(drawer).findByRole("button", { name: "Maria" });
    const socket = new FakeSocket();
    bindRealtimeEvents(socket.asSocket(), {
      companyId: 1,
      userId: me.id,
      queryClient,
      readUserUuid: () => "session-1",
      onCurrentUserChanged: vi.fn(),
      endSessionWithNotice: vi.fn(),
    });
    await act(async () => {
      socket.serverEmit(channels.contact(1), {
        action: "update",
        contact: {
          ...maria,
          name: "Maria Souza",
          extraInfo: [{ id: 2, name: "Cargo", value: "CEO" }],
        },
      });
      await cacheNotified();
    });
    expect(within(drawer).getByRole("button", { name: "Maria Souza" })).toBeInTheDocument();
    expect(within(drawer).getByText("CEO")).toBeInTheDocument();
    expect(within(drawer).queryByText("Acme")).not.toBeInTheDocument();
  });
});
