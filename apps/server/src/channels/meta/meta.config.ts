import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { connections, type ConnectionConfig } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { keepStoredSecret } from "../../modules/connections/connections.presenter.js";
import type { MetaChannel } from "./meta.map.js";

/** The id that routes a channel's webhooks to its connection. */
export const ROUTING_KEY: Record<MetaChannel, "pageId" | "instagramAccountId" | "phoneNumberId"> = {
  FACEBOOK: "pageId",
  INSTAGRAM: "instagramAccountId",
  WHATSAPP_BUSINESS: "phoneNumberId",
};

export function isMetaChannel(type: string): type is MetaChannel {
  return type in ROUTING_KEY;
}

/**
 * The config to store for a connection being created (`stored` undefined) or edited: the access
 * token sent as its mask (or left empty) keeps the stored one; Meta channels need their routing
 * id and a token, and the routing id may belong to one connection only (it decides the company
 * of every webhook).
 */
export async function resolveChannelConfig(
  db: DbOrTx,
  channelType: string,
  sent: ConnectionConfig,
  stored?: { id: number; config: ConnectionConfig },
): Promise<ConnectionConfig> {
  const config: ConnectionConfig = { ...sent };
  const accessToken = keepStoredSecret(sent.accessToken, stored?.config.accessToken);
  if (accessToken) config.accessToken = accessToken;
  else delete config.accessToken;
  if (!isMetaChannel(channelType)) return config;

  const key = ROUTING_KEY[channelType];
  const id = config[key]?.trim();
  const fields: Record<string, string> = {};
  if (!id) fields[`config.${key}`] = "Required";
  if (!config.accessToken) fields["config.accessToken"] = "Required";
  if (Object.keys(fields).length) {
    throw new AppError("ERR_VALIDATION", Object.values(fields)[0], fields);
  }
  config[key] = id;
  const [taken] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.channelType, channelType),
        sql`${connections.config}->>${key} = ${id}`,
        stored ? ne(connections.id, stored.id) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError("ERR_VALIDATION", "This id is already used by another connection", {
      [`config.${key}`]: "Already used by another connection",
    });
  }
  return config;
}
