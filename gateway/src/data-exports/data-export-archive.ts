import type http from 'node:http';
import {
  DATA_EXPORT_SERVICES,
  dataExportPartPath,
  type DataExportPart,
  type DataExportService,
  type DataExportView,
} from '@hunted/contracts';
import { activeTraceHeaders, IDENTITY_HEADER, REQUEST_ID_HEADER } from '@hunted/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { zipSync, type Zippable } from 'fflate';
import type { Logger } from 'pino';
import type { SessionResolver } from '../auth/session-resolver.js';
import type { ServiceUpstreams } from '../proxy/upstreams.js';
import type { ServiceName } from '../routes.js';
import { getJson } from '../upstream-agent.js';

export const ARCHIVE_NOT_FOUND = 'We could not find that download.';
export const ARCHIVE_EXPIRED = 'This download has expired. Start a new one from your profile.';
export const ARCHIVE_NOT_READY = 'This download is still being put together. We will email you when it is ready.';
export const ARCHIVE_UNAVAILABLE =
  'We could not put your download together just now: part of your data is not available. Please try again in a few minutes.';

/** `/api/account/data-exports/<id>/archive`, and nothing below it. */
const ARCHIVE_PATH = /^\/api\/account\/data-exports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/archive$/i;

/** What each folder of the archive is, when its part's README does not say it on its first line. */
const FOLDERS: Record<DataExportService, string> = {
  identity: 'Your account: your name, email address, profile photo and the sessions you are signed in with.',
  brands: 'Brands: the brands you submitted, your votes, saves, filter habits and style passport.',
  reviews: 'Reviews: your reviews of brands (with their photos), your comments, and your reviews of hunters.',
  hunters: 'Hunters: your hunter profile, its photos and availability, your Hunter Edits and vetting history.',
  bookings: 'Bookings: your bookings, their questions and photos, payments, refunds, payouts and earnings.',
  messaging: 'Messages: your conversations and messages, and the emails Hunted sent you.',
};

/** Photos and other already-compressed files are stored as they are; text is deflated. */
function isCompressed(contentType: string): boolean {
  return /^(image|video|audio)\//.test(contentType) || contentType === 'application/zip';
}

export class PartUnavailableError extends Error {}

/**
 * The member's download (UK GDPR Art. 15 and 20), answered by the gateway itself: identity says whether the export
 * is the caller's and ready, then each of the six services gives its stored part, read with the caller's own
 * identity signed for that service alone (as every proxied request is), and the parts become one zip with a README.
 * The archive is complete or not offered: any part that cannot be read is a 503, never a zip without it.
 */
export class DataExportArchive {
  constructor(
    private readonly deps: {
      upstreams: Record<ServiceName, ServiceUpstreams>;
      sessions: SessionResolver;
      agent: http.Agent;
      timeoutMs: number;
      logger: Logger;
    },
  ) {}

  answer = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = (request.raw.url ?? '/').split('?')[0] ?? '/';
    const exportId = ARCHIVE_PATH.exec(path)?.[1];
    if (!exportId) return this.send(reply, 404, ARCHIVE_NOT_FOUND);
    if (request.method !== 'GET') return this.send(reply, 405, 'Downloads are read with GET.', { allow: 'GET' });
    const cookie = request.headers.cookie;
    try {
      const view = await this.read<DataExportView>('identity', `/api/account/data-exports/${exportId}`, cookie, request.id, [200, 404]);
      if (view === null) return this.send(reply, 404, ARCHIVE_NOT_FOUND);
      if (view.status === 'expired') return this.send(reply, 404, ARCHIVE_EXPIRED);
      if (view.status !== 'ready') return this.send(reply, 404, ARCHIVE_NOT_READY);
      const parts = await Promise.all(
        DATA_EXPORT_SERVICES.map((service) =>
          this.read<DataExportPart>(service, dataExportPartPath(exportId, service), cookie, request.id, [200]),
        ),
      );
      // Each folder is named by the service asked, whatever a part says of itself.
      const zip = zipOf(parts.map((part, index) => ({ ...(part as DataExportPart), service: DATA_EXPORT_SERVICES[index]! })));
      void reply
        .code(200)
        .headers({
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="hunted-data-${new Date().toISOString().slice(0, 10)}.zip"`,
          'cache-control': 'no-store',
          'content-length': String(zip.length),
        })
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.length));
    } catch (error) {
      this.deps.logger.warn({ err: error, exportId, requestId: request.id }, 'a data export archive could not be put together');
      return this.send(reply, 503, ARCHIVE_UNAVAILABLE);
    }
  };

  /**
   * One GET of `service` as the caller. The body of an accepted status (null for a 404 when it is accepted);
   * anything else, or no answer, is PartUnavailableError.
   */
  private async read<T>(
    service: DataExportService,
    path: string,
    cookie: string | undefined,
    requestId: string,
    accepted: number[],
  ): Promise<T | null> {
    const identity = await this.deps.sessions.resolve(cookie, service);
    if (!identity) throw new PartUnavailableError(`the session ended while reading ${service}`);
    const upstreams = this.deps.upstreams[service];
    const target = upstreams.pick() ?? upstreams.targets[0]!;
    const answer = await getJson(
      new URL(path, target).toString(),
      { [IDENTITY_HEADER]: identity.token, [REQUEST_ID_HEADER]: requestId, ...activeTraceHeaders() },
      this.deps.agent,
      this.deps.timeoutMs,
    );
    if (!accepted.includes(answer.status)) throw new PartUnavailableError(`${service} answered ${answer.status} for ${path}`);
    return answer.status === 200 ? (answer.body as T) : null;
  }

  private send(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): void {
    void reply
      .code(status)
      .headers({ ...headers, 'cache-control': 'no-store' })
      .type('application/json; charset=utf-8')
      .send({ message });
  }
}

/** The first line of a part's README, as the summary of its folder (markdown heading marks dropped). */
function summaryOf(part: DataExportPart): string {
  const readme = part.files.find((file) => file.path === `${part.service}/README.md`);
  const first = readme ? Buffer.from(readme.base64, 'base64').toString('utf8').split('\n')[0]?.replace(/^#+\s*/, '').trim() : '';
  return first || FOLDERS[part.service];
}

function readmeOf(parts: DataExportPart[]): string {
  return [
    '# Your data from Hunted',
    '',
    'Hunted is a community for discovering independent fashion brands: members vote for, save and review brands,',
    'and book sessions with personal shoppers ("hunters"). This archive holds everything Hunted stores about you,',
    'as it was when the download was made: one folder per part of Hunted, each with JSON files you can open in any',
    'text editor, the photos you uploaded, and a README.md saying what each file is.',
    '',
    ...parts.flatMap((part) => [`## ${part.service}/`, '', summaryOf(part), '']),
  ].join('\n');
}

/** The six parts as one zip: each service's files under its own folder only, and the top-level README. */
export function zipOf(parts: DataExportPart[]): Uint8Array {
  const files: Zippable = { 'README.md': [Buffer.from(readmeOf(parts)), { level: 6 }] };
  for (const part of parts) {
    for (const file of part.files) {
      // A part names files in its own folder only: nothing a service sends can land elsewhere in the archive.
      const inside = file.path.startsWith(`${part.service}/`) && !file.path.split('/').some((segment) => segment === '..' || segment === '');
      if (!inside) throw new PartUnavailableError(`${part.service} sent a file outside its folder: ${file.path}`);
      files[file.path] = [Buffer.from(file.base64, 'base64'), { level: isCompressed(file.contentType) ? 0 : 6 }];
    }
  }
  return zipSync(files);
}
