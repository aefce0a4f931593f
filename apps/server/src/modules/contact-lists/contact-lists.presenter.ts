import { inArray, sql } from "drizzle-orm";
import type { ContactListDTO, ContactListItemDTO } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { contactListItems, type contactLists } from "../../db/schema/index.js";

type ListRow = typeof contactLists.$inferSelect;
type ItemRow = typeof contactListItems.$inferSelect;

/** Lists with their item counts (one grouped query for the page). */
export async function presentContactLists(db: DbOrTx, rows: ListRow[]): Promise<ContactListDTO[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      listId: contactListItems.contactListId,
      items: sql<number>`count(*)`.mapWith(Number),
      checked: sql<number>`count(${contactListItems.isWhatsappValid})`.mapWith(Number),
      valid: sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid})`.mapWith(
        Number,
      ),
    })
    .from(contactListItems)
    .where(
      inArray(
        contactListItems.contactListId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(contactListItems.contactListId);
  return rows.map((r) => {
    const c = counts.find((x) => x.listId === r.id);
    return {
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      itemsCount: c?.items ?? 0,
      // null until some item of the list was checked on WhatsApp.
      validCount: c && c.checked > 0 ? c.valid : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function presentContactList(db: DbOrTx, row: ListRow): Promise<ContactListDTO> {
  return (await presentContactLists(db, [row]))[0]!;
}

export function presentContactListItem(row: ItemRow): ContactListItemDTO {
  return {
    id: row.id,
    contactListId: row.contactListId,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    createdAt: row.createdAt.toISOString(),
  };
}
