import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, connections, users } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../channels/channel.js";
import type { IncidentSink } from "../../channels/send-health.js";
import type { FileSigner } from "../../lib/storage.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../lib/mailer.js";
import type { Publisher } from "../../realtime/publish.js";
import { alertMail } from "./alert-mail.js";
import { presentConnections } from "./connections.presenter.js";

/**
 * Disconnect alerts. An incident (Baileys logout, ban, session taken over, a reconnect loop, the
 * send breaker tripping, a rejected Meta token) is stored on the connection (incident_reason,
 * incident_at) and told once: live to the company's admins (company-{id}-connectionAlert: toast
 * and bell) and by e-mail to each admin (mailer: SMTP or the outbox). Further failures of the same
 * incident say nothing; the incident ends when the connection is connected again (or a send goes
 * through), and the next one alerts anew.
 */
export class ConnectionAlerts implements IncidentSink {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly mailer: Mailer,
    private readonly signer: FileSigner,
    private readonly logger: Logger,
  ) {}

  async raise(connection: Pick<ConnectionRow, "id">, reason: string): Promise<void> {
    const [row] = await this.db
      .update(connections)
      .set({ incidentReason: reason.slice(0, 500), incidentAt: new Date() })
      .where(and(eq(connections.id, connection.id), isNull(connections.incidentAt)))
      .returning();
    if (!row) return;
    this.logger.warn({ connectionId: row.id, reason }, "connection incident");
    this.publisher.connectionAlert(row.companyId, {
      connectionId: row.id,
      name: row.name,
      reason: row.incidentReason ?? "",
      at: row.incidentAt!.toISOString(),
    });
    await this.publishConnection(row);
    await this.mail(row).catch((err) =>
      this.logger.warn({ err, connectionId: row.id }, "connection alert e-mail not sent"),
    );
  }

  async resolve(connection: Pick<ConnectionRow, "id">): Promise<void> {
    const [row] = await this.db
      .update(connections)
      .set({ incidentReason: null, incidentAt: null })
      .where(and(eq(connections.id, connection.id), isNotNull(connections.incidentAt)))
      .returning();
    if (row) await this.publishConnection(row);
  }

  private async publishConnection(row: ConnectionRow): Promise<void> {
    const [dto] = await presentConnections(this.db, this.signer, [row], "agents");
    this.publisher.connectionChanged(row.companyId, dto!);
  }

  private async mail(row: ConnectionRow): Promise<void> {
    const admins = await this.db
      .select({ email: users.email, name: users.name, language: companies.language })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.companyId, row.companyId), eq(users.profile, "admin")));
    for (const admin of admins) {
      const mail = {
        companyId: row.companyId,
        to: admin.email,
        ...alertMail(admin.language, admin.name, row),
      };
      await this.mailer.send(mail).catch(async (err) => {
        this.logger.warn({ err, to: admin.email }, "alert e-mail failed; kept in the outbox");
        await this.mailer.keep(mail);
      });
    }
  }
}
