import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, contacts, tickets, ticketTracking, users } from "../src/db/schema/index.js";
import {
  createCompany,
  createUser,
  login,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

// ---------------------------------------------------------------- fixtures

/** A local time `offset` days from today (the dashboard reads periods in server time). */
const day = (offset: number, hours = 0, minutes = 0, seconds = 0, ms = 0) => {
  const now = new Date();
  return new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + offset,
    hours,
    minutes,
    seconds,
    ms,
  );
};

/** YYYY-MM-DD of the local day `offset` days from today. */
const ymd = (offset: number) => {
  const d = day(offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

let protocol = 0;

/** A company with an admin and two agents, and helpers that write rows with set timestamps. */
async function company() {
  const db = server.db;
  const row = await createCompany(db);
  const companyId = row.id;
  const admin = await createUser(db, { companyId, profile: "admin", name: "Zeca Admin" });
  const ana = await createUser(db, { companyId, name: "Ana" });
  const bruno = await createUser(db, { companyId, name: "Bruno" });
  const [connection] = await db
    .insert(connections)
    .values({ companyId, name: `Connection ${uid()}` })
    .returning();

  const contact = async () => {
    const [c] = await db
      .insert(contacts)
      .values({ companyId, name: `Contact ${uid()}`, number: `5511${uid()}` })
      .returning();
    return c!;
  };
  const ticket = async (
    contactId: number,
    opts: { status: "open" | "pending" | "closed"; createdAt: Date; updatedAt?: Date },
  ) => {
    const [t] = await db
      .insert(tickets)
      .values({
        companyId,
        protocol: ++protocol,
        contactId,
        connectionId: connection!.id,
        channelType: "BAILEYS",
        status: opts.status,
        createdAt: opts.createdAt,
        updatedAt: opts.updatedAt ?? opts.createdAt,
      })
      .returning();
    return t!;
  };
  /** One attendance cycle of a ticket. */
  const cycle = async (
    ticketId: number,
    userId: number,
    times: { queuedAt: Date | null; startedAt: Date | null; finishedAt: Date | null },
    rating: number | null = null,
  ) => {
    await db.insert(ticketTracking).values({ companyId, ticketId, userId, ...times, rating });
  };
  return {
    companyId,
    admin,
    ana,
    bruno,
    contact,
    ticket,
    cycle,
    as: { admin: await login(server, admin.email), ana: await login(server, ana.email) },
  };
}

interface Dashboard {
  supportPending: number;
  supportHappening: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  attendants: {
    id: number;
    name: string;
    rating: number;
    avgSupportTime: number;
    supportFinished: number;
    online: boolean;
  }[];
  ticketsByHour: number[];
}

async function dashboard(session: Session, query: string): Promise<Dashboard> {
  const res = await request(server, session, "GET", `/dashboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The attendants as [name, rating, avgSupportTime, supportFinished]. */
const attendants = (d: Dashboard) =>
  d.attendants.map((a) => [a.name, a.rating, a.avgSupportTime, a.supportFinished]);

/**
 * The hand-computed fixture. Finished cycles (minutes waited / supported, rating):
 *   1 Ana   two days ago      wait 5,  support 30, rating 3
 *   2 Ana   yesterday         wait 15, support 60, rating 2
 *   3 Bruno yesterday         wait 10, support 20, rating 1
 *   4 Bruno yesterday         zero durations (ignored by the averages), no rating
 *   5 Bruno yesterday         never started (ignored by the averages), no rating
 *   6 Ana   ten days ago      wait 30, support 60, rating 1
 *   7 Ana   today, unfinished (never counted)
 * Tickets (contact → tickets created): c1 1 two days ago; c2 2 yesterday (not a lead);
 * c3 1 yesterday, open, updated today 00:30; c4 1 ten days ago, pending; c5 1 yesterday,
 * pending, updated today 01:15; c6 1 ten days ago and 1 yesterday.
 */
async function seeded() {
  const s = await company();
  const [c1, c2, c3, c4, c5, c6] = await Promise.all(Array.from({ length: 6 }, s.contact));
  const t1 = await s.ticket(c1!.id, { status: "closed", createdAt: day(-2, 10) });
  const t2 = await s.ticket(c2!.id, { status: "closed", createdAt: day(-1, 9) });
  const t3 = await s.ticket(c2!.id, {
    status: "closed",
    createdAt: day(-1, 14),
    updatedAt: day(-1, 23, 30),
  });
  const t4 = await s.ticket(c3!.id, {
    status: "open",
    createdAt: day(-1, 8),
    updatedAt: day(0, 0, 30),
  });
  const t5 = await s.ticket(c4!.id, { status: "pending", createdAt: day(-10, 8) });
  await s.ticket(c5!.id, { status: "pending", createdAt: day(-1, 7), updatedAt: day(0, 1, 15) });
  await s.ticket(c6!.id, { status: "closed", createdAt: day(-10, 7) });
  await s.ticket(c6!.id, { status: "closed", createdAt: day(-1, 6) });

  const { ana, bruno } = s;
  await s.cycle(
    t1.id,
    ana.id,
    { queuedAt: day(-2, 10), startedAt: day(-2, 10, 5), finishedAt: day(-2, 10, 35) },
    3,
  );
  await s.cycle(
    t2.id,
    ana.id,
    { queuedAt: day(-1, 9), startedAt: day(-1, 9, 15), finishedAt: day(-1, 10, 15) },
    2,
  );
  await s.cycle(
    t3.id,
    bruno.id,
    { queuedAt: day(-1, 14), startedAt: day(-1, 14, 10), finishedAt: day(-1, 14, 30) },
    1,
  );
  await s.cycle(t2.id, bruno.id, {
    queuedAt: day(-1, 16),
    startedAt: day(-1, 16),
    finishedAt: day(-1, 16),
  });
  await s.cycle(t3.id, bruno.id, {
    queuedAt: day(-1, 17),
    startedAt: null,
    finishedAt: day(-1, 17, 30),
  });
  await s.cycle(
    t5.id,
    ana.id,
    { queuedAt: day(-10, 8), startedAt: day(-10, 8, 30), finishedAt: day(-10, 9, 30) },
    1,
  );
  await s.cycle(t4.id, ana.id, {
    queuedAt: day(0, 0, 10),
    startedAt: day(0, 0, 20),
    finishedAt: null,
  });
  await server.db.update(users).set({ online: true }).where(eq(users.id, ana.id));
  return s;
}

/** Another company whose figures must never show up in the first one's. */
async function noisyNeighbour() {
  const n = await company();
  const c = await n.contact();
  const t = await n.ticket(c.id, {
    status: "pending",
    createdAt: day(-1, 12),
    updatedAt: day(0, 1, 15),
  });
  await n.cycle(
    t.id,
    n.ana.id,
    { queuedAt: day(-1, 1), startedAt: day(-1, 5), finishedAt: day(-1, 12) },
    3,
  );
  return n;
}

// ---------------------------------------------------------------- tests

describe("dashboard, as an admin", () => {
  it("counts the last 7 days: finished cycles, averages without zero or missing durations, leads, attendants", async () => {
    const s = await seeded();
    await noisyNeighbour();
    const d = await dashboard(s.as.admin, "days=7");
    expect(d).toMatchObject({
      supportPending: 2,
      supportHappening: 1,
      supportFinished: 5,
      leads: 4, // c1, c3, c5 and c6 (one ticket in the period); c2 has two, c4's is older
      avgSupportTime: 36.7, // (30 + 60 + 20) / 3
      avgWaitTime: 10, // (5 + 15 + 10) / 3
    });
    expect(attendants(d)).toEqual([
      ["Ana", 2.5, 45, 2],
      ["Bruno", 1, 20, 3],
      ["Zeca Admin", 0, 0, 0],
    ]);
    expect(d.attendants.map((a) => a.online)).toEqual([true, false, false]);
    expect(d.attendants.map((a) => a.id)).toEqual([s.ana.id, s.bruno.id, s.admin.id]);
  });

  it("a longer period takes in older cycles and tickets", async () => {
    const s = await seeded();
    const d = await dashboard(s.as.admin, "days=15");
    expect(d).toMatchObject({
      supportPending: 2,
      supportHappening: 1,
      supportFinished: 6,
      leads: 4, // c1, c3, c4, c5; c2 and c6 have two tickets in the period
      avgSupportTime: 42.5, // (30 + 60 + 20 + 60) / 4
      avgWaitTime: 15, // (5 + 15 + 10 + 30) / 4
    });
    expect(attendants(d)[0]).toEqual(["Ana", 2, 50, 3]);
  });

  it("filters by dates, date_to inclusive through the end of its day", async () => {
    const s = await seeded();
    const yesterday = await dashboard(s.as.admin, `date_from=${ymd(-1)}&date_to=${ymd(-1)}`);
    expect(yesterday).toMatchObject({
      supportFinished: 4,
      leads: 3, // c3, c5 and c6 (one ticket that day); c2 has two
      avgSupportTime: 40, // (60 + 20) / 2
      avgWaitTime: 12.5, // (15 + 10) / 2
    });
    expect(attendants(yesterday)).toEqual([
      ["Ana", 2, 60, 1],
      ["Bruno", 1, 20, 3],
      ["Zeca Admin", 0, 0, 0],
    ]);
    // Only an end date: everything finished up to the end of that day.
    const upTo = await dashboard(s.as.admin, `date_to=${ymd(-2)}`);
    expect(upTo).toMatchObject({ supportFinished: 2, avgSupportTime: 45, avgWaitTime: 17.5 });
    // Only a start date: everything finished since its first instant.
    const since = await dashboard(s.as.admin, `date_from=${ymd(-1)}`);
    expect(since.supportFinished).toBe(4);
  });

  it("includes a cycle finished at 23:59:59.999 of date_to and excludes one at 00:00 the next day", async () => {
    const s = await company();
    const c = await s.contact();
    const t = await s.ticket(c.id, { status: "closed", createdAt: day(-5, 9) });
    await s.cycle(t.id, s.ana.id, {
      queuedAt: day(-4, 23, 0),
      startedAt: day(-4, 23, 10),
      finishedAt: day(-4, 23, 59, 59, 999),
    });
    await s.cycle(t.id, s.bruno.id, {
      queuedAt: day(-4, 23, 0),
      startedAt: day(-4, 23, 30),
      finishedAt: day(-3, 0, 0),
    });
    const d = await dashboard(s.as.admin, `date_from=${ymd(-4)}&date_to=${ymd(-4)}`);
    expect(d.supportFinished).toBe(1);
    expect(d.avgWaitTime).toBe(10);
    expect(attendants(d).map((a) => a[3])).toEqual([1, 0, 0]);
    const next = await dashboard(s.as.admin, `date_from=${ymd(-3)}&date_to=${ymd(-3)}`);
    expect(next.supportFinished).toBe(1);
    expect(next.avgWaitTime).toBe(30);
  });

  it("an empty period has zero figures; the pending and in-progress counters stay live", async () => {
    const s = await seeded();
    const d = await dashboard(s.as.admin, "date_from=2001-01-01&date_to=2001-01-31");
    expect(d).toMatchObject({
      supportPending: 2,
      supportHappening: 1,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
    });
    expect(attendants(d)).toEqual([
      ["Ana", 0, 0, 0],
      ["Bruno", 0, 0, 0],
      ["Zeca Admin", 0, 0, 0],
    ]);
  });

  it("a company with nothing yet answers all zeros", async () => {
    const s = await company();
    const d = await dashboard(s.as.admin, "days=3");
    expect(d).toEqual({
      supportPending: 0,
      supportHappening: 0,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
      attendants: expect.any(Array),
      ticketsByHour: new Array(24).fill(0),
    });
    expect(d.attendants.every((a) => a.supportFinished === 0 && a.rating === 0)).toBe(true);
  });

  it("counts today's tickets by hour of updatedAt: 01:00 first, 00:00 last", async () => {
    const s = await seeded();
    await noisyNeighbour();
    const d = await dashboard(s.as.admin, "days=3");
    const expected = new Array(24).fill(0);
    expected[0] = 1; // updated today at 01:15
    expected[23] = 1; // updated today at 00:30 (yesterday 23:30 is not today)
    expect(d.ticketsByHour).toEqual(expected);

    const c = await s.contact();
    await s.ticket(c.id, { status: "closed", createdAt: day(-3), updatedAt: day(0, 13, 59) });
    const later = await dashboard(s.as.admin, "days=3");
    expect(later.ticketsByHour[12]).toBe(1); // 13:00 is bucket 12
  });

  it("never counts another company's tickets or cycles", async () => {
    const s = await seeded();
    const n = await noisyNeighbour();
    const theirs = await dashboard(n.as.admin, "days=7");
    expect(theirs).toMatchObject({
      supportPending: 1,
      supportHappening: 0,
      supportFinished: 1,
      leads: 1,
      avgSupportTime: 420,
      avgWaitTime: 240,
    });
    expect(attendants(theirs)).toEqual([
      ["Ana", 3, 420, 1],
      ["Bruno", 0, 0, 0],
      ["Zeca Admin", 0, 0, 0],
    ]);
    expect(theirs.attendants.map((a) => a.id)).not.toContain(s.ana.id);
    const ticketsToday = theirs.ticketsByHour.reduce((a, b) => a + b, 0);
    expect(ticketsToday).toBe(1);
  });
});

describe("dashboard, several admins at once", () => {
  it("gives each company its own figures when their admins ask at the same moment, and a later call sees a change", async () => {
    const a = await company();
    const b = await company();
    await a.ticket((await a.contact()).id, { status: "pending", createdAt: day(0) });
    const other = await createUser(server.db, { companyId: a.companyId, profile: "admin" });
    const otherSession = await login(server, other.email);
    // Both companies' admins at once: identical keys but for the company.
    const [a1, a2, b1, b2] = await Promise.all([
      dashboard(a.as.admin, "days=7"),
      dashboard(otherSession, "days=7"),
      dashboard(b.as.admin, "days=7"),
      dashboard(b.as.admin, "days=7"),
    ]);
    expect(a1).toEqual(a2);
    expect(a1.supportPending).toBe(1);
    expect(a1.attendants.map((u) => u.id)).toContain(a.ana.id);
    expect(b1).toEqual(b2);
    expect(b1.supportPending).toBe(0);
    expect(b1.attendants.map((u) => u.id)).not.toContain(a.ana.id);
    await a.ticket((await a.contact()).id, { status: "pending", createdAt: day(0) });
    expect((await dashboard(a.as.admin, "days=7")).supportPending).toBe(2);
  });
});

describe("dashboard filter validation", () => {
  it("asks for a filter: 'Parametrize o filtro'", async () => {
    const s = await company();
    for (const query of ["", "days=&date_from=&date_to="]) {
      const res = await request(server, s.as.admin, "GET", `/dashboard?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "ERR_VALIDATION",
        message: "Parametrize o filtro",
      });
    }
  });

  it("refuses invalid dates, unknown periods and a start after the end", async () => {
    const s = await company();
    for (const query of [
      "date_from=2024-02-30",
      "date_to=2024-13-01",
      "date_from=01/02/2024",
      "date_from=yesterday",
      "days=5",
      "days=abc",
      "date_from=2024-03-02&date_to=2024-03-01",
    ]) {
      const res = await request(server, s.as.admin, "GET", `/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});

describe("dashboard, as a user", () => {
  it("is refused with ERR_NO_PERMISSION, whatever the filter", async () => {
    const s = await seeded();
    for (const query of ["days=7", ""]) {
      const res = await request(server, s.as.ana, "GET", `/dashboard?${query}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("is refused without a session", async () => {
    const res = await request(server, null, "GET", "/dashboard?days=7");
    expect(res.statusCode).toBe(401);
  });
});
