import { channels, type ChatDTO } from "@atrium/shared";
import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { resetChatsDot, useChatsBadge } from "../hooks/useChatsUnread";
import { cacheNotified } from "../../../test/realtime";
import { chatsKeys } from "../api/chatsApi";
import { makeChat, makeChatMessage, page } from "../test/chatFixtures";
import { ChatsPopover } from "./ChatsPopover";

const me = makeUser({ id: 7, name: "Ana", profile: "user" });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The side menu's 'Chat Interno' entry dot, as the drawer reads it. */
function MenuDot() {
  return <p data-testid="menu-dot">{useChatsBadge() ? "dot" : "no dot"}</p>;
}

beforeEach(() => resetChatsDot());

function renderPopover(list: (search: string, pageNumber: number) => ChatDTO[], hasMore = false) {
  const { calls } = mockFetch({
    "GET /chats": ({ url }) => {
      const search = url.searchParams.get("searchParam") ?? "";
      const pageNumber = Number(url.searchParams.get("pageNumber"));
      return { body: page(list(search, pageNumber), hasMore && pageNumber === 1) };
    },
  });
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <ChatsPopover />
            <MenuDot />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ["/tickets"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <RouterProvider router={router} />
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
  return { calls, socket, queryClient };
}

const unread = (id: number, count: number, extra: Partial<ChatDTO> = {}) =>
  makeChat({ id, title: `Chat ${id}`, ...extra }, [
    [1, "Admin", 0],
    [7, "Ana", count],
  ]);

const dotButton = () => screen.getByRole("button", { name: /^Chat interno/, hidden: true });

describe("top-bar chats popover (agent-core §2)", () => {
  it("shows a dot while I have unread chats, cleared when the popover opens", async () => {
    const { socket } = renderPopover(() => [
      unread(1, 2, { lastMessage: "Reunião às 15h" }),
      unread(2, 0),
    ]);
    await waitFor(() =>
      expect(dotButton()).toHaveAccessibleName("Chat interno: há mensagens não lidas"),
    );
    expect(screen.getByTestId("menu-dot")).toHaveTextContent(/^dot$/);
    const user = userEvent.setup();
    await user.click(dotButton());
    expect(dotButton()).toHaveAccessibleName("Chat interno");
    // The 'Chat Interno' menu entry's dot clears with it.
    expect(screen.getByTestId("menu-dot")).toHaveTextContent("no dot");
    const popover = await screen.findByRole("dialog", { name: "Chat Interno" });
    expect(await within(popover).findByText("Reunião às 15h")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(dotButton()).toHaveAccessibleName("Chat interno");

    // A new message for me turns it on again.
    act(() =>
      socket.serverEmit(channels.chat(1), {
        action: "new-message",
        message: makeChatMessage({ chatId: 2, senderId: 1, message: "Oi" }),
        chat: unread(2, 1, { lastMessage: "Oi" }),
      }),
    );
    await waitFor(() =>
      expect(dotButton()).toHaveAccessibleName("Chat interno: há mensagens não lidas"),
    );
    expect(screen.getByTestId("menu-dot")).toHaveTextContent(/^dot$/);
  });

  it("has no dot without unread messages and says 'Nenhum registro' when empty", async () => {
    const { calls } = renderPopover(() => []);
    await waitFor(() => expect(calls).toContain("GET /chats?searchParam=&pageNumber=1"));
    expect(dotButton()).toHaveAccessibleName("Chat interno");
    await userEvent.setup().click(dotButton());
    const popover = await screen.findByRole("dialog", { name: "Chat Interno" });
    expect(await within(popover).findByText("Nenhum registro")).toBeVisible();
  });

  it("searches 500 ms after typing stops and opens a chat at /chats/{uuid}", async () => {
    const equipe = unread(3, 0, { title: "Equipe" });
    const { calls } = renderPopover((search) =>
      search ? [equipe] : [equipe, unread(4, 0, { title: "Vendas" })],
    );
    const user = userEvent.setup();
    await user.click(dotButton());
    const popover = await screen.findByRole("dialog", { name: "Chat Interno" });
    await within(popover).findByText("Vendas");
    await user.type(within(popover).getByRole("searchbox", { name: "Pesquisar conversas" }), "equ");
    expect(calls.filter((c) => c.includes("searchParam=equ"))).toEqual([]);
    // One search once typing stops: never one per letter.
    await waitFor(() =>
      expect(calls.filter((c) => c.includes("searchParam=e"))).toEqual([
        "GET /chats?searchParam=equ&pageNumber=1",
      ]),
    );
    await waitFor(() => expect(within(popover).queryByText("Vendas")).not.toBeInTheDocument());
    await user.click(within(popover).getByRole("button", { name: /Equipe/ }));
    expect(screen.getByTestId("where")).toHaveTextContent(`/chats/${equipe.uuid}`);
  });
});

describe("the /chats menu dot", () => {
  let queryClient = testQueryClient();
  function wrapper(chats: ChatDTO[]) {
    mockFetch({ "GET /chats": { body: page(chats) } });
    queryClient = testQueryClient();
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={fakeAuth(me)}>{children}</AuthContext.Provider>
      </QueryClientProvider>
    );
  }

  it("is on when any of my chats has unread messages", async () => {
    const { result } = renderHook(useChatsBadge, {
      wrapper: wrapper([unread(1, 0), unread(2, 3)]),
    });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it("is off when only others have unread messages", async () => {
    const others = makeChat({ id: 5 }, [
      [1, "Admin", 4],
      [7, "Ana", 0],
    ]);
    const { result } = renderHook(useChatsBadge, { wrapper: wrapper([others]) });
    // Once the chats are in the cache and the hook was told, it has decided.
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: chatsKeys.all })
          .map((q) => q.state.status),
      ).toContain("success"),
    );
    await act(cacheNotified);
    expect(result.current).toBe(false);
  });
});
