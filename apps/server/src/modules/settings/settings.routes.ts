import { and, asc, eq } from "drizzle-orm";
import {
  can,
  DEFAULT_SETTINGS,
  msg,
  SETTING_VALUES,
  TEXT_MAX,
  type SettingKey,
} from "@atrium/shared";
import { z } from "zod";
import type { AppContext, AppInstance } from "../../app.js";
import { settings } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { planOffersCampaignsTo } from "../campaigns/campaigns.policy.js";
import { authorize } from "../users/users.policy.js";

const settingKey = z.object({ key: z.string().min(1).max(100) });

export async function settingsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get("/settings", async (request) =>
    ctx.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.companyId, request.actor.companyId))
      .orderBy(asc(settings.key)),
  );

  app.put(
    "/settings/:key",
    {
      schema: {
        params: settingKey,
        body: z.object({ value: z.string().max(TEXT_MAX.settingValue, msg.tooLong) }),
      },
    },
    async (request) => {
      authorize(can(request.actor, "settings:manage"));
      const { key } = request.params;
      // Only the settings the product knows (and honours) can be written.
      if (!Object.hasOwn(DEFAULT_SETTINGS, key)) {
        throw new AppError("ERR_VALIDATION", `Unknown setting ${key}`, { key: "Unknown setting" });
      }
      const allowed = SETTING_VALUES[key as SettingKey];
      if (allowed && !allowed.includes(request.body.value)) {
        throw new AppError("ERR_VALIDATION", `Invalid value for ${key}`, {
          value: "Invalid value",
        });
      }
      const companyId = request.actor.companyId;
      // Campaigns can be switched on only by a company whose plan offers them.
      if (key === "campaignsEnabled" && !(await planOffersCampaignsTo(ctx.db, companyId))) {
        throw new AppError("ERR_CAMPAIGNS_DISABLED");
      }
      const [row] = await ctx.db
        .insert(settings)
        .values({ companyId, key, value: request.body.value })
        .onConflictDoUpdate({
          target: [settings.companyId, settings.key],
          set: { value: request.body.value },
        })
        .returning();
      const setting = { key: row!.key, value: row!.value };
      ctx.publisher.settingChanged(companyId, setting);
      return setting;
    },
  );

  app.get("/settings/:key", { schema: { params: settingKey } }, async (request) => {
    const [row] = await ctx.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(
        and(eq(settings.companyId, request.actor.companyId), eq(settings.key, request.params.key)),
      );
    if (!row) throw new AppError("ERR_NO_SETTING_FOUND");
    return row;
  });
}
