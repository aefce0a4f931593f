import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  isOverdue,
  todayIso,
  type ChannelType,
  type companyListQuerySchema,
  type CompanyCreateInput,
  type CompanyUpdateInput,
  type ConnectionLimits,
  type PaymentStatus,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { ensureDefaultSettings } from "../../db/bootstrap.js";
import {
  companies,
  connections,
  instances,
  plans,
  settings,
  tickets,
  ticketTracking,
  users,
} from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { MailMessage, Mailer } from "../../lib/mailer.js";
import { hashPassword } from "../../lib/password.js";
import { containsInsensitive } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import {
  PASSWORD_LINK_TTL_HOURS,
  setPasswordUrl,
  type PasswordLinks,
} from "../auth/password-links.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { presentTicketsById } from "../tickets/tickets.presenter.js";
import { authorize } from "../users/users.policy.js";
import { presentOperatorCompanies, type OperatorCompanyDTO } from "./company-admin.presenter.js";
import { companyAccessError, companyAccessFacts } from "./company-access.js";
import type { CompanyDeleter } from "./company-delete.job.js";

type CompanyRow = typeof companies.$inferSelect;
type ListQuery = z.output<typeof companyListQuerySchema>;
export type CompanyFileKind = "invoice" | "note";

const FILE_COLUMN = { invoice: "invoiceFileId", note: "noteFileId" } as const;

/** Company-level connection limits: 0 or empty is stored as null ("the plan decides"). */
function limitColumns(limits: Partial<ConnectionLimits> | null | undefined) {
  if (limits === undefined) return {};
  const v = (n: number | undefined) => (n && n > 0 ? n : null);
  return {
    limitBaileys: v(limits?.baileys),
    limitFacebook: v(limits?.facebook),
    limitInstagram: v(limits?.instagram),
    limitWhatsappBusiness: v(limits?.whatsAppBusiness),
    limitWebChat: v(limits?.webChat),
  };
}

