import { eq } from "drizzle-orm";
import type { WorkingHoursEntry } from "@atrium/shared";
import type { Db } from "../../db/client.js";
import { companies, plans } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";
import { companiesPolicy } from "./companies.policy.js";
import { presentCompany, type CompanyDTO } from "./companies.presenter.js";

export class CompaniesService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  async get(actor: Actor, id: number): Promise<CompanyDTO> {
    if (!companiesPolicy.canRead(actor, id)) throw new AppError("ERR_NO_COMPANY_FOUND");
    const [row] = await this.db
      .select({ company: companies, plan: plans })
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, id));
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    return presentCompany(row.company, row.plan);
  }

  /** The company's working hours (used when the scheduleType setting is "company"). */
  async updateSchedules(
    actor: Actor,
    id: number,
    schedules: WorkingHoursEntry[],
  ): Promise<CompanyDTO> {
    if (!companiesPolicy.canRead(actor, id)) throw new AppError("ERR_NO_COMPANY_FOUND");
    authorize(companiesPolicy.canEditSchedules(actor, id));
    const [row] = await this.db
      .update(companies)
      .set({ schedules })
      .where(eq(companies.id, id))
      .returning();
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    const dto = await this.get(actor, id);
    this.publisher.companySchedulesChanged(id, { id, schedules: dto.schedules });
    return dto;
  }
}
