import { channels, type ChatDTO, type ChatMessageDTO, type UserDTO } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch, route, routeTable, type MockReply } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeChat, makeChatMessage, page } from "../test/chatFixtures";
import { ChatsPage } from "./ChatsPage";

const admin = makeUser({ id: 1, name: "Admin", profile: "admin" });
const agent = makeUser({ id: 7, name: "Ana", profile: "user" });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

interface Setup {
  me?: UserDTO;
  chats: ChatDTO[];
  messages?: ChatMessageDTO[];
  path?: string;
  send?: () => MockReply<ChatMessageDTO>;
}

function renderChats({ me = admin, chats, messages = [], path = "/chats", send }: Setup) {
  const routes = [
    route("GET /chats", { body: page(chats) }),
    route("GET /users/list", {
      body: [
        { id: 1, name: "Admin", online: true },
        { id: 7, name: "Ana", online: true },
        { id: 8, name: "Bia", online: false },
      ],
    }),
    route("POST /chats", ({ init }) => {
      const body = JSON.parse(String(init.body)) as { title: string };
      return { status: 201, body: makeChat({ id: 90, title: body.title }) };
    }),
  ];
  for (const chat of chats) {
    routes.push(
      route(`GET /chats/${chat.uuid}`, { body: chat }),
      route(`GET /chats/${chat.id}/messages`, { body: page(messages) }),
      route(`POST /chats/${chat.id}/read`, { body: chat }),
      route(`DELETE /chats/${chat.id}`, { status: 204 }),
      route(
        `POST /chats/${chat.id}/messages`,
        ({ init }) =>
          send?.() ?? {
            status: 201,
            body: makeChatMessage({
              id: 700,
              chatId: chat.id,
              senderId: me.id,
              message: (JSON.parse(String(init.body)) as { message: string }).message,
            }),
          },
      ),
    );
  }
  const fetch = mockFetch(routeTable(routes));
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "/chats/:id?",
        element: (
          <>
            <ChatsPage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: me.id,
    queryClient,
    readUserUuid: () => "session-1",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  return { ...fetch, socket };
}

const chatList = () => screen.getByRole("list", { name: "Conversas" });
const composer = () => screen.getByRole("textbox", { name: "Digite uma mensagem" });
const posts = (calls: string[], suffix: string) =>
  calls.filter((call) => call.startsWith("POST /chats/") && call.endsWith(suffix));

describe("internal chat screen (admin-operator §2.14)", () => {
  it("offers 'Nova' to admins only", async () => {
    renderChats({ me: admin, chats: [] });
    expect(await screen.findByRole("button", { name: "Nova" })).toBeInTheDocument();
    expect(await screen.findByText("Nenhum registro")).toBeInTheDocument();
  });

  it("does not offer 'Nova' to a user", async () => {
    renderChats({ me: agent, chats: [makeChat({ id: 1 })] });
    expect(await within(chatList()).findByText("Chat 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Nova" })).not.toBeInTheDocument();
  });

  it("shows edit and delete only on the chats I own", async () => {
    const mine = makeChat({ id: 1, title: "Minha", ownerId: 1 });
    const theirs = makeChat({ id: 2, title: "Alheia", ownerId: 7 });
    renderChats({ me: admin, chats: [mine, theirs] });
    expect(await screen.findByRole("button", { name: "Editar Minha" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Excluir Minha" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar Alheia" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir Alheia" })).not.toBeInTheDocument();
  });

  it("lists title, last message and my unread count; opening reads the chat", async () => {
    const chat = makeChat({ id: 3, title: "Suporte", lastMessage: "Tem alguém?", ownerId: 1 }, [
      [1, "Admin", 0],
      [7, "Ana", 2],
    ]);
    const { calls } = renderChats({
      me: agent,
      chats: [chat],
      messages: [
        makeChatMessage({ id: 1, chatId: 3, senderId: 1, message: "Olá equipe" }),
        makeChatMessage({ id: 2, chatId: 3, senderId: 7, message: "Oi!" }),
      ],
    });
    const row = await within(chatList()).findByRole("button", { name: /Suporte/ });
    expect(row).toHaveTextContent("Tem alguém?");
    expect(within(row).getByRole("status", { name: "2 mensagens não lidas" })).toBeVisible();

    const user = userEvent.setup();
    await user.click(row);
    expect(screen.getByTestId("where")).toHaveTextContent(`/chats/${chat.uuid}`);
    await waitFor(() => expect(posts(calls, "/read")).toEqual(["POST /chats/3/read"]));
    expect(within(row).queryByRole("status")).not.toBeInTheDocument();

    const log = await screen.findByRole("log", { name: "Mensagens" });
    const [theirs, mine] = within(log).getAllByRole("listitem");
    expect(theirs).toHaveTextContent("AdminOlá equipe");
    expect(theirs).not.toHaveAttribute("data-mine");
    expect(mine).toHaveTextContent("AnaOi!");
    expect(mine).toHaveAttribute("data-mine", "true");
  });

  it("sends with Enter or the button, never blank text", async () => {
    const chat = makeChat({ id: 4, title: "Geral" });
    const { calls, requests } = renderChats({
      me: admin,
      chats: [chat],
      path: `/chats/${chat.uuid}`,
    });
    const user = userEvent.setup();
    await screen.findByText("Nenhuma mensagem ainda.");
    const send = screen.getByRole("button", { name: "Enviar" });
    expect(send).toBeDisabled();

    await user.type(composer(), "   {Enter}");
    expect(posts(calls, "/messages")).toEqual([]);
    await user.clear(composer());
    await user.type(composer(), "Linha 1{Shift>}{Enter}{/Shift}Linha 2");
    expect(posts(calls, "/messages")).toEqual([]);
    expect(composer()).toHaveValue("Linha 1\nLinha 2");

    await user.keyboard("{Enter}");
    await waitFor(() => expect(posts(calls, "/messages")).toHaveLength(1));
    const sentBodies = () =>
      requests
        .filter((r) => r.url.pathname === "/chats/4/messages" && r.init.method === "POST")
        .map((r) => JSON.parse(String(r.init.body)) as unknown);
    expect(sentBodies()).toEqual([{ message: "Linha 1\nLinha 2" }]);
    expect(await within(screen.getByRole("log")).findByText(/Linha 1/)).toBeVisible();
    expect(composer()).toHaveValue("");

    await user.type(composer(), "  Pelo botão  ");
    await user.click(send);
    await waitFor(() => expect(posts(calls, "/messages")).toHaveLength(2));
    expect(sentBodies()[1]).toEqual({ message: "Pelo botão" });
  });

  it("offers a retry on the spot when sending fails, without an error toast", async () => {
    const chat = makeChat({ id: 5 });
    let fail = true;
    const { calls } = renderChats({
      me: admin,
      chats: [chat],
      path: `/chats/${chat.uuid}`,
      send: () =>
        fail
          ? { status: 500, body: { error: "ERR_INTERNAL", message: "boom" } }
          : { status: 201, body: makeChatMessage({ id: 800, chatId: 5, message: "De novo" }) },
    });
    const user = userEvent.setup();
    await screen.findByText("Nenhuma mensagem ainda.");
    await user.type(composer(), "De novo{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível enviar a mensagem.");
    expect(composer()).toHaveValue("De novo");
    expect(screen.queryByText("boom")).not.toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Tentar novamente" }));
    expect(await within(screen.getByRole("log")).findByText("De novo")).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(posts(calls, "/messages")).toHaveLength(2);
  });

  it("goes back to /chats when the open chat is deleted", async () => {
    const chat = makeChat({ id: 6, title: "Temporária" });
    const { socket } = renderChats({ me: agent, chats: [chat], path: `/chats/${chat.uuid}` });
    await screen.findByText("Nenhuma mensagem ainda.");
    act(() => socket.serverEmit(channels.chatUser(1, agent.id), { action: "delete", chatId: 6 }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/chats$/));
    expect(within(chatList()).queryByText("Temporária")).not.toBeInTheDocument();
  });

  it("lets an admin create a chat with a title and users, then opens it", async () => {
    const { requests } = renderChats({ me: admin, chats: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nova" }));
    const dialog = screen.getByRole("dialog", { name: "Nova conversa" });
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: "Título" }), "Plantão");
    await user.click(within(dialog).getByRole("combobox", { name: "Usuários" }));
    const options = await screen.findAllByRole("option");
    // Me excluded; each with its presence.
    expect(options.map((o) => o.textContent)).toEqual(["Ana", "Bia"]);
    expect(within(options[1]!).getByRole("img", { name: "Offline" })).toBeInTheDocument();
    await user.click(options[1]!);
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));

    await waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent(/^\/chats\/[0-9a-f-]{36}$/),
    );
    const created = requests.find((r) => r.init.method === "POST" && r.url.pathname === "/chats")!;
    expect(JSON.parse(String(created.init.body))).toEqual({
      title: "Plantão",
      users: [{ id: 8, name: "Bia" }],
    });
    expect(await within(chatList()).findByText("Plantão")).toBeInTheDocument();
  });

  it("deletes my chat after a confirmation", async () => {
    const chat = makeChat({ id: 9, title: "Antiga", ownerId: 1 });
    const { calls } = renderChats({ me: admin, chats: [chat] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Antiga" }));
    const confirm = screen.getByRole("dialog", { name: "Excluir a conversa Antiga?" });
    expect(confirm).toHaveTextContent("Deseja realmente excluir este registro?");
    await user.click(within(confirm).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(calls).toContain("DELETE /chats/9"));
    await waitFor(() => expect(within(chatList()).queryByText("Antiga")).not.toBeInTheDocument());
  });
});
