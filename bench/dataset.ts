/**
 * The benchmark's company: N tickets over N/2 contacts, M messages each, one ticket of 200
 * messages, five queues, ten agents, one attendance cycle per ticket. Generated with set-based
 * SQL (generate_series) so 500,000 tickets / 5,000,000 messages take minutes, not hours, and
 * kept between runs: a company named after its size is reused when it exists.
 *
 * Values are spread with hashint4 (deterministic), so every run and every database get the
 * same data: "garantia" is in 10% of the messages, "reembolso" in 0.01%, 5% of tickets have no
 * queue. History is closed: among the newest 40,000 tickets 1/8 are open and 1/8 pending (a
 * backlog of about 5,000 each, whatever the size), everything older is closed.
 */
import { hashPassword } from "../apps/server/src/lib/password.js";
import type { ExecuteSql } from "../apps/server/src/db/client.js";

export const BENCH_PASSWORD = "bench123";
export const COMMON_WORD = "garantia";
export const RARE_WORD = "reembolso";
export const QUEUE_NAMES = ["Suporte", "Vendas", "Financeiro", "Cobrança", "Pós-venda"];

export interface Dataset {
  companyId: number;
  tickets: number;
  messages: number;
  adminEmail: string;
  /** A plain user in the first two queues. */
  userEmail: string;
  queueIds: number[];
  userQueueIds: number[];
  bigTicketId: number;
  /** 8 digits from the middle of a contact's number. */
  numberFragment: string;
  /** A surname fragment (about 1 contact in 40). */
  nameFragment: string;
  seeded: boolean;
  seedSeconds: number;
}

const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Daniel",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Karina",
  "Lucas",
  "Mariana",
  "Nicolas",
  "Olívia",
  "Pedro",
  "Quésia",
  "Rafael",
  "Sofia",
  "Thiago",
  "Úrsula",
  "Vitor",
  "Wesley",
  "Yasmin",
  "Zeca",
  "Beatriz",
  "Caio",
  "Débora",
  "Elisa",
  "Fábio",
  "Gustavo",
  "Helena",
  "Igor",
  "Júlia",
  "Leonardo",
  "Marcos",
  "Natália",
  "Otávio",
  "Paula",
  "Renata",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Moura",
  "Cavalcanti",
  "Batista",
];
const PHRASES = [
  "Olá, tudo bem?",
  "Bom dia, preciso de ajuda com meu pedido",
  "Boa tarde, qual o prazo de entrega?",
  "Obrigado pelo retorno",
  "Pode me enviar o boleto atualizado?",
  "Já fiz o pagamento via pix",
  "Quando chega a minha encomenda?",
  "Segue o comprovante",
  "Vou verificar e retorno em seguida",
  "Seu protocolo foi registrado",
  "Consegue confirmar o endereço de entrega?",
  "O produto veio com defeito",
  "Quero trocar o tamanho",
  "Meu cadastro está desatualizado",
  "Esqueci a minha senha",
  "Qual o valor do frete para o meu CEP?",
  "Pode emitir a nota fiscal?",
  "Aguardo o seu contato",
  "Perfeito, muito obrigado!",
  "Estamos analisando a sua solicitação",
  "O pedido saiu para entrega hoje",
  "Não recebi o código de rastreio",
  "Posso parcelar no cartão?",
  "Vou transferir para o setor responsável",
];

