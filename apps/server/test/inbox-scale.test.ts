/**
 * The inbox's list and search calls stay bounded as the history grows (issue #13). Plans are
 * checked with EXPLAIN ANALYZE on a company with 3,000 tickets and 9,000 messages: what matters
 * is how many rows a call reads, never how long it took.
 */
import { LIST_COUNT_LIMIT, PAGE_SIZE, ticketListQuerySchema } from "@atrium/shared";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOnlineIndexes, readOnlineIndexes } from "../src/db/online-indexes.js";
import { migrationsFolder } from "../src/db/client.js";
import { contacts, users } from "../src/db/schema/index.js";
import { countUpToQuery } from "../src/lib/sql.js";
import { COMMON_TRIGRAM, indexedPart, sampledTrigrams } from "../src/lib/trigrams.js";
import { actorFromUser, type Actor } from "../src/modules/auth/actor.js";
import {
  indexQuery,
  searchShape,
  tabIdsLimit,
  tabIdsQuery,
  walkQuery,
} from "../src/modules/tickets/tickets.list.js";
import { contactsWalkQuery } from "../src/modules/contacts/contacts.service.js";
import { ticketListWhere } from "../src/modules/tickets/tickets.scope.js";
import { ticketJsonTextsQuery } from "../src/modules/tickets/tickets.presenter.js";
import { tickets } from "../src/db/schema/index.js";
import {
  createConnection,
  createQueue,
  request,
  seedCompany,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";

const TICKETS = 3000;
const OPEN = 1500;
const PENDING = 60;

let server: TestServer;
let companyId: number;
let as: { admin: Session; member: Session };
let admin: Actor;
let member: Actor;
let queueId: number;

beforeAll(async () => {
  server = await startTestServer();
  const seed = await seedCompany(server);
  companyId = seed.company.id;
  queueId = seed.queue.id;
  as = seed.as;
  const [row] = await server.db.select().from(users).where(eq(users.id, seed.admin.id));
  admin = await actorFromUser(server.db, row!, "test");
  const [memberRow] = await server.db.select().from(users).where(eq(users.id, seed.member.id));
  member = await actorFromUser(server.db, memberRow!, "test");
  const otherQueue = await createQueue(server.db, companyId);
  const connection = await createConnection(server, companyId);
  const sql = server.database.executeSql;
  // Ticket g (1 = most recently updated) has contact g; 1..1500 open, then 300 pending, the rest
  // closed. Even tickets are in the member's queue and mention "garantia", odd ones in another
  // queue say "obrigado"; one old ticket, "reembolso".
  await sql(
    `insert into contacts (company_id, name, number)
     select $1, 'Cliente ' || lpad(g::text, 4, '0'), '55219' || lpad(g::text, 8, '0')
     from generate_series(1, ${TICKETS}) g`,
    [companyId],
  );
  await sql(
    `insert into tickets (company_id, protocol, status, contact_id, connection_id, queue_id, channel_type, updated_at, created_at)
     select $1, g, case when g <= ${OPEN} then 'open' when g <= ${OPEN + PENDING} then 'pending' else 'closed' end,
            c.id, $2, case when g % 2 = 0 then $3::int else $4::int end, 'WEB_CHAT',
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from (select id, row_number() over (order by id) as g from contacts where company_id = $1) c`,
    [companyId, connection.id, queueId, otherQueue.id],
  );
  await sql(
    `insert into messages (company_id, ticket_id, body, from_me, read, created_at)
     select $1, t.id,
            case m when 1 then 'Olá, mensagem ' || t.protocol
                   when 2 then case when t.protocol % 2 = 0 then 'sobre a garantia ' else 'obrigado ' end || t.protocol
                   else case when t.protocol = 2900 then 'Mensagem: quero o reembolso' else 'até logo ' || t.protocol end end,
            m = 2, true, t.created_at + (m || ' seconds')::interval
     from tickets t cross join generate_series(1, 3) m where t.company_id = $1`,
    [companyId],
  );
  // One attendance cycle per ticket: the presenter asks each page row whether a rating waits.
  await sql(
    `insert into ticket_tracking (company_id, ticket_id, queued_at, finished_at)
     select company_id, id, created_at, case when status = 'closed' then updated_at end
     from tickets where company_id = $1`,
    [companyId],
  );
  // What autovacuum does on its own: statistics, and the trigram indexes' pending lists merged.
  await sql("vacuum analyze contacts");
  await sql("vacuum analyze tickets");
  await sql("vacuum analyze messages");
  await sql("vacuum analyze ticket_tracking");
});
afterAll(async () => server?.close());

interface PlanNode {
  "Node Type": string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Heap Fetches"?: number;
  "Rows Removed by Filter"?: number;
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
}

/** EXPLAIN ANALYZE of a query builder, as the list of its plan nodes. */
async function explain(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const res = await server.database.executeSql(`explain (analyze, format json) ${sql}`, params);
  const cell = (res.rows[0] as Record<string, unknown>)["QUERY PLAN"];
  const [root] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const visit = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(visit);
  };
  visit(root.Plan);
  return nodes;
}

