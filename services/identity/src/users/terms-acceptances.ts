import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { currentlyAccepted, type AcceptableTerms, type TermsAcceptance, type TermsAcceptancesResponse } from '@hunted/contracts';
import { preparedQuery, type PreparedStatement } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

const COLUMNS = `document, version, accepted_at as "acceptedAt"`;

interface AcceptanceRow {
  document: AcceptableTerms;
  version: string;
  acceptedAt: Date;
}

/** Asked at every session lookup the gateway makes (one per member every few seconds): planned once per connection. */
const VERSIONS_OF: PreparedStatement = {
  name: 'terms-acceptances-of',
  text: 'select document, version from terms_acceptances where user_id = $1',
};

function acceptanceOf(row: AcceptanceRow): TermsAcceptance {
  return { document: row.document, version: row.version, acceptedAt: row.acceptedAt.toISOString() };
}

/**
 * The owner of identity's `terms_acceptances` table (decision 0103): which version of each acceptable document a
 * member accepted, and when. Callers check the version (only the current one is ever accepted); this records it.
 */
@Injectable()
export class TermsAcceptances {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records that the member accepted this version, in the caller's transaction; accepting it again keeps the first time. */
  async record(manager: EntityManager, userId: string, document: AcceptableTerms, version: string): Promise<void> {
    await manager.query(
      `insert into terms_acceptances (user_id, document, version) values ($1, $2, $3) on conflict do nothing`,
      [userId, document, version],
    );
  }

  /** Records an acceptance and answers all of the member's, in one transaction. */
  async accept(userId: string, document: AcceptableTerms, version: string): Promise<TermsAcceptancesResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.record(manager, userId, document, version);
      return responseOf(await this.allOf(manager, userId));
    });
  }

  async list(userId: string): Promise<TermsAcceptancesResponse> {
    return responseOf(await this.allOf(this.dataSource.manager, userId));
  }

  /** Every acceptance of the member, oldest first (the export reads it in its snapshot). */
  async allOf(manager: EntityManager, userId: string): Promise<TermsAcceptance[]> {
    const rows: AcceptanceRow[] = await manager.query(
      `select ${COLUMNS} from terms_acceptances where user_id = $1 order by accepted_at, document, version`,
      [userId],
    );
    return rows.map(acceptanceOf);
  }

  /** The documents whose current version the member accepted: the gateway's `acceptedTerms` claim. */
  async acceptedNow(userId: string): Promise<AcceptableTerms[]> {
    return currentlyAccepted(await preparedQuery<{ document: string; version: string }>(this.dataSource, VERSIONS_OF, [userId]));
  }

  /** Deletes every acceptance of a member whose account is erased, in the caller's transaction. */
  async deleteAllOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('delete from terms_acceptances where user_id = $1', [userId]);
  }
}

function responseOf(acceptances: TermsAcceptance[]): TermsAcceptancesResponse {
  return { acceptances, accepted: currentlyAccepted(acceptances) };
}