const arr = (items: string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]`;
/** A deterministic number in [0, 2^31) from an integer expression and a salt. */
const h = (expr: string, salt: number) =>
  `(hashint4((${expr}) * 7 + ${salt})::bigint & 2147483647)`;
/** One of the items, picked by a hash. */
const pick = (items: string[], expr: string, salt: number) =>
  `(${arr(items)})[(1 + ${h(expr, salt)} % ${items.length})::int]`;
/** The 8-digit tail of contact g's number: a bijection of g modulo 10^8. */
const numberTail = (g: string) =>
  `lpad(((${g})::bigint * 7919 + 1234567) % 100000000 || '', 8, '0')`;

/** The open/pending backlog lives among this many newest tickets. */
const RECENT = 40_000;

export function datasetName(tickets: number, perTicket: number): string {
  return `bench:v2:${tickets}x${perTicket}`;
}

/** Finds the dataset of this size, or seeds it. */
export async function ensureDataset(
  sql: ExecuteSql,
  tickets: number,
  perTicket: number,
  log: (line: string) => void,
): Promise<Dataset> {
  const name = datasetName(tickets, perTicket);
  const found = await sql(`select id from companies where name = $1`, [name]);
  let seedSeconds = 0;
  let seeded = false;
  if (!found.rows.length) {
    const t0 = Date.now();
    await seed(sql, tickets, perTicket, name, log);
    seedSeconds = (Date.now() - t0) / 1000;
    seeded = true;
  }
  return { ...(await describe(sql, name, tickets)), seeded, seedSeconds };
}

async function describe(sql: ExecuteSql, name: string, tickets: number) {
  const one = async <T>(text: string, values?: unknown[]) => (await sql(text, values)).rows[0] as T;
  const { id: companyId } = await one<{ id: number }>(`select id from companies where name = $1`, [
    name,
  ]);
  const queues = (await sql(`select id from queues where company_id = $1 order by id`, [companyId]))
    .rows as { id: number }[];
  const big = await one<{ id: number }>(
    `select ticket_id as id from messages where company_id = $1 and body like 'conversa longa %' limit 1`,
    [companyId],
  );
  const counts = await one<{ messages: string }>(
    `select count(*) as messages from messages where company_id = $1`,
    [companyId],
  );
  // A contact about a third of the way through: its number's 8-digit tail.
  const contact = await one<{ number: string }>(
    `select number from contacts where company_id = $1 order by id offset $2 limit 1`,
    [companyId, Math.floor(tickets / 6)],
  );
  return {
    companyId,
    tickets,
    messages: Number(counts.messages),
    adminEmail: `admin-${companyId}@bench.test`,
    userEmail: `user-${companyId}@bench.test`,
    queueIds: queues.map((q) => q.id),
    userQueueIds: queues.slice(0, 2).map((q) => q.id),
    bigTicketId: big.id,
    numberFragment: contact.number.slice(-9, -1),
    nameFragment: "ferrei",
  };
}

async function seed(
  sql: ExecuteSql,
  tickets: number,
  perTicket: number,
  name: string,
  log: (line: string) => void,
) {
  const contactsCount = Math.ceil(tickets / 2);
  const step = async (label: string, text: string, values?: unknown[]) => {
    const t = Date.now();
    const res = await sql(text, values);
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return res;
  };
  log(
    `seeding ${name}: ${tickets} tickets, ${contactsCount} contacts, ${perTicket} messages each…`,
  );
  const temp = `${name}:seeding:${Date.now()}`;
  const c = (
    (await sql(`insert into companies (name) values ($1) returning id`, [temp])).rows[0] as {
      id: number;
    }
  ).id;
  let dropped: { indexname: string; indexdef: string }[] = [];
  try {
    await sql(
      `insert into settings (company_id, key, value) select $1, key, value from settings where company_id = (select id from companies where is_platform limit 1)`,
      [c],
    );
    const conn = (
      await sql(
        `insert into connections (company_id, name, channel_type, status, is_default) values ($1, 'Bench', 'WEB_CHAT', 'CONNECTED', true) returning id`,
        [c],
      )
    ).rows[0] as { id: number };
    const queueIds: number[] = [];
    for (const [i, q] of QUEUE_NAMES.entries()) {
      const row = (
        await sql(`insert into queues (company_id, name, color) values ($1, $2, $3) returning id`, [
          c,
          q,
          `#${(0x224466 + i * 0x151515).toString(16)}`,
        ])
      ).rows[0] as { id: number };
      queueIds.push(row.id);
    }
    const hash = await hashPassword(BENCH_PASSWORD);
    const userIds: number[] = [];
    const addUser = async (email: string, profile: string, userName: string) => {
      const row = (
        await sql(
          `insert into users (name, email, password_hash, profile, company_id) values ($1, $2, $3, $4, $5) returning id`,
          [userName, email, hash, profile, c],
        )
      ).rows[0] as { id: number };
      return row.id;
    };
    await addUser(`admin-${c}@bench.test`, "admin", "Bench Admin");
    const plain = await addUser(`user-${c}@bench.test`, "user", "Bench User");
    userIds.push(plain);
    for (const q of queueIds.slice(0, 2))
      await sql(`insert into user_queues (user_id, queue_id, company_id) values ($1, $2, $3)`, [
        plain,
        q,
        c,
      ]);
    for (let i = 1; i < 10; i++)
      userIds.push(await addUser(`agent${i}-${c}@bench.test`, "user", `Agente ${i}`));

    // Bulk load: skip per-row FK triggers (the generator keeps the references right) and build
    // the big tables' secondary indexes once at the end instead of row by row.
    await sql(`set session_replication_role = replica`);
    await sql(`set maintenance_work_mem = '512MB'`);
    const indexes = (
      await sql(
        `select i.indexname, i.indexdef from pg_indexes i
           where i.schemaname = 'public' and i.tablename in ('contacts', 'tickets', 'messages', 'ticket_tracking')
             and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const ix of indexes) {
      await sql(`drop index "${ix.indexname}"`);
      dropped.push(ix);
    }

    await step(
      "contacts",
      `insert into contacts (company_id, name, number, channel_type, created_at, updated_at)
       select $1, ${pick(FIRST, "g", 1)} || ' ' || ${pick(LAST, "g", 2)},
              '55' || (11 + ${h("g", 3)} % 89) || '9' || ${numberTail("g")}, 'WEB_CHAT',
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, ${contactsCount}) g`,
      [c],
    );
    const firstContact = (
      (await sql(`select min(id) as id from contacts where company_id = $1`, [c])).rows[0] as {
        id: number;
      }
    ).id;
    // Ticket i (1 = most recently updated) belongs to contact (i-1) mod N/2: each contact has
    // a recent ticket, which may be open or pending when it is among the newest, and an older,
    // closed one.
    const status = `case when i > ${Math.min(contactsCount, RECENT)} then 'closed' else ${pick(["open", "pending", "closed", "closed", "closed", "closed", "closed", "closed"], "i", 4)} end`;
    await step(
      "tickets",
      `insert into tickets (company_id, protocol, status, contact_id, connection_id, queue_id, user_id, channel_type, last_message, unread_messages, updated_at, created_at)
       select $1, i, s.status, ${firstContact} + (i - 1) % ${contactsCount}, ${conn.id},
              case when ${h("i", 5)} % 20 = 0 then null else (array[${queueIds.join(",")}])[(1 + ${h("i", 6)} % ${queueIds.length})::int] end,
              case when s.status = 'pending' then null else (array[${userIds.join(",")}])[(1 + ${h("i", 7)} % ${userIds.length})::int] end,
              'WEB_CHAT', 'Obrigado pelo retorno', case when s.status = 'closed' then 0 else ${h("i", 8)} % 4 end,
              now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval - (${h("i", 9)} % 120 + ${perTicket} || ' minutes')::interval
       from generate_series(${tickets}, 1, -1) i cross join lateral (select ${status} as status) s`,
      [c],
    );
    await sql(`update companies set last_protocol = $2 where id = $1`, [c, tickets]);
    await step(
      "ticket_tracking",
      `insert into ticket_tracking (company_id, ticket_id, connection_id, user_id, queued_at, started_at, finished_at, finished_by_id, rating, rating_at, created_at, updated_at)
       select t.company_id, t.id, t.connection_id, t.user_id, t.created_at,
              case when t.status <> 'pending' then t.created_at + (${h("t.protocol", 10)} % 30 || ' minutes')::interval end,
              case when t.status = 'closed' then t.updated_at end,
              case when t.status = 'closed' then t.user_id end,
              case when t.status = 'closed' and ${h("t.protocol", 11)} % 3 = 0 then 1 + ${h("t.protocol", 12)} % 3 end,
              case when t.status = 'closed' and ${h("t.protocol", 11)} % 3 = 0 then t.updated_at end,
              t.created_at, t.updated_at
       from tickets t where t.company_id = $1`,
      [c],
    );
    if (perTicket > 0) {
      const k = `(t.protocol * ${perTicket} + m)`;
      await step(
        "messages",
        `insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, read, ack, created_at, updated_at)
         select t.company_id, t.id, case when m % 2 = 1 then t.contact_id end, t.connection_id,
                ${pick(PHRASES, k, 13)}
                  || case when ${h(k, 14)} % 10 = 0 then ' Sobre a ${COMMON_WORD} do produto.' else '' end
                  || case when ${h(k, 15)} % 10000 = 0 then ' Quero o ${RARE_WORD}.' else '' end
                  || case when ${h(k, 16)} % 5 = 0 then ' Pedido nº ' || (1000000 + ${h(k, 17)} % 9000000) else '' end,
                m % 2 = 0, true, 3,
                t.created_at + (m || ' minutes')::interval, t.created_at + (m || ' minutes')::interval
         from tickets t cross join generate_series(1, ${perTicket}) m where t.company_id = $1`,
        [c],
      );
    }
    const big = (
      await sql(`select id, contact_id from tickets where company_id = $1 and protocol = 1`, [c])
    ).rows[0] as { id: number; contact_id: number };
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, read, ack, created_at, updated_at)
       select $1, $2, case when m % 2 = 1 then $3::int end, $4, 'conversa longa ' || m, m % 2 = 0, true, 3,
              now() - ((400 - m) || ' minutes')::interval, now() - ((400 - m) || ' minutes')::interval
       from generate_series(1, ${200 - perTicket}) m`,
      [c, big.id, big.contact_id, conn.id],
    );
    for (const ix of indexes) await step(`index ${ix.indexname}`, ix.indexdef);
    dropped = [];
    await sql(`set session_replication_role = origin`);
    await sql(`update companies set name = $2 where id = $1`, [c, name]);
  } catch (err) {
    // Leave the database as it was: no half-seeded company, every index back.
    await sql(`set session_replication_role = origin`).catch(() => undefined);
    await sql(`delete from companies where id = $1`, [c]).catch(() => undefined);
    for (const ix of dropped)
      await sql(
        ix.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "),
      ).catch(() => undefined);
    throw err;
  }
  // Autovacuum would get there; the benchmark should not depend on when.
  await step("vacuum analyze", `vacuum analyze`);
}
