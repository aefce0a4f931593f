import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { ChannelRegistry } from "../../channels/channel.js";
import type { Db } from "../../db/client.js";
import { connections, contactListItems } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import { assertCampaignsAccess } from "../campaigns/campaigns.policy.js";
import type { ContactListsService } from "./contact-lists.service.js";

/** Items read and written per round (the adapter batches its own questions further). */
const CHUNK = 500;

/**
 * POST /contact-lists/:id/validate: a connected WhatsApp (Baileys) connection of the company
 * checks each item's number and stores isWhatsappValid. Another channel, or a connection that is
 * not connected (or whose session runs on another node), answers ERR_WAPP_NOT_INITIALIZED.
 */
export class ContactListChecks {
  constructor(
    private readonly db: Db,
    private readonly channels: ChannelRegistry,
    private readonly lists: ContactListsService,
  ) {}

  async validate(actor: Actor, listId: number, connectionId: number) {
    await assertCampaignsAccess(this.db, actor);
    const list = await this.lists.findList(actor.companyId, listId);
    const [connection] = await this.db
      .select()
      .from(connections)
      .where(and(eq(connections.id, connectionId), eq(connections.companyId, actor.companyId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    const adapter = this.channels.get(connection.channelType);
    if (!adapter?.checkNumbers || connection.status !== "CONNECTED") {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    }
    const result = { checked: 0, valid: 0, invalid: 0 };
    for (let lastId = 0; ;) {
      const items = await this.db
        .select({ id: contactListItems.id, number: contactListItems.number })
        .from(contactListItems)
        .where(and(eq(contactListItems.contactListId, list.id), gt(contactListItems.id, lastId)))
        .orderBy(asc(contactListItems.id))
        .limit(CHUNK);
      if (items.length === 0) break;
      lastId = items[items.length - 1]!.id;
      const found = await adapter.checkNumbers(
        connection,
        items.map((i) => i.number),
      );
      const valid = items.filter((i) => found.get(i.number)).map((i) => i.id);
      const invalid = items.filter((i) => !found.get(i.number)).map((i) => i.id);
      if (valid.length) {
        await this.db
          .update(contactListItems)
          .set({ isWhatsappValid: true })
          .where(inArray(contactListItems.id, valid));
      }
      if (invalid.length) {
        await this.db
          .update(contactListItems)
          .set({ isWhatsappValid: false })
          .where(inArray(contactListItems.id, invalid));
      }
      result.checked += items.length;
      result.valid += valid.length;
      result.invalid += invalid.length;
    }
    await this.lists.publishListById(list);
    return result;
  }
}
