import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  connect,
  createUser,
  login,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  updatedAt: string;
  users: { userId: number; unreads: number; user: { id: number; name: string } }[];
}

interface ChatMessage {
  id: number;
  chatId: number;
  message: string;
  senderId: number;
  sender: { id: number; name: string };
  createdAt: string;
}

/** A company (admin, member, outsider) with a chat the admin opened with the member. */
async function withChat(title = "Plantão") {
  const s = await seedCompany(server);
  const res = await request(server, s.as.admin, "POST", "/chats", {
    title,
    users: [{ id: s.member.id, name: s.member.name }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...s, chat: res.json() as Chat };
}

const post = (session: Session, chat: { id: number | string }, message: string) =>
  request(server, session, "POST", `/chats/${chat.id}/messages`, { message });

const listChats = async (session: Session, query = "") => {
  const res = await request(server, session, "GET", `/chats?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { records: Chat[]; hasMore: boolean };
};

const unreads = (chat: Chat) =>
  Object.fromEntries(chat.users.map((u) => [u.userId, u.unreads])) as Record<number, number>;

describe("chats, as an admin", () => {
  it("creates a chat: the creator owns it and is a member with the picked users", async () => {
    const s = await withChat("Plantão de sábado");
    expect(s.chat).toMatchObject({
      title: "Plantão de sábado",
      ownerId: s.admin.id,
      lastMessage: "",
    });
    expect(s.chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.chat.users.map((u) => u.userId).sort()).toEqual([s.admin.id, s.member.id].sort());
    expect(s.chat.users.every((u) => u.unreads === 0)).toBe(true);
    expect(s.chat.users.find((u) => u.userId === s.member.id)?.user).toEqual({
      id: s.member.id,
      name: s.member.name,
    });
    for (const session of [s.as.admin, s.as.member]) {
      expect((await listChats(session)).records.map((c) => c.id)).toEqual([s.chat.id]);
    }
    expect((await listChats(s.as.outsider)).records).toEqual([]);
  });

  it("opens a chat by numeric id and by uuid", async () => {
    const s = await withChat();
    for (const ref of [s.chat.id, s.chat.uuid, s.chat.uuid.toUpperCase()]) {
      const res = await request(server, s.as.member, "GET", `/chats/${ref}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: s.chat.id, uuid: s.chat.uuid });
    }
    const bad = await request(server, s.as.member, "GET", "/chats/not-a-chat");
    expect(bad.statusCode).toBe(400);
    const unknown = await request(
      server,
      s.as.member,
      "GET",
      "/chats/00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("ERR_NO_CHAT_FOUND");
  });

  it("refuses members from another company, unknown users and an empty title", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const foreign = await request(server, s.as.admin, "POST", "/chats", {
      title: "Mixed",
      users: [{ id: s.member.id }, { id: other.member.id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_USER_FOUND");
    const unknown = await request(server, s.as.admin, "POST", "/chats", {
      title: "Ghost",
      users: [{ id: 2_000_000_000 }],
    });
    expect(unknown.statusCode).toBe(404);
    const untitled = await request(server, s.as.admin, "POST", "/chats", {
      title: "   ",
      users: [{ id: s.member.id }],
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({ error: "ERR_VALIDATION", message: "Required" });
    expect((await listChats(s.as.admin)).records).toEqual([]);
  });

  it("lists newest activity first, searches titles and pages", async () => {
    const s = await seedCompany(server);
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await request(server, s.as.admin, "POST", "/chats", {
        title: i === 3 ? "Financeiro" : `Equipe ${i}`,
        users: [{ id: s.member.id }],
      });
      ids.push(res.json().id);
    }
    const first = await listChats(s.as.member, "pageNumber=1");
    const second = await listChats(s.as.member, "pageNumber=2");
    expect(first.records).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...first.records, ...second.records].map((c) => c.id)).toEqual([...ids].reverse());

    // A message brings its chat to the top.
    await post(s.as.admin, { id: ids[0]! }, "olá");
    const top = (await listChats(s.as.member)).records[0]!;
    expect(top).toMatchObject({ id: ids[0], lastMessage: "olá" });

    const found = await listChats(s.as.member, "searchParam=financ");
    expect(found.records.map((c) => c.id)).toEqual([ids[3]]);
  });

  it("edits its chat: renames, adds and removes members, and stays a member itself", async () => {
    const s = await withChat();
    const res = await request(server, s.as.admin, "PUT", `/chats/${s.chat.uuid}`, {
      title: "Renamed",
      users: [{ id: s.outsider.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const chat = res.json() as Chat;
    expect(chat.title).toBe("Renamed");
    expect(chat.users.map((u) => u.userId).sort()).toEqual([s.admin.id, s.outsider.id].sort());
    expect((await request(server, s.as.member, "GET", `/chats/${s.chat.id}`)).statusCode).toBe(404);
    expect((await request(server, s.as.outsider, "GET", `/chats/${s.chat.id}`)).statusCode).toBe(
      200,
    );
    // Title only: the members stay as they are.
    const renamed = await request(server, s.as.admin, "PUT", `/chats/${s.chat.id}`, {
      title: "Again",
    });
    expect((renamed.json() as Chat).users).toHaveLength(2);
  });

  it("deletes its chat with its messages", async () => {
    const s = await withChat();
    await post(s.as.member, s.chat, "bom dia");
    const res = await request(server, s.as.admin, "DELETE", `/chats/${s.chat.id}`);
    expect(res.statusCode).toBe(204);
    for (const session of [s.as.admin, s.as.member]) {
      expect((await request(server, session, "GET", `/chats/${s.chat.id}`)).statusCode).toBe(404);
      expect((await listChats(session)).records).toEqual([]);
    }
  });
});

describe("chats, as a user", () => {
  it("cannot start a chat", async () => {
    const s = await seedCompany(server);
    for (const body of [{ title: "Mine", users: [{ id: s.admin.id }] }, {}]) {
      const res = await request(server, s.as.member, "POST", "/chats", body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("a member reads and writes but cannot edit or delete someone else's chat", async () => {
    const s = await withChat();
    expect((await post(s.as.member, s.chat, "oi")).statusCode).toBe(201);
    const put = await request(server, s.as.member, "PUT", `/chats/${s.chat.id}`, {
      title: "Hijacked",
      users: [],
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toBe("ERR_NO_PERMISSION");
    const del = await request(server, s.as.member, "DELETE", `/chats/${s.chat.uuid}`);
    expect(del.statusCode).toBe(403);
    const after = await request(server, s.as.admin, "GET", `/chats/${s.chat.id}`);
    expect(after.json()).toMatchObject({ title: s.chat.title });
    expect((after.json() as Chat).users).toHaveLength(2);
  });

  it("a colleague outside the chat finds nothing", async () => {
    const s = await withChat();
    await post(s.as.admin, s.chat, "segredo");
    const calls: [Parameters<typeof request>[2], string, unknown?][] = [
      ["GET", `/chats/${s.chat.id}`],
      ["GET", `/chats/${s.chat.uuid}`],
      ["GET", `/chats/${s.chat.id}/messages`],
      ["POST", `/chats/${s.chat.id}/messages`, { message: "posso entrar?" }],
      ["POST", `/chats/${s.chat.id}/read`, {}],
      ["PUT", `/chats/${s.chat.id}`, { title: "x" }],
      ["DELETE", `/chats/${s.chat.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await request(server, s.as.outsider, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe("ERR_NO_CHAT_FOUND");
    }
    const messages = await request(server, s.as.member, "GET", `/chats/${s.chat.id}/messages`);
    expect(messages.json().records.map((m: ChatMessage) => m.message)).toEqual(["segredo"]);
  });
});

describe("chats, a user of another company", () => {
  it("finds nothing, by id or uuid, even as an admin", async () => {
    const s = await withChat();
    const other = await seedCompany(server);
    for (const session of [other.as.admin, other.as.member]) {
      for (const ref of [s.chat.id, s.chat.uuid]) {
        for (const [method, url] of [
          ["GET", `/chats/${ref}`],
          ["GET", `/chats/${ref}/messages`],
          ["POST", `/chats/${ref}/messages`],
          ["PUT", `/chats/${ref}`],
          ["DELETE", `/chats/${ref}`],
        ] as const) {
          const body = method === "GET" || method === "DELETE" ? undefined : { message: "x" };
          const res = await request(server, session, method, url, body);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      expect((await listChats(session)).records).toEqual([]);
    }
  });
});

describe("chat messages", () => {
  it("count unread for the other members, not the sender; reading resets only the reader", async () => {
    const s = await withChat();
    const sent = await post(s.as.admin, s.chat, "  reunião às 15h  ");
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      chatId: s.chat.id,
      message: "reunião às 15h",
      senderId: s.admin.id,
      sender: { id: s.admin.id, name: s.admin.name },
    });
    await post(s.as.member, s.chat, "ok");
    await post(s.as.member, s.chat, "estarei lá");
    let chat = (await request(server, s.as.admin, "GET", `/chats/${s.chat.id}`)).json() as Chat;
    expect(unreads(chat)).toEqual({ [s.admin.id]: 2, [s.member.id]: 1 });
    expect(chat.lastMessage).toBe("estarei lá");

    // The body's userId is ignored: the reader is the caller.
    const read = await request(server, s.as.member, "POST", `/chats/${s.chat.uuid}/read`, {
      userId: s.admin.id,
    });
    expect(read.statusCode).toBe(200);
    expect(unreads(read.json())).toEqual({ [s.admin.id]: 2, [s.member.id]: 0 });
    chat = (await request(server, s.as.admin, "POST", `/chats/${s.chat.id}/read`, {})).json();
    expect(unreads(chat)).toEqual({ [s.admin.id]: 0, [s.member.id]: 0 });
  });

  it("refuses an empty or whitespace-only message", async () => {
    const s = await withChat();
    for (const message of ["", "   \n\t "]) {
      const res = await post(s.as.admin, s.chat, message);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", message: "Required" });
    }
    const missing = await request(server, s.as.admin, "POST", `/chats/${s.chat.id}/messages`, {});
    expect(missing.statusCode).toBe(400);
    const chat = (await request(server, s.as.member, "GET", `/chats/${s.chat.id}`)).json() as Chat;
    expect(unreads(chat)[s.member.id]).toBe(0);
  });

  it("pages history: page 1 holds the newest, each page oldest first", async () => {
    const s = await withChat();
    for (let i = 1; i <= 25; i++) await post(i % 2 ? s.as.admin : s.as.member, s.chat, `m${i}`);
    const page = async (n: number) => {
      const res = await request(
        server,
        s.as.member,
        "GET",
        `/chats/${s.chat.uuid}/messages?pageNumber=${n}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json() as { records: ChatMessage[]; hasMore: boolean };
    };
    const first = await page(1);
    expect(first.hasMore).toBe(true);
    expect(first.records.map((m) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(first.records[0]).toMatchObject({ senderId: s.member.id, sender: { id: s.member.id } });
    const second = await page(2);
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect((await page(3)).records).toEqual([]);
  });
});

describe("live chat events", () => {
  it("reach the members only: never a colleague outside the chat or another company", async () => {
    const s = await withChat();
    const other = await seedCompany(server);
    const c = s.company.id;
    const sockets = {
      admin: await connect(server, s.as.admin.token),
      member: await connect(server, s.as.member.token),
      outsider: await connect(server, s.as.outsider.token),
      foreign: await connect(server, other.as.admin.token),
    };
    try {
      const channels = [
        `company-${c}-chat`,
        `company-${c}-chat-${s.chat.id}`,
        `company-${c}-chat-user-${s.outsider.id}`,
        `company-${other.company.id}-chat`,
        `company-${other.company.id}-chat-${s.chat.id}`,
        `company-${other.company.id}-chat-user-${other.admin.id}`,
      ];
      const silent = (socket: (typeof sockets)["outsider"], control: Promise<unknown>) =>
        Promise.all(channels.map((ch) => collect(server, socket, ch, control))).then((all) =>
          all.flat(),
        );
      type NewMessage = { action: string; message: ChatMessage; chat: Chat };
      const member = nextEvent<NewMessage>(sockets.member, `company-${c}-chat`);
      const got = {
        member,
        memberRoom: nextEvent<NewMessage>(sockets.member, `company-${c}-chat-${s.chat.id}`),
        admin: nextEvent<NewMessage>(sockets.admin, `company-${c}-chat`),
        outsider: silent(sockets.outsider, member),
        foreign: silent(sockets.foreign, member),
      };
      await post(s.as.admin, s.chat, "só para a equipe");
      const event = await got.member;
      expect(event.action).toBe("new-message");
      expect(event.message).toMatchObject({ message: "só para a equipe", senderId: s.admin.id });
      expect(event.chat).toMatchObject({ id: s.chat.id, lastMessage: "só para a equipe" });
      expect(unreads(event.chat)[s.member.id]).toBe(1);
      expect((await got.memberRoom).action).toBe("new-message");
      expect((await got.admin).message.id).toBe(event.message.id);
      expect(await got.outsider).toEqual([]);
      expect(await got.foreign).toEqual([]);

      // Reading is announced to the members as an update with the new unread counts.
      const update = nextEvent<{ action: string; chat: Chat }>(sockets.admin, `company-${c}-chat`);
      const quiet = silent(sockets.outsider, update);
      await request(server, s.as.member, "POST", `/chats/${s.chat.id}/read`, {});
      expect(await update).toMatchObject({ action: "update" });
      expect(await quiet).toEqual([]);
    } finally {
      Object.values(sockets).forEach((socket) => socket.close());
    }
  });

  it("tell each member of a new chat on their own channel, and no one else", async () => {
    const s = await seedCompany(server);
    const c = s.company.id;
    const sockets = {
      member: await connect(server, s.as.member.token),
      outsider: await connect(server, s.as.outsider.token),
    };
    try {
      const created = nextEvent<{ action: string; chat: Chat }>(
        sockets.member,
        `company-${c}-chat-user-${s.member.id}`,
      );
      const quiet = collect(
        server,
        sockets.outsider,
        `company-${c}-chat-user-${s.outsider.id}`,
        created,
      );
      const res = await request(server, s.as.admin, "POST", "/chats", {
        title: "Novo",
        users: [{ id: s.member.id }],
      });
      expect(await created).toMatchObject({ action: "create", chat: { id: res.json().id } });
      expect(await quiet).toEqual([]);
    } finally {
      Object.values(sockets).forEach((socket) => socket.close());
    }
  });

  it("an edit tells removed members to drop the chat and added ones to show it", async () => {
    const s = await withChat();
    const c = s.company.id;
    const colleague = await createUser(server.db, { companyId: c });
    const colleagueSession = await login(server, colleague.email);
    const sockets = {
      member: await connect(server, s.as.member.token),
      outsider: await connect(server, s.as.outsider.token),
      colleague: await connect(server, colleagueSession.token),
    };
    try {
      const removed = nextEvent(sockets.member, `company-${c}-chat-user-${s.member.id}`);
      const removedRoom = nextEvent(sockets.member, `company-${c}-chat-${s.chat.id}`);
      const added = nextEvent<{ action: string; chat: Chat }>(
        sockets.outsider,
        `company-${c}-chat-user-${s.outsider.id}`,
      );
      const bystander = collect(server, sockets.colleague, `company-${c}-chat`, added);
      await request(server, s.as.admin, "PUT", `/chats/${s.chat.id}`, {
        title: s.chat.title,
        users: [{ id: s.outsider.id }],
      });
      expect(await removed).toEqual({ action: "delete", chatId: s.chat.id });
      expect(await removedRoom).toEqual({ action: "delete", chatId: s.chat.id });
      expect(await added).toMatchObject({ action: "create", chat: { id: s.chat.id } });
      expect(await bystander).toEqual([]);
    } finally {
      Object.values(sockets).forEach((socket) => socket.close());
    }
  });

  it("a deleted chat is dropped by its members", async () => {
    const s = await withChat();
    const c = s.company.id;
    const sockets = {
      member: await connect(server, s.as.member.token),
      outsider: await connect(server, s.as.outsider.token),
    };
    try {
      const gone = nextEvent(sockets.member, `company-${c}-chat-user-${s.member.id}`);
      const goneRoom = nextEvent(sockets.member, `company-${c}-chat-${s.chat.id}`);
      const quiet = collect(server, sockets.outsider, `company-${c}-chat-${s.chat.id}`, goneRoom);
      await request(server, s.as.admin, "DELETE", `/chats/${s.chat.id}`);
      expect(await gone).toEqual({ action: "delete", chatId: s.chat.id });
      expect(await goneRoom).toEqual({ action: "delete", chatId: s.chat.id });
      expect(await quiet).toEqual([]);
    } finally {
      Object.values(sockets).forEach((socket) => socket.close());
    }
  });
});
