import { and, eq, getTableColumns, inArray, sql, type Column, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Db, Tx } from "../db/client.js";
import type { Logger } from "../lib/logger.js";
import type { FileSigner } from "../lib/storage.js";
import {
  presentStoredText,
  type MessageDTO,
  type MessageRow,
} from "../modules/messages/messages.presenter.js";
import { contacts, messages, tickets } from "../db/schema/index.js";
import { ticketDTO, ticketJson, type TicketDTO } from "../modules/tickets/tickets.presenter.js";
import type { ContactRow, TicketRow } from "./channel.js";
import type { InboundEvent, ReplyWatch } from "./inbound.js";
import { lastMessageText } from "./outbound.js";

/** A text stored by a batch, with the presentations its events need (nothing read back). */
export interface BatchStored {
  message: MessageRow;
  messageDTO: MessageDTO;
  ticket: TicketRow;
  ticketDTO: TicketDTO;
  contact: ContactRow;
  /** It answers something sent to the contact (ReplyWatch.answering, once per batch). */
  answers?: boolean;
}

/** What became of an event sent to the batch: stored, or for the single path to handle. */
export type BatchOutcome = BatchStored | null;

interface Pending {
  event: InboundEvent;
  resolve(outcome: BatchOutcome): void;
}

/** The most events one transaction writes. */
const MAX_BATCH = 250;
/** Batches written at once (each on its own pooled connection). */
const MAX_IN_FLIGHT = 2;

/**
 * Whether an event may take the batch: a text (or a provider's own echo) of one contact, with
 * nothing the single path has to look up or create first. The batch itself then sends the
 * events whose contact or open/pending ticket does not exist yet to the single path.
 */
export function batchable(event: InboundEvent): boolean {
  return (
    !event.file &&
    !event.quotedProviderMessageId &&
    !event.from.isGroup &&
    !event.participant &&
    // Contacts without a number or visitor id share the empty number: the single path decides.
    Boolean(event.from.visitorId || event.from.number)
  );
}

/** One array parameter (`$n::int[]`): the statement's text stays the same for any batch size. */
const array = (values: unknown[], type: "int" | "text" | "boolean" | "bigint") =>
  sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** A to_jsonb() column: node-postgres parses it, PGlite under drizzle may hand over the text. */
type Json = Record<string, unknown> | string;

/** Each table's columns as to_jsonb() names them: [key, JSON name, column]. */
const jsonColumns = new WeakMap<Table, [string, string, Column][]>();

/** A table's row from its to_jsonb(), typed as drizzle would read it. */
function rowFromJson<T extends Table>(table: T, value: Json): T["$inferSelect"] {
  const json = (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
  let columns = jsonColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      toSnakeCase(column.name),
      column,
    ]);
    jsonColumns.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columns) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/** The contact's record differs from what the event says: the single path updates it. */
function contactChanges(contact: ContactRow, event: InboundEvent): boolean {
  const f = event.from;
  return Boolean(
    (f.profilePicUrl && f.profilePicUrl !== contact.profilePicUrl) ||
    (f.email && !contact.email) ||
    (f.bsuid && !contact.bsuid),
  );
}

/**
 * Group commit for the inbound pipeline's common case, a text into a contact's existing open or
 * pending ticket: the events that arrive while earlier batches are being written are written
 * together, in one transaction of five statements — the per-contact advisory locks (in one
 * order, so two nodes' batches cannot deadlock), the contacts and their tickets, one multi-row
 * insert (ON CONFLICT on the provider-id index: nothing twice) and one multi-row ticket update
 * that returns the tickets' JSON — and presented from those rows, without reading them back. The
 * caller (the pipeline) holds each contact's in-process lock, so a batch has at most one event
 * per contact and a contact's events are written in arrival order.
 *
 * An event the batch cannot store as it is (new contact, no open ticket, contact details to
 * update, duplicate) resolves to null and goes the single path; so does every event of a batch
 * whose transaction failed (one bad entry then fails alone there, the others are stored).
 */