/** Rows a plan read from a table (every scan of it, every loop). */
const rowsRead = (nodes: PlanNode[], table: string) =>
  nodes
    .filter((n) => n["Relation Name"] === table)
    .reduce((sum, n) => sum + n["Actual Rows"] * n["Actual Loops"], 0);

const listQuery = (query: Record<string, string>) =>
  ticketListQuerySchema.parse({ pageNumber: "1", ...query });

async function list(session: Session, query: string) {
  const res = await request(server, session, "GET", `/tickets?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    tickets: { id: number; protocol: number; tags: { name: string }[] }[];
    count: number | null;
    hasMore: boolean;
  };
}

describe("tab counts", () => {
  it("are exact up to LIST_COUNT_LIMIT and stop there ('99+' in the badge)", async () => {
    const open = await list(as.admin, "status=open&showAll=true");
    expect(open.count).toBe(LIST_COUNT_LIMIT);
    expect(open.tickets).toHaveLength(PAGE_SIZE.tickets);
    expect(open.tickets[0]!.protocol).toBe(1);
    const pending = await list(as.admin, "status=pending&showAll=true");
    expect(pending.count).toBe(PENDING);
    // The queue member sees the queue's half of the pending tickets.
    const mine = await list(as.member, "status=pending");
    expect(mine.count).toBe(PENDING / 2);
    // Past the last page no row carries the count: it still comes.
    const beyond = await list(as.admin, "status=pending&showAll=true&pageNumber=50");
    expect(beyond.tickets).toEqual([]);
    expect(beyond.count).toBe(PENDING);
    expect(beyond.hasMore).toBe(false);
  });

  it("read at most LIST_COUNT_LIMIT rows; page and count come from one index scan", async () => {
    const where = ticketListWhere(admin, listQuery({ status: "open", showAll: "true" }));
    const count = await explain(countUpToQuery(server.db, tickets, where, LIST_COUNT_LIMIT));
    expect(rowsRead(count, "tickets")).toBeLessThanOrEqual(LIST_COUNT_LIMIT);
    // The first page's ids and its count: the tab's first LIST_COUNT_LIMIT tickets, one scan
    // of an index in the list's order (no sort, no second scan for the count).
    const first = { offset: 0, size: PAGE_SIZE.tickets };
    expect(tabIdsLimit(first)).toBe(LIST_COUNT_LIMIT);
    const page = await explain(tabIdsQuery(server.db, where, tabIdsLimit(first)));
    const reads = page.filter((n) => n["Relation Name"] === "tickets");
    expect(reads).toHaveLength(1);
    expect(reads[0]!["Node Type"]).toMatch(/Index/);
    expect(page.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(rowsRead(page, "tickets")).toBeLessThanOrEqual(LIST_COUNT_LIMIT);
    // A later page reads up to its own end.
    expect(tabIdsLimit({ offset: 200, size: PAGE_SIZE.tickets })).toBe(200 + PAGE_SIZE.tickets + 1);
  });

  it("a member's page and count read the tab's covering index alone, and present the page by id", async () => {
    // The member's Pending tab rejects the other queue's half of the pending tickets: tested on
    // the index entry (queue and user are in it), no ticket row read for them.
    const where = ticketListWhere(member, listQuery({ status: "pending" }));
    const first = { offset: 0, size: PAGE_SIZE.tickets };
    const page = await explain(tabIdsQuery(server.db, where, tabIdsLimit(first)));
    const reads = page.filter((n) => n["Relation Name"] === "tickets");
    expect(reads.map((n) => [n["Node Type"], n["Index Name"]])).toEqual([
      ["Index Only Scan", "tickets_tab_status"],
    ]);
    expect(reads.reduce((sum, n) => sum + (n["Heap Fetches"] ?? 0), 0)).toBe(0);
    // The page's JSON: a probe per ticket and per relation, never a scan of tickets or tracking.
    const ids = (await tabIdsQuery(server.db, where, 41)).map((r) => r.id);
    const json = await explain(ticketJsonTextsQuery(server.db, ids));
    expect(rowsRead(json, "tickets")).toBe(ids.length);
    expect(rowsRead(json, "ticket_tracking")).toBeLessThanOrEqual(ids.length);
    for (const table of ["tickets", "ticket_tracking", "contacts"])
      expect(
        json.filter((n) => n["Relation Name"] === table).map((n) => n["Node Type"]),
      ).not.toContain("Seq Scan");
  });
});

describe("a queue member's tab count", () => {
  it("stops at LIST_COUNT_LIMIT on the index the list is read from, not after every match", async () => {
    // A member's Pending-tab filters over the 1,500 open tickets: their queue or none, or theirs.
    const where = and(
      eq(tickets.companyId, companyId),
      eq(tickets.status, "open"),
      or(
        inArray(tickets.queueId, [queueId]),
        isNull(tickets.queueId),
        eq(tickets.userId, admin.id),
      ),
    );
    const order = [desc(tickets.updatedAt), desc(tickets.id)];
    const plan = await explain(countUpToQuery(server.db, tickets, where, LIST_COUNT_LIMIT, order));
    const visited = plan
      .filter((n) => n["Index Name"]?.startsWith("tickets_") || n["Relation Name"] === "tickets")
      .reduce(
        (sum, n) =>
          sum + (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * n["Actual Loops"],
        0,
      );
    expect(plan.map((n) => n["Node Type"])).not.toContain("Bitmap Index Scan");
    expect(visited).toBeLessThanOrEqual(3 * LIST_COUNT_LIMIT);
  });
});

describe("text search", () => {
  const filters = () => ticketListWhere(admin, listQuery({ showAll: "true" }));
  const page = { offset: 0, size: PAGE_SIZE.tickets };

  it("walks the newest tickets for a common word and stops at the page", async () => {
    const shape = await searchShape(server.db, companyId, "garantia", PAGE_SIZE.tickets + 1);
    expect(shape.walk).toBe(true);
    const plan = await explain(
      walkQuery(server.db, companyId, filters(), "garantia", page, shape.budget),
    );
    // Half the tickets match: about two pages of tickets and their messages, not 9,000 rows.
    expect(rowsRead(plan, "tickets")).toBeLessThanOrEqual(4 * (PAGE_SIZE.tickets + 1));
    expect(rowsRead(plan, "messages")).toBeLessThanOrEqual(4 * (PAGE_SIZE.tickets + 1));
  });

  it("takes a rare term from the trigram index", async () => {
    const shape = await searchShape(server.db, companyId, "reembolso", PAGE_SIZE.tickets + 1);
    expect(shape.walk).toBe(false);
    const plan = await explain(indexQuery(server.db, companyId, filters(), "reembolso", page));
    expect(plan.some((n) => n["Index Name"] === "messages_body_trgm")).toBe(true);
    expect(rowsRead(plan, "messages")).toBeLessThanOrEqual(5);
  });

  it("asks the trigram index for a rare term's rare part only", async () => {
    // "mensagem" is in a third of the messages: the index is asked for "reembolso", each
    // message it finds is checked for the whole term.
    const term = "mensagem: QUERO o reembolso";
    const frequency = await sampledTrigrams(server.db, "messages", "body");
    expect(frequency("men")).toBeGreaterThan(0.2);
    expect(frequency("bol")).toBeLessThan(COMMON_TRIGRAM);
    const indexed = indexedPart(term, frequency);
    expect(indexed).toBe("reembolso");
    const plan = await explain(indexQuery(server.db, companyId, filters(), term, page, indexed));
    const scan = plan.find((n) => n["Index Name"] === "messages_body_trgm") as
      (PlanNode & { "Index Cond"?: string }) | undefined;
    expect(scan?.["Index Cond"]).toMatch(/'%reembolso%'/);
    expect(rowsRead(plan, "messages")).toBeLessThanOrEqual(5);
    const ids = async (part: string) =>
      (await indexQuery(server.db, companyId, filters(), term, page, part)).map((r) => r.id);
    const [found] = await server.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.protocol, 2900)));
    expect(await ids(indexed)).toEqual([found!.id]);
    expect(await ids(term)).toEqual([found!.id]);
    // The part finds a superset; the whole term still decides: "reembolso" alone is no match.
    expect(
      (await indexQuery(server.db, companyId, filters(), "mensagem: reembolso", page, indexed))
        .length,
    ).toBe(0);
  });

  it("gives the same pages whichever shape answers", async () => {
    // Upper case and accents too: the walk folds case with lower() (containsFolded), the
    // index shape with ILIKE; both must find the same tickets.
    for (const term of [
      "garantia",
      "reembolso",
      "Cliente 01",
      "00002",
      "até logo 29",
      "ATÉ LOGO 29",
      "cLIENTE 01",
      "mensagem: quero o REEMBOLSO",
      "garantia 12",
    ]) {
      // The index shape as searchPage runs it: the index asked for the term's rare part.
      const part = indexedPart(term, await sampledTrigrams(server.db, "messages", "body"));
      for (const offset of [0, PAGE_SIZE.tickets]) {
        const p = { offset, size: PAGE_SIZE.tickets };
        const walked = await walkQuery(server.db, companyId, filters(), term, p, TICKETS);
        const indexed = await indexQuery(server.db, companyId, filters(), term, p, part);
        expect(
          walked.map((r) => r.id),
          `${term} @${offset}`,
        ).toEqual(indexed.map((r) => r.id));
      }
    }
  });

  it("answers through the API with the ticket of a rare term and pages of a common one", async () => {
    const rare = await list(as.admin, "searchParam=reembolso&showAll=true");
    expect(rare.tickets.map((t) => t.protocol)).toEqual([2900]);
    expect(rare.count).toBeNull();
    // A rare term with a common word in it: the index asked for "reembolso", the term checked.
    const phrase = encodeURIComponent("MENSAGEM: quero o reembolso");
    expect(
      (await list(as.admin, `searchParam=${phrase}&showAll=true`)).tickets.map((t) => t.protocol),
    ).toEqual([2900]);
    expect(
      (await list(as.admin, `searchParam=mensagem%3A%20reembolso&showAll=true`)).tickets,
    ).toEqual([]);
    const common = await list(as.admin, "searchParam=garantia&showAll=true&pageNumber=2");
    expect(common.tickets.map((t) => t.protocol)).toEqual(
      Array.from({ length: PAGE_SIZE.tickets }, (_, i) => 2 * (PAGE_SIZE.tickets + i + 1)),
    );
    expect(common.hasMore).toBe(true);
    // A queue member's search stays within what they may see: the even tickets.
    expect((await list(as.member, "searchParam=obrigado")).tickets).toEqual([]);
    const member = await list(as.member, "searchParam=garantia&pageNumber=2");
    expect(member.tickets.map((t) => t.protocol)).toEqual(common.tickets.map((t) => t.protocol));
  });
});

describe("ticket rows", () => {
  it("carry their tags by name, in a list page and in a search", async () => {
    const sql = server.database.executeSql;
    const made = (
      await sql(
        `insert into tags (company_id, name, color) values ($1, 'Zeta', '#111'), ($1, 'Alfa', '#222') returning id, name`,
        [companyId],
      )
    ).rows as { id: number; name: string }[];
    const [ticket] = (
      await sql(`select id from tickets where company_id = $1 and protocol = 1`, [companyId])
    ).rows as { id: number }[];
    for (const tag of made)
      await sql(`insert into ticket_tags (ticket_id, tag_id, company_id) values ($1, $2, $3)`, [
        ticket!.id,
        tag.id,
        companyId,
      ]);
    const tagsOf = (page: { tickets: { id: number; tags?: { name: string }[] }[] }) =>
      page.tickets.find((t) => t.id === ticket!.id)?.tags?.map((t) => t.name);
    expect(tagsOf(await list(as.admin, "status=open&showAll=true"))).toEqual(["Alfa", "Zeta"]);
    expect(tagsOf(await list(as.admin, "searchParam=Cliente%200001&showAll=true"))).toEqual([
      "Alfa",
      "Zeta",
    ]);
    const untagged = (await list(as.admin, "status=open&showAll=true")).tickets[1]!;
    expect(untagged.tags).toEqual([]);
  });
});

describe("contacts search", () => {
  it("finds by name or number fragment in name order; the answer is {contacts, hasMore}", async () => {
    const search = async (term: string) => {
      const res = await request(
        server,
        as.admin,
        "GET",
        `/contacts/?searchParam=${encodeURIComponent(term)}&pageNumber=1`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { contacts: { name: string }[]; hasMore: boolean };
      expect(Object.keys(body).sort()).toEqual(["contacts", "hasMore"]);
      return body;
    };
    const byName = await search("ente 012");
    expect(byName.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente 012${i}`),
    );
    expect(byName.hasMore).toBe(false);
    const byNumber = await search("0000299");
    expect(byNumber.contacts.map((c) => c.name)).toEqual([
      "Cliente 0299",
      ...Array.from({ length: 10 }, (_, i) => `Cliente 299${i}`),
    ]);
    const everyone = await search("Cliente");
    expect(everyone.contacts[0]!.name).toBe("Cliente 0001");
    expect(everyone.hasMore).toBe(true);
  });

  it("walks the contacts in name order from the index alone (no table row read, no sort)", async () => {
    await server.database.executeSql("vacuum contacts");
    const plan = await explain(
      contactsWalkQuery(server.db, eq(contacts.companyId, companyId), "cliente", 21, 0, 1000),
    );
    const walk = plan.find((n) => n["Relation Name"] === "contacts");
    expect(walk?.["Node Type"]).toBe("Index Only Scan");
    expect(walk?.["Index Name"]).toBe("contacts_name_walk");
    expect(walk?.["Heap Fetches"]).toBe(0);
    expect(plan.some((n) => n["Node Type"].includes("Sort"))).toBe(false);
  });

  it("finds a term common only at the end of the alphabet: the walk in name order gives up and the matches answer", async () => {
    const size = PAGE_SIZE.contacts;
    // 1,200 contacts that all sort after the 3,000 'Cliente …': a walk in name order from the
    // start meets none of them within its budget.
    await server.database.executeSql(
      `insert into contacts (company_id, name, number)
       select $1, 'Zélia Ferreira ' || lpad(g::text, 4, '0'), '55319' || lpad(g::text, 8, '0')
       from generate_series(1, 1200) g`,
      [companyId],
    );
    await server.database.executeSql(`analyze contacts`);
    // The walk (lower() LIKE) and ILIKE find the same contacts, whatever the case and accents.
    for (const term of ["ZÉLIA FERREIRA 00", "zélia ferreira 01", "élia"]) {
      const walked = await contactsWalkQuery(
        server.db,
        eq(contacts.companyId, companyId),
        term,
        10_000,
        0,
        10_000,
      );
      const { rows } = await server.database.executeSql(
        `select id from contacts where company_id = $1 and name ilike $2 order by name, id`,
        [companyId, `%${term}%`],
      );
      expect(
        walked.map((r) => r.id),
        term,
      ).toEqual((rows as { id: number }[]).map((r) => r.id));
      expect(walked.length, term).toBeGreaterThan(0);
    }
    const page = async (n: number) => {
      const res = await request(
        server,
        as.admin,
        "GET",
        `/contacts/?searchParam=ferrei&pageNumber=${n}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { contacts: { name: string }[]; hasMore: boolean };
    };
    const name = (i: number) => `Zélia Ferreira ${String(i).padStart(4, "0")}`;
    const first = await page(1);
    expect(first.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: size }, (_, i) => name(i + 1)),
    );
    expect(first.hasMore).toBe(true);
    const last = await page(1200 / size);
    expect(last.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: size }, (_, i) => name(1200 - size + i + 1)),
    );
    expect(last.hasMore).toBe(false);
    // Dense from the start ("Cliente"): the second page is the next names in order.
    const res = await request(
      server,
      as.admin,
      "GET",
      `/contacts/?searchParam=cliente&pageNumber=2`,
    );
    expect((res.json() as { contacts: { name: string }[] }).contacts.map((c) => c.name)).toEqual(
      Array.from({ length: size }, (_, i) => `Cliente ${String(size + i + 1).padStart(4, "0")}`),
    );
  });
});

describe("opening a ticket", () => {
  it("finds its unread messages through the small unread index", async () => {
    const [ticket] = (
      await server.database.executeSql(
        `select id from tickets where company_id = $1 and protocol = 1`,
        [companyId],
      )
    ).rows as { id: number }[];
    const res = await server.database.executeSql(
      `explain (format json) update messages set read = true where ticket_id = $1 and read = false and from_me = false`,
      [ticket!.id],
    );
    expect(JSON.stringify(res.rows[0])).toContain("messages_unread_inbound");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("online indexes (PostgreSQL)", () => {
  it("are built concurrently, and one a failed build left invalid is rebuilt", async () => {
    const sql = server.database.executeSql;
    const table = `online_${Date.now()}`;
    await sql(`create table ${table} (x int)`);
    await sql(`insert into ${table} values (1), (1)`);
    const index = {
      name: `${table}_x`,
      sql: `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ${table}_x ON ${table} (x)`,
    };
    await expect(sql(index.sql)).rejects.toThrow();
    const valid = async () =>
      (
        (
          await sql(
            `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1`,
            [index.name],
          )
        ).rows[0] as { valid: boolean } | undefined
      )?.valid;
    expect(await valid()).toBe(false);
    await sql(`delete from ${table}`);
    await buildOnlineIndexes("postgres", sql, [index]);
    expect(await valid()).toBe(true);
    await sql(`drop table ${table}`);
  });
});

describe("the tab indexes", () => {
  it("replace the ones they cover: built at start, the old ones retired after them", async () => {
    const { rows } = await server.database.executeSql(
      `select c.relname as name from pg_class c
        where c.relkind = 'i' and c.relnamespace = current_schema()::regnamespace
          and c.relname = any($1::text[]) order by c.relname`,
      [
        [
          "tickets_tab_status",
          "tickets_tab_queue",
          "tickets_tab_user",
          "tickets_company_id_status_updated_at_index",
          "tickets_company_id_queue_id_status_updated_at_index",
          "tickets_company_id_user_id_status_updated_at_index",
          "tickets_company_id_created_at_index",
          "ticket_tracking_company_id_finished_at_index",
          "contacts_company_id_name_index",
        ],
      ],
    );
    expect((rows as { name: string }[]).map((r) => r.name)).toEqual([
      "tickets_tab_queue",
      "tickets_tab_status",
      "tickets_tab_user",
    ]);
  });

  it("a retired index is dropped once, and a later start finds nothing to do", async () => {
    const sql = server.database.executeSql;
    const table = `retire_${Date.now()}`;
    await sql(`create table ${table} (x int)`);
    await sql(`create index ${table}_x on ${table} (x)`);
    const retire = readOnlineIndexes(migrationsFolder()).filter((i) => i.drop);
    expect(retire.length).toBeGreaterThanOrEqual(6);
    const drop = {
      name: `${table}_x`,
      sql: `DROP INDEX CONCURRENTLY IF EXISTS ${table}_x`,
      drop: true,
    };
    const kind = server.database.kind;
    const said: string[] = [];
    const log = (message: string) => said.push(message);
    await buildOnlineIndexes(kind, sql, [drop], log);
    const { rows } = await sql(`select 1 from pg_class where relname = $1`, [drop.name]);
    expect(rows).toEqual([]);
    await buildOnlineIndexes(kind, sql, [drop], log);
    // PostgreSQL checks first and drops only what is there (PGlite runs IF EXISTS as it is).
    if (kind === "postgres") expect(said).toEqual([`retiring index ${drop.name}…`]);
    await sql(`drop table ${table}`);
  });
});
