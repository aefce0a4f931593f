/**
 * Customers writing in: web-chat visitors (the widget's HTTP calls, each visitor from its own
 * address) and Meta webhook calls signed with the app secret (WhatsApp Cloud, Messenger,
 * Instagram), one message per call. A send resolves when the server acknowledged it (2xx),
 * i.e. once the message is stored.
 */
import { createHmac } from "node:crypto";
import type { Http } from "./clients.js";
import type { Connection } from "./seed.js";

export interface Customer {
  label: string;
  connection: Connection;
  /** `id` is unique in the run (the provider's message id / the widget's client id). */
  send(body: string, id: string, phase: number): Promise<void>;
}

/** Visitor `v`'s address in `phase`: a fresh one per phase keeps each under the widget limits. */
const visitorIp = (v: number, phase: number) => `10.${phase}.${(v >> 8) & 255}.${v & 255}`;

async function visitor(
  http: Http,
  connection: Connection,
  v: number,
  runId: string,
): Promise<Customer> {
  const res = await http.request("POST", `/webchat/${connection.uuid}/session`, {
    headers: { "content-type": "application/json", "x-forwarded-for": visitorIp(v, 0) },
    body: JSON.stringify({ name: `Visitante ${runId}-${v}` }),
  });
  if (res.status !== 200) throw new Error(`visitor session → ${res.status} ${res.body}`);
  const { token } = JSON.parse(res.body) as { token: string };
  return {
    label: `web chat ${v}`,
    connection,
    async send(body, id, phase) {
      const reply = await http.request("POST", `/webchat/${connection.uuid}/messages`, {
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-forwarded-for": visitorIp(v, phase),
        },
        body: JSON.stringify({ body, clientId: id }),
      });
      if (reply.status !== 201) throw new Error(`web-chat message → ${reply.status} ${reply.body}`);
    },
  };
}

function metaPayload(c: Connection, contactId: string, body: string, mid: string) {
  const now = Date.now();
  if (c.channelType === "WHATSAPP_BUSINESS") {
    return {
      object: "whatsapp_business_account",
      entry: [
        {
          id: `waba-${c.routingId}`,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: c.routingId, display_phone_number: c.routingId },
                contacts: [{ wa_id: contactId, profile: { name: `Cliente ${contactId}` } }],
                messages: [
                  {
                    from: contactId,
                    id: mid,
                    timestamp: String(Math.floor(now / 1000)),
                    type: "text",
                    text: { body },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
  }
  return {
    object: c.channelType === "FACEBOOK" ? "page" : "instagram",
    entry: [
      {
        id: c.routingId,
        time: now,
        messaging: [
          {
            sender: { id: contactId },
            recipient: { id: c.routingId },
            timestamp: now,
            message: { mid, text: body },
          },
        ],
      },
    ],
  };
}

function metaCustomer(
  http: Http,
  connection: Connection,
  n: number,
  runId: string,
  appSecret: string,
): Customer {
  const contactId = `${runId}${String(n).padStart(4, "0")}`;
  return {
    label: `${connection.channelType} ${n}`,
    connection,
    async send(body, id) {
      const raw = JSON.stringify(metaPayload(connection, contactId, body, `m-${id}`));
      const signature = `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
      const reply = await http.request("POST", "/webhooks/meta", {
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body: raw,
      });
      if (reply.status !== 200) throw new Error(`Meta webhook → ${reply.status} ${reply.body}`);
    },
  };
}

/** `perConnection` customers on each connection: visitors on web chats, contacts on Meta. */
export async function customers(
  http: Http,
  connections: Connection[],
  perConnection: number,
  runId: string,
  appSecret: string,
): Promise<Customer[]> {
  const list: Customer[] = [];
  let n = 0;
  for (const connection of connections) {
    for (let i = 0; i < perConnection; i++, n++) {
      list.push(
        connection.channelType === "WEB_CHAT"
          ? await visitor(http, connection, n, runId)
          : metaCustomer(http, connection, n, runId, appSecret),
      );
    }
  }
  return list;
}
