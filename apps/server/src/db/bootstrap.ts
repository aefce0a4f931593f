import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "@atrium/shared";
import type { Config } from "../config.js";
import { hashPassword } from "../lib/password.js";
import type { Logger } from "../lib/logger.js";
import type { Db, DbOrTx } from "./client.js";
import { companies, instances, plans, settings, users } from "./schema/index.js";

export const DEFAULT_PLAN_NAME = "Plano Padrão";
export const PLATFORM_COMPANY_NAME = "Atrium";

/** Inserts every default setting a company lacks. */
export async function ensureDefaultSettings(db: DbOrTx, companyId: number): Promise<void> {
  const rows = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ companyId, key, value }));
  await db.insert(settings).values(rows).onConflictDoNothing();
}

/**
 * First-run bootstrap: the platform company, a default plan, this node's instance, default
 * settings and the super admin. Idempotent: a restart changes nothing that exists.
 */
export async function bootstrap(
  db: Db,
  config: Pick<Config, "PUBLIC_URL" | "INSTANCE_ID" | "ADMIN_EMAIL" | "ADMIN_PASSWORD"> & {
    publicUrlSet?: boolean;
  },
  logger: Pick<Logger, "info" | "warn">,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialise concurrent first starts of several nodes.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);

    const [plan] = await tx
      .insert(plans)
      .values({
        name: DEFAULT_PLAN_NAME,
        userLimit: 10,
        queueLimit: 10,
        limitBaileys: 1,
        limitFacebook: 1,
        limitInstagram: 1,
        limitWhatsappBusiness: 1,
        limitWebChat: 1,
      })
      .onConflictDoNothing()
      .returning();
    const planId =
      plan?.id ?? (await tx.select().from(plans).where(eq(plans.name, DEFAULT_PLAN_NAME)))[0]?.id;

    let [instance] = await tx
      .select()
      .from(instances)
      .where(eq(instances.nodeId, config.INSTANCE_ID));
    if (!instance) {
      [instance] = await tx
        .insert(instances)
        .values({
          name: config.INSTANCE_ID,
          // Without a configured PUBLIC_URL clients stay on the origin they loaded the app
          // from (an empty address), whatever host name or IP they used to reach it.
          address: config.publicUrlSet === false ? "" : config.PUBLIC_URL,
          nodeId: config.INSTANCE_ID,
        })
        .returning();
    }

    let [platform] = await tx.select().from(companies).where(eq(companies.isPlatform, true));
    if (!platform) {
      [platform] = await tx
        .insert(companies)
        .values({
          name: PLATFORM_COMPANY_NAME,
          isPlatform: true,
          planId,
          instanceId: instance!.id,
          useType: "INTERNO",
        })
        .returning();
      logger.info({ companyId: platform!.id }, "created the platform company");
    }
    await ensureDefaultSettings(tx, platform!.id);

    const email = config.ADMIN_EMAIL.toLowerCase();
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email)));
    if (!admin) {
      const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString("base64url");
      await tx.insert(users).values({
        name: "Admin",
        email,
        passwordHash: await hashPassword(password),
        profile: "admin",
        super: true,
        companyId: platform!.id,
      });
      if (config.ADMIN_PASSWORD) {
        logger.info({ email }, "created the super admin from ADMIN_EMAIL / ADMIN_PASSWORD");
      } else {
        // Printed once, on the run that creates the account.
        const banner = `\n  Super admin created\n    email:    ${email}\n    password: ${password}\n  (shown only once; change it in the profile menu)\n`;
        process.stdout.write(banner);
      }
    }
  });
}
