import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ChannelRegistry } from "../../channels/channel.js";
import type { Db } from "../../db/client.js";
import { companies, connections, files, userSessions } from "../../db/schema/index.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { Logger } from "../../lib/logger.js";
import type { Publisher } from "../../realtime/publish.js";
import type { FilesService } from "../files/files.service.js";

export const COMPANY_DELETE_JOB = "company.delete";

/**
 * Deletes a company and everything it owns, in the background (admin-operator §4). Every
 * tenant table references companies with ON DELETE CASCADE (users, sessions, contacts, tickets,
 * messages, connections, channel session state, files, settings, mail outbox…), so one delete
 * of the company row removes its rows and nothing else; the stored bytes of its files are
 * removed afterwards, then its uploads folder. Idempotent: a retry after a crash finishes.
 */
export class CompanyDeleter {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly channels: ChannelRegistry,
    private readonly files: FilesService,
    private readonly publisher: Publisher,
    private readonly logger: Logger,
    /** DATA_DIR/uploads: the local storage root (company folders are named by id). */
    private readonly uploadsDir: string | null,
  ) {}

  async init(): Promise<void> {
    await this.jobs.register<{ companyId: number }>(
      COMPANY_DELETE_JOB,
      (data) => this.run(data.companyId),
      { retryLimit: 3, retryDelay: 5 },
    );
  }

  async schedule(companyId: number): Promise<void> {
    await this.jobs.send(COMPANY_DELETE_JOB, { companyId }, { singletonKey: `c${companyId}` });
  }

  async run(companyId: number): Promise<void> {
    const [company] = await this.db
      .select({ id: companies.id, name: companies.name, isPlatform: companies.isPlatform })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company?.isPlatform) return;
    if (company) {
      await this.stopChannels(companyId);
      const sessions = await this.db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(eq(userSessions.companyId, companyId));
      const stored = await this.db
        .select({ key: files.storageKey })
        .from(files)
        .where(eq(files.companyId, companyId));
      await this.db.delete(companies).where(eq(companies.id, companyId));
      this.publisher.disconnectSessions(sessions.map((s) => s.id));
      await this.files.removeObjects(stored.map((f) => f.key));
    }
    // Local storage keeps a company's bytes under uploads/<companyId>/: drop the folder too,
    // so orphaned uploads (a crash between write and insert) go as well.
    if (this.uploadsDir) {
      await rm(path.join(this.uploadsDir, String(companyId)), { recursive: true, force: true });
    }
    this.logger.info({ companyId, name: company?.name }, "company deleted");
    this.publisher.companyDeleted(companyId);
  }

  /** Channel sessions (Baileys sockets…) of the company stop before their rows go. */
  private async stopChannels(companyId: number): Promise<void> {
    const rows = await this.db
      .select()
      .from(connections)
      .where(eq(connections.companyId, companyId));
    for (const row of rows) {
      await this.channels
        .get(row.channelType)
        ?.stop(row)
        .catch((err: unknown) =>
          this.logger.warn({ err, connectionId: row.id }, "could not stop a connection"),
        );
    }
  }
}
