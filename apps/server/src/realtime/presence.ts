import { and, eq, lt } from "drizzle-orm";
import { PRESENCE_OFFLINE_AFTER_MS } from "@atrium/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { presentUsers } from "../modules/users/users.presenter.js";
import type { Publisher } from "./publish.js";

/**
 * Online/offline of users. A user is online while their client announces itself (userStatus,
 * every 5 minutes); offline when their last socket closes or after missed announcements.
 */
export class Presence {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  async seen(userId: number): Promise<void> {
    const [before] = await this.db
      .select({ online: users.online })
      .from(users)
      .where(eq(users.id, userId));
    const [row] = await this.db
      .update(users)
      .set({ online: true, lastSeenAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (row && !before?.online) await this.announce([row]);
  }

  async offline(userId: number): Promise<void> {
    const rows = await this.db
      .update(users)
      .set({ online: false })
      .where(and(eq(users.id, userId), eq(users.online, true)))
      .returning();
    await this.announce(rows);
  }

  /** Marks offline everyone who stopped announcing; every node may run it, it is idempotent. */
  async sweep(now = Date.now()): Promise<number> {
    const rows = await this.db
      .update(users)
      .set({ online: false })
      .where(
        and(
          eq(users.online, true),
          lt(users.lastSeenAt, new Date(now - PRESENCE_OFFLINE_AFTER_MS)),
        ),
      )
      .returning();
    await this.announce(rows);
    return rows.length;
  }

  private async announce(rows: (typeof users.$inferSelect)[]): Promise<void> {
    for (const dto of await presentUsers(this.db, rows)) {
      this.publisher.userChanged(dto.companyId, "update", dto);
    }
  }
}