export class InboundBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly signer: FileSigner,
    private readonly logger: Logger,
    private readonly replyWatch: () => ReplyWatch | undefined = () => undefined,
  ) {}

  submit(event: InboundEvent): Promise<BatchOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ event, resolve });
      this.kick();
    });
  }

  /** The next batch leaves after the current tick's arrivals, when a connection is free. */
  private kick(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight++;
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.db.transaction((tx) => this.write(tx, batch));
    } catch (err) {
      // One bad entry (or a lost race) spoils the whole statement: each event goes alone.
      this.logger.debug({ err, events: batch.length }, "inbound batch failed: one by one");
      outcomes = batch.map(() => null);
    } finally {
      this.inFlight--;
      this.kick();
    }
    await this.markAnswers(outcomes);
    batch.forEach((p, i) => p.resolve(outcomes[i] ?? null));
  }

  /** One lookup for the whole batch: which of its contacts' messages answer a campaign. */
  private async markAnswers(outcomes: BatchOutcome[]): Promise<void> {
    const watch = this.replyWatch();
    const stored = outcomes.filter((o): o is BatchStored => o !== null && !o.message.fromMe);
    if (!watch || stored.length === 0) return;
    try {
      const ids = await watch.answering(stored);
      for (const o of stored) o.answers = ids.has(o.message.id);
    } catch (err) {
      this.logger.warn({ err }, "reply lookup failed");
    }
  }

  private async write(tx: Tx, batch: Pending[]): Promise<BatchOutcome[]> {
    const events = batch.map((p) => p.event);
    await lockContacts(tx, events);
    const found = await findTickets(tx, events);
    // Which ticket each event goes to; a ticket twice in one batch: the later ones go alone.
    const planned: ((typeof found)[number] | undefined)[] = [];
    const claimed = new Set<number>();
    const ids = new Set<string>();
    const byKey = new Map<string, (typeof found)[number]>();
    for (const r of found) {
      if (r.contact.visitorId) byKey.set(`${r.t.connectionId}:v:${r.contact.visitorId}`, r);
      byKey.set(`${r.t.connectionId}:n:${r.contact.number}`, r);
    }
    for (const e of events) {
      const row = byKey.get(
        e.from.visitorId
          ? `${e.connectionId}:v:${e.from.visitorId}`
          : `${e.connectionId}:n:${e.from.number}`,
      );
      const id = `${e.connectionId}:${e.providerMessageId}`;
      const ok = row && !claimed.has(row.t.id) && !ids.has(id) && !contactChanges(row.contact, e);
      planned.push(ok ? row : undefined);
      if (ok) {
        claimed.add(row.t.id);
        ids.add(id);
      }
    }
    const toStore = events.flatMap((e, i) => (planned[i] ? [{ e, row: planned[i] }] : []));
    if (toStore.length === 0) return events.map(() => null);

    const stored = await storeTexts(tx, toStore);
    const byTicket = new Map(stored.map((w) => [w.ticket.id, w]));

    const outcomes = new Map<InboundEvent, BatchStored>();
    for (const { e, row } of toStore) {
      const written = byTicket.get(row.t.id);
      if (!written || written.message.providerMessageId !== e.providerMessageId) continue;
      const { ticket, dto, message } = written;
      const { contact } = row;
      outcomes.set(e, {
        message,
        messageDTO: presentStoredText(message, contact, this.signer),
        ticket,
        ticketDTO: dto,
        contact,
      });
    }
    return events.map((e) => outcomes.get(e) ?? null);
  }
}

/**
 * The contacts' advisory locks, the same the single path takes, in one order (connection, key
 * hash): two nodes' batches wait for each other instead of deadlocking.
 */
async function lockContacts(tx: Tx, events: InboundEvent[]): Promise<void> {
  const connectionIds = array(
    events.map((e) => e.connectionId),
    "int",
  );
  const keys = array(
    events.map((e) => e.from.visitorId ?? e.from.number),
    "text",
  );
  await tx.execute(sql`select pg_advisory_xact_lock(k.connection_id, k.key_hash)
    from (select distinct connection_id, hashtext(key) as key_hash
          from unnest(${connectionIds}, ${keys}) as v(connection_id, key)
          order by 1, 2 offset 0) as k`);
}

/**
 * The events' contacts (by visitor id, else by number, in the event's company) with their open
 * or pending ticket on the event's connection.
 */
