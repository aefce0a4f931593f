import { and, asc, eq } from "drizzle-orm";
import type { helpSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { helps } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";

type HelpRow = typeof helps.$inferSelect;
type HelpInput = z.output<typeof helpSchema>;

export function presentHelp(h: HelpRow) {
  return {
    id: h.id,
    title: h.title,
    description: h.description,
    video: h.video,
    version: h.version,
  };
}

/** Help videos: platform content for every company; super users manage them. */
export class HelpsService {
  constructor(private readonly db: Db) {}

  /** version "1" (default), "2" or "all". */
  async list(version: "1" | "2" | "all") {
    const rows = await this.db
      .select()
      .from(helps)
      .where(
        and(eq(helps.active, true), version === "all" ? undefined : eq(helps.version, version)),
      )
      .orderBy(asc(helps.version), asc(helps.id));
    return rows.map(presentHelp);
  }

  async get(id: number) {
    return presentHelp(await this.findRow(id));
  }

  async create(actor: Actor, input: HelpInput) {
    authorize(actor.super);
    const [row] = await this.db.insert(helps).values(input).returning();
    return presentHelp(row!);
  }

  async update(actor: Actor, id: number, input: HelpInput) {
    authorize(actor.super);
    await this.findRow(id);
    const [row] = await this.db.update(helps).set(input).where(eq(helps.id, id)).returning();
    return presentHelp(row!);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    authorize(actor.super);
    await this.findRow(id);
    await this.db.delete(helps).where(eq(helps.id, id));
  }

  private async findRow(id: number): Promise<HelpRow> {
    const [row] = await this.db.select().from(helps).where(eq(helps.id, id));
    if (!row) throw new AppError("ERR_NO_HELP_FOUND");
    return row;
  }
}
