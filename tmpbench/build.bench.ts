import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql, eq } from "drizzle-orm";
import * as schema from "../apps/server/src/db/schema/index.js";
import { pageAndCountQuery } from "../apps/server/src/modules/tickets/tickets.list.js";
import { ticketListWhere } from "../apps/server/src/modules/tickets/tickets.scope.js";
const db = drizzle(new pg.Pool({}), { schema, casing: "snake_case" }) as any;
const actor = { id: 2, name: "a", profile: "admin", super: false, companyId: 2, homeCompanyId: 2, queueIds: [1,2,3,4,5], sessionId: "x" } as any;
const q = { pageNumber: 1, showAll: true, queueIds: [1,2,3,4,5,0], searchTab: "open", status: "open", searchParam: "", users: [], tags: [] } as any;
function time(label: string, fn: () => unknown, n = 5000) {
  for (let i = 0; i < 500; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(label, ((performance.now() - t0) / n * 1000).toFixed(1), "µs");
}
time("trivial select", () => db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, 1)).toSQL());
time("where only", () => ticketListWhere(actor, q));
time("tabs list build", () => pageAndCountQuery(db, ticketListWhere(actor, q), { offset: 0, size: 40 }).toSQL());
time("companyRef build", () => db.select({ company: schema.companies, instance: schema.instances, plan: schema.plans }).from(schema.companies).leftJoin(schema.instances, eq(schema.instances.id, schema.companies.instanceId)).leftJoin(schema.plans, eq(schema.plans.id, schema.companies.planId)).where(eq(schema.companies.id, 2)).toSQL());
process.exit(0);