function findTickets(tx: Tx, events: InboundEvent[]) {
  const companyIds = array(
    events.map((e) => e.companyId),
    "int",
  );
  const connectionIds = array(
    events.map((e) => e.connectionId),
    "int",
  );
  const visitorIds = array(
    events.map((e) => e.from.visitorId ?? null),
    "text",
  );
  const numbers = array(
    events.map((e) => e.from.number),
    "text",
  );
  return tx
    .select({ t: tickets, contact: contacts })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(
      and(
        inArray(tickets.status, ["open", "pending"]),
        sql`(${tickets.contactId}, ${tickets.connectionId}) in (
        select c.id, k.connection_id
        from unnest(${companyIds}, ${connectionIds}, ${visitorIds}, ${numbers})
          as k(company_id, connection_id, visitor_id, number)
        cross join lateral (
          select c.id from contacts c
          where k.visitor_id is not null and c.company_id = k.company_id
            and c.visitor_id = k.visitor_id
          union all
          select c.id from contacts c
          where k.visitor_id is null and c.company_id = k.company_id and c.number = k.number
          limit 1) as c)`,
      ),
    );
}

/**
 * One statement: the messages (ON CONFLICT on the provider-id index: a redelivery is left to
 * the single path, which answers it as the duplicate it is) and their tickets' last message and
 * unread count, returned side by side. Array parameters keep the text the same for any batch.
 */
async function storeTexts(
  tx: Tx,
  texts: { e: InboundEvent; row: { t: TicketRow; contact: ContactRow } }[],
) {
  const col = <T>(pick: (x: (typeof texts)[number]) => T) => texts.map(pick);
  const v = {
    companyIds: array(
      col(({ e }) => e.companyId),
      "int",
    ),
    ticketIds: array(
      col(({ row }) => row.t.id),
      "int",
    ),
    contactIds: array(
      col(({ row }) => row.contact.id),
      "int",
    ),
    connectionIds: array(
      col(({ e }) => e.connectionId),
      "int",
    ),
    providerIds: array(
      col(({ e }) => e.providerMessageId),
      "text",
    ),
    bodies: array(
      col(({ e }) => e.body),
      "text",
    ),
    mediaTypes: array(
      col(({ e }) => e.mediaType),
      "text",
    ),
    fromMe: array(
      col(({ e }) => e.fromMe),
      "boolean",
    ),
    timestamps: array(
      col(({ e }) => e.timestamp ?? Date.now()),
      "bigint",
    ),
    raws: array(
      col(({ e }) => (e.raw === undefined || e.raw === null ? null : JSON.stringify(e.raw))),
      "text",
    ),
    lastMessages: array(
      col(({ e }) => lastMessageText(e.body, e.mediaType)),
      "text",
    ),
  };
  const result = await tx.execute(sql`
    with v as (
      select * from unnest(${v.companyIds}, ${v.ticketIds}, ${v.contactIds}, ${v.connectionIds},
        ${v.providerIds}, ${v.bodies}, ${v.mediaTypes}, ${v.fromMe}, ${v.timestamps}, ${v.raws},
        ${v.lastMessages})
      as v(company_id, ticket_id, contact_id, connection_id, provider_message_id, body,
        media_type, from_me, message_timestamp, raw, last_message)
    ), inserted as (
      insert into messages (company_id, ticket_id, contact_id, connection_id,
        provider_message_id, body, media_type, from_me, read, ack, message_timestamp, raw)
      select company_id, ticket_id, contact_id, connection_id, provider_message_id, body,
        media_type, from_me, from_me, case when from_me then 1 else 0 end,
        message_timestamp, raw::jsonb
      from v
      on conflict do nothing
      returning *
    )
    update tickets
    set last_message = v.last_message,
      unread_messages = tickets.unread_messages + case when v.from_me then 0 else 1 end,
      updated_at = ${new Date().toISOString()}::timestamptz
    from inserted as i
    join v on v.connection_id = i.connection_id and v.provider_message_id = i.provider_message_id
    where tickets.id = i.ticket_id
    returning to_jsonb(tickets.*) as ticket, ${ticketJson} as dto, to_jsonb(i.*) as message`);
  const rows = (result as unknown as { rows: { ticket: Json; dto: Json; message: Json }[] }).rows;
  return rows.map((r) => ({
    ticket: rowFromJson(tickets, r.ticket),
    dto: ticketDTO(r.dto as string | TicketDTO),
    message: rowFromJson(messages, r.message),
  }));
}