/** Form fields → company columns; absent fields are left alone (PUT is a partial update). */
function companyColumns(input: CompanyUpdateInput): Partial<typeof companies.$inferInsert> {
  // campaignsEnabled is a setting of the company, not a column (writeCampaignsSetting).
  const { connectionLimit, campaignsEnabled: _setting, ...fields } = input;
  const out: Partial<typeof companies.$inferInsert> = { ...limitColumns(connectionLimit) };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The operator's campaignsEnabled switch writes the company's setting (absent: kept). */
async function writeCampaignsSetting(db: DbOrTx, companyId: number, enabled: boolean | undefined) {
  if (enabled === undefined) return;
  const value = enabled ? "true" : "false";
  await db
    .insert(settings)
    .values({ companyId, key: "campaignsEnabled", value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

/** 'maria.silva@acme.com' → 'maria.silva' (2 to 50 characters, like any user name). */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0]?.trim() ?? "";
  return (local.length >= 2 ? local : email).slice(0, 50);
}

export interface CompanyAdminOptions {
  /** This node's INSTANCE_ID: a company created without an instance is assigned to it. */
  instanceId: string;
  /** Shown in access emails when the company's instance has no address. */
  publicUrl: string;
}

/**
 * The platform operator's company management (admin-operator §2.3, §4, §7 Companies): super
 * users only. Create (with defaults, settings and a first admin), edit, archive, payment
 * request, access email, billing files, close all tickets, dashboard and background delete.
 */
export class CompanyAdminService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
    private readonly mailer: Mailer,
    private readonly deleter: CompanyDeleter,
    private readonly passwordLinks: PasswordLinks,
    private readonly logger: Logger,
    private readonly options: CompanyAdminOptions,
  ) {}

  async list(actor: Actor, q: ListQuery): Promise<OperatorCompanyDTO[]> {
    authorize(actor.super);
    const rows = await this.db
      .select()
      .from(companies)
      .where(
        and(
          q.archived ? eq(companies.archived, q.archived === "true") : undefined,
          q.searchParam
            ? or(
                containsInsensitive(companies.name, q.searchParam),
                containsInsensitive(companies.email, q.searchParam),
              )
            : undefined,
        ),
      )
      .orderBy(asc(companies.name), asc(companies.id));
    return presentOperatorCompanies(this.db, this.files.signer, rows);
  }

  async get(actor: Actor, id: number): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    return this.present(await this.findRow(id));
  }

  /**
   * A new company with §3's defaults, the default settings, this node's instance when none is
   * chosen, and its first admin (the company's email; the given password, else an unusable
   * random one). The access email, sent after the commit, carries a one-time link to set a
   * password, never a password; if SMTP fails the mail is kept in the outbox (link redacted).
   */
  async create(actor: Actor, input: CompanyCreateInput): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    await this.assertPlan(input.planId);
    const instanceId = input.instanceId ?? (await this.defaultInstanceId());
    if (input.instanceId) await this.assertInstance(input.instanceId);
    const passwordHash = await hashPassword(input.password ?? generatePassword());
    const token = this.passwordLinks.newToken();
    const { password: _omit, adminName, ...fields } = input;
    // The admin is a person: their own name, or their e-mail's local part, not the company's.
    const userName = adminName ?? nameFromEmail(input.email);
    const row = await this.db
      .transaction(async (tx) => {
        const [company] = await tx
          .insert(companies)
          .values({ ...companyColumns(fields), name: input.name, instanceId })
          .returning();
        await ensureDefaultSettings(tx, company!.id);
        await writeCampaignsSetting(tx, company!.id, input.campaignsEnabled);
        const [admin] = await tx
          .insert(users)
          .values({
            name: userName,
            email: input.email,
            passwordHash,
            profile: "admin",
            companyId: company!.id,
          })
          .returning({ id: users.id });
        await this.passwordLinks.store(tx, admin!.id, token);
        return company!;
      })
      .catch((err) => {
        if (isUniqueViolation(err)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
        throw err;
      });
    const mail = await this.accessMail(row, input.email, userName, token);
    await this.mailer.send(mail).catch(async (err) => {
      this.logger.warn({ err, companyId: row.id }, "access email not sent; kept in the outbox");
      await this.mailer.keep(mail);
    });
    return this.present(row);
  }

  async update(actor: Actor, id: number, input: CompanyUpdateInput): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    if (before.isPlatform && input.status === false) throw new AppError("ERR_PLATFORM_COMPANY");
    if (input.planId) await this.assertPlan(input.planId);
    if (input.instanceId) await this.assertInstance(input.instanceId);
    const changes = companyColumns(input);
    // §5: an empty instance is sent as null; a company always lives on some instance.
    if (input.instanceId === null) changes.instanceId = before.instanceId;
    const [row] = Object.keys(changes).length
      ? await this.db
          .update(companies)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(companies.id, id))
          .returning()
      : [before];
    await writeCampaignsSetting(this.db, id, input.campaignsEnabled);
    await this.disconnectIfBlocked(id);
    return this.present(row!);
  }

  /** Archive toggle (§4): archivedAt records when; unarchiving clears it. */
  async setArchived(actor: Actor, id: number, archived: boolean): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    if (before.isPlatform && archived) throw new AppError("ERR_PLATFORM_COMPANY");
    const [row] = await this.db
      .update(companies)
      .set({ archived, archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    await this.disconnectIfBlocked(id);
    return this.present(row!);
  }

  /**
   * Records a payment request (§4): lastSendPaymentAt (given as 'YYYY-MM-DD HH:mm:ss' local
   * time, or now), and a PENDING company moves to SENDED.
   */
  async recordPaymentRequest(
    actor: Actor,
    id: number,
    at: string | undefined,
  ): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    const when = at ? new Date(at.replace(" ", "T")) : new Date();
    if (Number.isNaN(when.getTime())) {
      throw new AppError("ERR_VALIDATION", "Invalid date", { lastSendPaymentAt: "Invalid date" });
    }
    const [row] = await this.db
      .update(companies)
      .set({
        lastSendPaymentAt: when,
        paymentStatus: before.paymentStatus === "PENDING" ? "SENDED" : before.paymentStatus,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id))
      .returning();
    return this.present(row!);
  }

  /**
   * Moves the billing cycle (§3 paymentStatus) to any of its steps, so the operator can mark a
   * payment received (COMPLETED), undo a step, or start the next cycle (PENDING). Sending a
   * request (→ SENDED from PENDING) records its time, like PATCH /companies/lastSendPayment.
   */
  async setPaymentStatus(
    actor: Actor,
    id: number,
    paymentStatus: PaymentStatus,
  ): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    const requested = paymentStatus === "SENDED" && before.paymentStatus === "PENDING";
    const [row] = await this.db
      .update(companies)
      .set({
        paymentStatus,
        ...(requested && { lastSendPaymentAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id))
      .returning();
    return this.present(row!);
  }

  /**
   * Resends the access email (§2.3) to the company's first admin (or first user): a new
   * one-time link to set a password, mailed before it is stored, so a failed SMTP send
   * changes nothing. The current password keeps working until the link is used (a deviation
   * from the spec's "reset": no password is ever mailed).
   */
  async resetPassword(actor: Actor, id: number): Promise<{ delivery: string; to: string }> {
    authorize(actor.super);
    const company = await this.findRow(id);
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, id), eq(users.super, false)))
      .orderBy(sql`case when ${users.profile} = 'admin' then 0 else 1 end`, asc(users.id))
      .limit(1);
    if (!user) throw new AppError("ERR_NO_COMPANY_ADMIN");
    const token = this.passwordLinks.newToken();
    const mail = await this.accessMail(company, user.email, user.name, token);
    const delivery = await this.mailer.send(mail).catch((err) => {
      this.logger.warn({ err, companyId: id }, "access email failed");
      throw new AppError("ERR_MAIL_NOT_SENT");
    });
    await this.passwordLinks.store(this.db, user.id, token);
    return { delivery, to: user.email };
  }

  /** Uploads the boleto (invoice) or nota (note) file, replacing (and deleting) the previous one. */
  async attachFile(
    actor: Actor,
    id: number,
    kind: CompanyFileKind,
    file: IncomingFile,
  ): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    const stored = await this.files.save(id, file, actor.id);
    const column = FILE_COLUMN[kind];
    const [row] = await this.db
      .update(companies)
      .set({ [column]: stored.id, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    if (before[column]) await this.files.remove(id, before[column]);
    return this.present(row!);
  }

  async detachFile(actor: Actor, id: number, kind: CompanyFileKind): Promise<OperatorCompanyDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    const column = FILE_COLUMN[kind];
    if (!before[column]) return this.present(before);
    const [row] = await this.db
      .update(companies)
      .set({ [column]: null, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    await this.files.remove(id, before[column]);
    return this.present(row!);
  }

  /**
   * Closes every open or pending ticket of a company (operator action, §2.3): no completion
   * message is sent; each ticket's tracking cycle ends and its update is published.
   */
  async closeAllTickets(actor: Actor, companyId: number): Promise<{ closed: number }> {
    authorize(actor.super);
    await this.findRow(companyId);
    const now = new Date();
    const before = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: tickets.id,
          companyId: tickets.companyId,
          queueId: tickets.queueId,
          userId: tickets.userId,
        })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["open", "pending"])))
        .for("update");
      if (rows.length === 0) return rows;
      const ids = rows.map((r) => r.id);
      await tx
        .update(tickets)
        .set({ status: "closed", unreadMessages: 0, chatbot: false, updatedAt: now })
        .where(inArray(tickets.id, ids));
      await tx
        .update(ticketTracking)
        .set({ finishedAt: now, finishedById: actor.id })
        .where(and(inArray(ticketTracking.ticketId, ids), isNull(ticketTracking.finishedAt)));
      return rows;
    });
    const dtos = await presentTicketsById(
      this.db,
      before.map((t) => t.id),
    );
    for (const dto of dtos) {
      this.publisher.ticketChanged(before.find((t) => t.id === dto.id) ?? null, dto);
    }
    return { closed: before.length };
  }

  /**
   * The operator's counters (§3 Companies dashboard), over non-archived companies other than
   * the platform's own: clientCount = active companies of use type CLIENTE; testClientCount =
   * use type TESTE; overdueClientCount = active companies whose due date has passed (the
   * table's red rows); per channel, connections of those companies.
   */
  async dashboard(actor: Actor) {
    authorize(actor.super);
    const today = todayIso();
    const rows = await this.db
      .select({
        id: companies.id,
        status: companies.status,
        useType: companies.useType,
        dueDate: companies.dueDate,
      })
      .from(companies)
      .where(and(eq(companies.archived, false), eq(companies.isPlatform, false)));
    const active = rows.filter((c) => c.status);
    const perChannel = new Map<string, number>();
    if (rows.length) {
      const counts = await this.db
        .select({ channelType: connections.channelType, n: count() })
        .from(connections)
        .where(
          inArray(
            connections.companyId,
            rows.map((c) => c.id),
          ),
        )
        .groupBy(connections.channelType);
      for (const c of counts) perChannel.set(c.channelType, c.n);
    }
    const n = (type: ChannelType) => perChannel.get(type) ?? 0;
    return {
      clientCount: active.filter((c) => c.useType === "CLIENTE").length,
      testClientCount: active.filter((c) => c.useType === "TESTE").length,
      overdueClientCount: active.filter((c) => isOverdue(c.dueDate, today)).length,
      baileysCount: n("BAILEYS"),
      facebookCount: n("FACEBOOK"),
      instagramCount: n("INSTAGRAM"),
      webChatCount: n("WEB_CHAT"),
      whatsAppBusiness: n("WHATSAPP_BUSINESS"),
    };
  }

  /** Only an archived company is deleted, by a background job (answered 202). */
  async requestDelete(actor: Actor, id: number): Promise<void> {
    authorize(actor.super);
    const row = await this.findRow(id);
    if (row.isPlatform) throw new AppError("ERR_PLATFORM_COMPANY");
    if (!row.archived) throw new AppError("ERR_COMPANY_NOT_ARCHIVED");
    await this.deleter.schedule(id);
  }

  async findRow(id: number, tx: DbOrTx = this.db): Promise<CompanyRow> {
    const [row] = await tx.select().from(companies).where(eq(companies.id, id));
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    return row;
  }

  private async present(row: CompanyRow): Promise<OperatorCompanyDTO> {
    const [dto] = await presentOperatorCompanies(this.db, this.files.signer, [row]);
    return dto!;
  }

  private async assertPlan(id: number): Promise<void> {
    const [row] = await this.db.select({ id: plans.id }).from(plans).where(eq(plans.id, id));
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND", undefined, { planId: "Required" });
  }

  private async assertInstance(id: number): Promise<void> {
    const [row] = await this.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.id, id));
    if (!row) throw new AppError("ERR_NO_INSTANCE_FOUND", undefined, { instanceId: "Required" });
  }

  /** This node's instance, else the oldest one. */
  private async defaultInstanceId(): Promise<number | null> {
    const [own] = await this.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.nodeId, this.options.instanceId));
    if (own) return own.id;
    const [first] = await this.db
      .select({ id: instances.id })
      .from(instances)
      .orderBy(asc(instances.id))
      .limit(1);
    return first?.id ?? null;
  }

  private async accessMail(
    company: CompanyRow,
    to: string,
    name: string,
    token: string,
  ): Promise<MailMessage> {
    const [instance] = company.instanceId
      ? await this.db.select().from(instances).where(eq(instances.id, company.instanceId))
      : [];
    const address = instance?.address || this.options.publicUrl;
    return {
      companyId: company.id,
      to,
      subject: "Seus dados de acesso",
      text: [
        `Olá, ${name}!`,
        "",
        `Estes são os dados de acesso da empresa ${company.name}:`,
        `Endereço: ${address}`,
        `E-mail: ${to}`,
        "",
        `Para definir sua senha, abra o link abaixo (válido por ${PASSWORD_LINK_TTL_HOURS} horas, uso único):`,
        setPasswordUrl(address, token),
        "",
        "Se você não pediu este acesso, ignore este e-mail: sua senha atual continua valendo.",
      ].join("\n"),
      secrets: [token],
    };
  }

  /**
   * A company its users may no longer work in (inactive, archived, overdue): their sockets
   * drop now, on every node, rather than at their next request.
   */
  private async disconnectIfBlocked(companyId: number): Promise<void> {
    const facts = await companyAccessFacts(this.db, companyId);
    if (!facts || !companyAccessError(facts, false)) return;
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), ne(users.super, true)));
    this.publisher.disconnectUsers(rows.map((u) => u.id));
  }
}

/** 12 URL-safe characters: within the password rule (5 to 50); never shown to anyone. */
export function generatePassword(): string {
  return randomBytes(9).toString("base64url");
}
