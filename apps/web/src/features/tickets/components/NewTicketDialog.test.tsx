import type { UserDTO } from "@atrium/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { mockFetch, type MockReply } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { transferAction } from "../hooks/useTransferTicket";
import { makeTicket } from "../test/ticketFixtures";
import { NewTicketDialog } from "./NewTicketDialog";
import { makeConnection } from "../../connections/test/connectionFixtures";
import type { ContactDTO } from "../../contacts/api/contactsApi";
import { makeContact } from "../../contacts/test/contactFixtures";
import type { TicketDTO } from "../api/ticketTypes";

const agent = makeUser({
  id: 7,
  queues: [{ id: 3, name: "Suporte", color: "#1976d2" }],
  queueIds: [3],
});
const created = makeTicket({ id: 77, status: "open" });

/** Maria chatted on the 'Loja' web chat and gave her phone; Paula chatted on 'Site' without one. */
const CONTACTS: Record<string, ContactDTO[]> = {
  Mar: [
    makeContact({
      id: 5,
      name: "Maria",
      number: "5511999990000",
      channelType: "WEB_CHAT",
      visitorConnectionId: 3,
    }),
  ],
  Pau: [
    makeContact({
      id: 6,
      name: "Paula",
      number: "",
      channelType: "WEB_CHAT",
      visitorConnectionId: 9,
    }),
  ],
};

function renderDialog(me: UserDTO, createReply: MockReply<TicketDTO>) {
  const fetch = mockFetch({
    "GET /contacts/": ({ url }) => ({
      body: {
        contacts: CONTACTS[url.searchParams.get("searchParam") ?? ""] ?? [],
        count: 1,
        hasMore: false,
      },
    }),
    "GET /whatsapp/": {
      body: [
        makeConnection({ id: 1, name: "Antiga", status: "DISCONNECTED", channelType: "BAILEYS" }),
        makeConnection({ id: 2, name: "Site", status: "CONNECTED", isDefault: true }),
        makeConnection({ id: 3, name: "Loja", status: "CONNECTED" }),
        makeConnection({ id: 4, name: "Zap", status: "CONNECTED", channelType: "BAILEYS" }),
      ],
    },
    "GET /queue": { body: [] },
    "POST /tickets": createReply,
  });
  const router = createMemoryRouter(
    [
      { path: "/tickets", element: <NewTicketDialog open onClose={() => undefined} /> },
      { path: "/tickets/:ticketId", element: <p>opened</p> },
    ],
    { initialEntries: ["/tickets"] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { router, ...fetch };
}

async function chooseMaria(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole("dialog", { name: "Criar Ticket" });
  const contact = within(dialog).getByRole("combobox", { name: /Contato/ });
  await user.type(contact, "Ma");
  expect(screen.queryByRole("option")).not.toBeInTheDocument();
  await user.type(contact, "r");
  await user.click(
    await screen.findByRole("option", { name: "Maria - 5511999990000" }, { timeout: 10_000 }),
  );
  return dialog;
}

describe("new ticket dialog", () => {
  it("searches contacts from 3 characters, needs a queue for a user, and opens the created ticket", async () => {
    const { router, requests, calls } = renderDialog(agent, { status: 201, body: created });
    const user = userEvent.setup();
    const ok = () => screen.getByRole("button", { name: "Salvar" });
    expect(ok()).toBeDisabled();
    const dialog = await chooseMaria(user);
    expect(calls.filter((c) => c.startsWith("GET /contacts/"))).toEqual([
      "GET /contacts/?searchParam=Mar&pageNumber=1",
    ]);
    expect(ok()).toBeEnabled();
    // Only connected connections that reach Maria: her own web chat (not the default one) and
    // WhatsApp for her phone; the first of them chosen.
    const connection = within(dialog).getByRole("combobox", { name: "Conexão" });
    expect(connection).toHaveTextContent("Loja");
    await user.click(connection);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Loja", "Zap"]);
    await user.keyboard("{Escape}");

    await user.click(ok());
    expect(await screen.findByText("Selecione uma fila")).toBeInTheDocument();
    expect(calls).not.toContain("POST /tickets");

    await user.click(within(dialog).getByRole("combobox", { name: "Fila" }));
    await user.click(screen.getByRole("option", { name: "Suporte" }));
    await user.click(ok());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${created.uuid}`));
    const post = requests.find((r) => r.init.method === "POST")!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      contactId: 5,
      queueId: 3,
      whatsappId: 3,
      status: "open",
    });
  });

  it("lets an admin create without a queue; shows who holds the contact's open ticket", async () => {
    const admin = makeUser({ id: 1, profile: "admin" });
    const { router } = renderDialog(admin, {
      status: 409,
      body: {
        error: "ERR_OTHER_OPEN_TICKET",
        message: "There is already an open ticket for this contact (with Carla)",
        fields: { ticketId: "12", user: "Carla" },
      },
    });
    const user = userEvent.setup();
    await chooseMaria(user);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    // In the app's language, never the server's English.
    expect(
      await screen.findByText("Já existe um ticket aberto para este contato, com Carla."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/There is already/)).toBeNull();
    expect(router.state.location.pathname).toBe("/tickets");
  });

  it("offers no connection that cannot reach the contact, and says why", async () => {
    const { calls } = renderDialog(makeUser({ id: 1, profile: "admin" }), { status: 500 });
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Criar Ticket" });
    await user.type(within(dialog).getByRole("combobox", { name: /Contato/ }), "Pau");
    await user.click(await screen.findByRole("option", { name: "Paula" }, { timeout: 10_000 }));
    expect(
      within(dialog).getByText(/Nenhuma conexão conectada alcança este contato/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar" })).toBeDisabled();
    expect(calls).not.toContain("POST /tickets");
  });
});

describe("transfer rules", () => {
  it("sends both, queue only or user only; nothing without a choice", () => {
    expect(transferAction(4, 2)).toEqual({
      action: "transfer_to_user_and_queue",
      userId: 4,
      queueId: 2,
    });
    expect(transferAction(null, 2)).toEqual({ action: "move_to_queue", queueId: 2 });
    expect(transferAction(4, null)).toEqual({ action: "transfer_to_user", userId: 4 });
    expect(transferAction(null, null)).toBeNull();
  });
});
