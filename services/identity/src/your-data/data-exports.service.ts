import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DATA_EXPORT_SERVICES,
  dataExportArchivePath,
  type DataExportService,
  type DataExportView,
} from '@hunted/contracts';
import { DataExportParts, EventPublisher, now, SERVICE_CONFIG } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config.js';
import { UsersService } from '../users/users.service.js';
import { DataExportLedger, type DataExportRecord } from './data-export-ledger.js';
import { IdentityExportContributor } from './identity-export.contributor.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired exports handled per transaction of the expiry job; the next run takes the rest. */
const EXPIRY_BATCH = 100;

export function tooManyExports(perDay: number): HttpException {
  const message = `You can start ${perDay} ${perDay === 1 ? 'download' : 'downloads'} of your data a day. Use the one you have, or try again tomorrow.`;
  return new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
}

export function viewOf(record: DataExportRecord): DataExportView {
  const reported = new Set(record.reported);
  return {
    id: record.id,
    status: record.status,
    requestedAt: record.requestedAt.toISOString(),
    readyAt: record.readyAt?.toISOString() ?? null,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    parts: DATA_EXPORT_SERVICES.map((service) => ({ service, ready: reported.has(service) })),
    downloadUrl: record.status === 'ready' ? dataExportArchivePath(record.id) : null,
  };
}

/**
 * The export saga's side at identity (decision 0098): a member's request starts an export — identity's own part
 * stored at once, `identity.data-export.requested` published in the same transaction so every other service builds
 * and stores its part — and the export is ready when all six parts are in. A service that is down only delays it:
 * its part-ready event comes when it is back, and nothing is ready before.
 */
@Injectable()
export class DataExportsService {
  private readonly logger = new Logger(DataExportsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly ledger: DataExportLedger,
    private readonly parts: DataExportParts,
    private readonly contributor: IdentityExportContributor,
    private readonly users: UsersService,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Starts an export for the member, or answers the one being assembled. A ready one is replaced: it expires (its
   * parts are deleted everywhere) and the new one starts. At most DATA_EXPORTS_PER_DAY started per 24 hours.
   */
  async request(userId: string): Promise<DataExportRecord> {
    return this.dataSource.transaction(async (manager) => {
      await this.ledger.lockMember(manager, userId);
      const running = await this.ledger.assemblingOf(manager, userId);
      if (running) return running;
      if (!(await this.users.findIn(manager, userId))) throw new UnauthorizedException('Please sign in to continue');
      const perDay = this.config.DATA_EXPORTS_PER_DAY;
      if ((await this.ledger.countSince(manager, userId, new Date(now().getTime() - DAY_MS))) >= perDay) {
        throw tooManyExports(perDay);
      }
      for (const replaced of await this.ledger.expireReadyOf(manager, userId)) {
        await this.expired(manager, replaced, userId);
      }
      const exportId = randomUUID();
      await this.ledger.insert(manager, exportId, userId);
      const files = await this.contributor.collect(manager, userId);
      await this.parts.save(manager, exportId, userId, files);
      const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
      await this.ledger.recordPart(manager, exportId, 'identity', { files: files.length, bytes });
      await this.events.publish(manager, 'identity.data-export.requested', { exportId, userId });
      this.logger.log(`export ${exportId} started`);
      const started = await this.ledger.findIn(manager, exportId);
      if (!started) throw new Error(`export ${exportId} vanished in its own transaction`);
      return started;
    });
  }

  /** The member's own export; null for anyone else's or an unknown one. */
  find(exportId: string, userId: string): Promise<DataExportRecord | null> {
    return this.ledger.find(exportId, userId);
  }

  latest(userId: string): Promise<DataExportRecord | null> {
    return this.ledger.latestOf(userId);
  }

  /**
   * `<service>.data-export.part-ready`, in its inbox transaction: the part is recorded; with the sixth the export
   * is ready and `identity.data-export.ready` published (messaging emails the member).
   */
  async partReady(
    manager: EntityManager,
    service: DataExportService,
    report: { exportId: string; userId: string; files: number; bytes: number },
  ): Promise<void> {
    const record = await this.ledger.recordPart(manager, report.exportId, service, report);
    if (!record) return;
    if (!DATA_EXPORT_SERVICES.every((part) => record.reported.includes(part))) return;
    const expiresAt = new Date(now().getTime() + this.config.DATA_EXPORT_TTL_DAYS * DAY_MS);
    await this.ledger.markReady(manager, record.id, expiresAt);
    await this.events.publish(manager, 'identity.data-export.ready', {
      exportId: record.id,
      userId: record.userId,
      expiresAt: expiresAt.toISOString(),
    });
    this.logger.log(`export ${record.id} ready`);
  }

  /** Expires ready exports whose time is over (a batch per transaction); answers how many. */
  async expireDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const due = await this.ledger.expireDue(manager, now(), EXPIRY_BATCH);
        for (const { id, userId } of due) await this.expired(manager, id, userId);
        return due.length;
      });
      total += count;
      if (count < EXPIRY_BATCH) return total;
    }
  }

  /** An export marked expired: identity's part goes now, every other service's on the event. */
  private async expired(manager: EntityManager, exportId: string, userId: string): Promise<void> {
    await this.parts.deleteExport(manager, exportId);
    await this.events.publish(manager, 'identity.data-export.expired', { exportId, userId });
  }
}
