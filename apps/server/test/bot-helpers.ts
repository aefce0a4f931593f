import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { connectionQueues, messages, tickets } from "../src/db/schema/index.js";
import { multipart, type UploadFile } from "./admin-helpers.js";
import {
  createConnection,
  eventually,
  inbound,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

/** A web-chat connection serving the given queues (in that order). */
export async function connectionWithQueues(
  server: TestServer,
  companyId: number,
  queueIds: number[],
  overrides: Parameters<typeof createConnection>[2] = {},
) {
  const connection = await createConnection(server, companyId, {
    greetingMessage: "Olá {nome}!",
    ...overrides,
  });
  if (queueIds.length) {
    await server.db
      .insert(connectionQueues)
      .values(queueIds.map((queueId) => ({ connectionId: connection.id, queueId, companyId })));
  }
  return connection;
}

const ticketsSeen = new Set<number>();

/**
 * Waits until every bot message of the file's conversations went through its delivery job, so
 * no job is still running when the server closes its database.
 */
export async function deliveriesSettled(server: TestServer): Promise<void> {
  const ids = [...ticketsSeen];
  if (!ids.length) return;
  await eventually(async () => {
    const waiting = await server.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          inArray(messages.ticketId, ids),
          eq(messages.fromMe, true),
          isNull(messages.providerMessageId),
        ),
      )
      .limit(1);
    return waiting.length === 0;
  }, 10_000);
}

/** One contact talking to a connection through the real inbound pipeline. */
export function contactOf(
  server: TestServer,
  connection: { id: number; companyId: number; channelType: string },
) {
  const number = `55119${Date.now().toString().slice(-6)}${uid().slice(0, 3)}`;
  let ticketId = 0;
  return {
    number,
    get ticketId() {
      return ticketId;
    },
    /** The contact writes; answers once the bot has reacted (hooks run before receive resolves). */
    async says(body: string, id?: string) {
      const result = await inbound(server, connection, { number, body, id });
      ticketId = result.ticket.id;
      ticketsSeen.add(ticketId);
      return result;
    },
    /** Everything sent to the contact in the current ticket, oldest first. */
    async botMessages() {
      return server.db
        .select()
        .from(messages)
        .where(eq(messages.ticketId, ticketId))
        .orderBy(asc(messages.id))
        .then((rows) => rows.filter((m) => m.fromMe));
    },
    async lastBotText() {
      const sent = await this.botMessages();
      return sent.at(-1)?.body ?? "";
    },
    async ticket() {
      const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticketId));
      return row!;
    },
  };
}

/** Adds a queue option through the admin API (multipart, like the options tree editor). */
export async function addOption(
  server: TestServer,
  admin: Session,
  fields: Record<string, string | number | boolean>,
  files: UploadFile[] = [],
) {
  const res = await multipart(server, admin, "POST", "/queue-options", { fields, files });
  if (res.statusCode !== 200 && res.statusCode !== 201) {
    throw new Error(`option not created: ${res.statusCode} ${res.body}`);
  }
  return res.json() as { id: number; option: number; title: string };
}

const WEEKDAYS = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;

/** Working hours that are closed at any time of any day (every day 00:00 to 00:00). */
export const alwaysClosed = WEEKDAYS.map(([weekday, weekdayEn]) => ({
  weekday,
  weekdayEn,
  startTime: "00:00",
  endTime: "00:00",
}));
