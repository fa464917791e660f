import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  BrandRef,
  HunterEdit,
  HunterEditInputParsed,
  HunterEditItem,
  HunterEditPublication,
  PublishedHunterEdit,
} from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A page of edits and how many there are in all. */
export interface EditPage<T> {
  edits: T[];
  total: number;
}

export interface Paging {
  limit: number;
  offset: number;
}

/** An edit as stored, with who may read it privately and whether its hunter is public. */
export interface StoredEdit extends HunterEdit {
  clientUserId: string;
  hunterUserId: string | null;
  hunterApproved: boolean;
}

/** Where an edit stands with its row locked, for the publication steps. */
export interface EditStanding {
  id: number;
  hunterId: number;
  hunterUserId: string | null;
  hunterName: string;
  clientUserId: string;
  bookingId: string;
  title: string;
  publication: HunterEditPublication;
}

interface EditRow {
  id: number;
  bookingId: string;
  clientUserId: string;
  clientName: string;
  title: string;
  note: string;
  publication: HunterEditPublication;
  sentAt: Date;
  publishedAt: Date | null;
  hunterId: number;
  hunterName: string;
  hunterImage: string | null;
  hunterUserId: string | null;
  hunterApproved: boolean;
}

interface ItemRow {
  editId: number;
  position: number;
  brandId: number | null;
  brandName: string;
  copyName: string | null;
  copyImage: string | null;
  itemName: string;
  productUrl: string | null;
  photoUrl: string | null;
  why: string;
}

// The hunter's name and picture and the client's name are joined at read time, so a rename shows at once; an edit
// is shown publicly only while its hunter is approved, as every public read of a hunter.
const EDIT_SELECT = `
  select e.id, e.booking_id as "bookingId", e.client_user_id as "clientUserId",
         coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'Your client') as "clientName",
         e.title, e.note, e.publication, e.sent_at as "sentAt", e.published_at as "publishedAt",
         h.id as "hunterId", h.name as "hunterName", h.profile_image_url as "hunterImage", h.user_id as "hunterUserId",
         h.status = 'approved' as "hunterApproved"
    from hunter_edits e
    join hunters h on h.id = e.hunter_id
    left join users u on u.user_id = e.client_user_id`;

const PUBLISHED = `e.publication = 'published' and h.status = 'approved'`;

function editOf(row: EditRow, items: HunterEditItem[]): StoredEdit {
  return {
    id: row.id,
    hunter: { id: row.hunterId, name: row.hunterName, profileImageUrl: row.hunterImage },
    title: row.title,
    note: row.note,
    items,
    sentAt: row.sentAt.toISOString(),
    bookingId: row.bookingId,
    clientName: row.clientName,
    publication: row.publication,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    clientUserId: row.clientUserId,
    hunterUserId: row.hunterUserId,
    hunterApproved: row.hunterApproved,
  };
}

/** What the hunter and the client read: the edit without who may read it. */
export function privateEditOf({ clientUserId: _client, hunterUserId: _hunter, hunterApproved: _approved, ...edit }: StoredEdit): HunterEdit {
  return edit;
}

/** What anyone reads of a published edit: no booking, no client, no publication state. */
export function publishedEditOf(edit: StoredEdit): PublishedHunterEdit {
  return {
    id: edit.id,
    hunter: edit.hunter,
    title: edit.title,
    note: edit.note,
    items: edit.items,
    sentAt: edit.sentAt,
    publishedAt: edit.publishedAt ?? edit.sentAt,
  };
}

function itemOf(row: ItemRow): HunterEditItem {
  const brand: BrandRef | null =
    row.brandId !== null && row.copyName !== null ? { id: row.brandId, name: row.copyName, imageUrl: row.copyImage ?? '' } : null;
  return {
    position: row.position,
    brand,
    brandName: row.brandName,
    itemName: row.itemName,
    productUrl: row.productUrl,
    photoUrl: row.photoUrl,
    why: row.why,
  };
}

/**
 * The one owner of `hunter_edits` and `hunter_edit_items` (issue 25): a hunter's edit for the client of a held
 * session, its items, and its publication. Reads the directory's brands from `brand_copies` (another feature owns
 * the copy) and names from `hunters` and `users`. Every list is one indexed page (`hunter_edits_hunter_idx`,
 * `_client_idx`, `_published_idx`, `hunter_edit_items_brand_idx`) and a count on the same condition.
 */
@Injectable()
export class HunterEditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The directory's brands among `ids`, by id (name and image as the copy has them; a hidden brand is not one). */
  async brandsAmong(manager: EntityManager, ids: readonly number[]): Promise<Map<number, BrandRef>> {
    const rows = await manager.query<BrandRef[]>(
      `select b.brand_id as id, b.name, b.image_url as "imageUrl" from brand_copies b where b.brand_id = any($1::int[]) and b.hidden_at is null`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Inserts the edit and its items (each brand's name from the copy) in the caller's transaction; null when the
   * booking already has one (the unique booking_id, so racing sends leave one edit).
   */
  async insert(
    manager: EntityManager,
    edit: { hunterId: number; clientUserId: string; input: HunterEditInputParsed; brands: Map<number, BrandRef> },
  ): Promise<number | null> {
    const { input } = edit;
    const [row] = await manager.query<{ id: number }[]>(
      `insert into hunter_edits (booking_id, hunter_id, client_user_id, title, note)
       values ($1, $2, $3, $4, $5)
       on conflict (booking_id) do nothing
       returning id`,
      [input.bookingId, edit.hunterId, edit.clientUserId, input.title, input.note],
    );
    if (!row) return null;
    await manager.query(
      `insert into hunter_edit_items (edit_id, position, brand_id, brand_name, item_name, product_url, photo_url, why)
       select $1, item.position, item.brand_id, item.brand_name, item.item_name, item.product_url, item.photo_url, item.why
         from unnest($2::smallint[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           as item (position, brand_id, brand_name, item_name, product_url, photo_url, why)`,
      [
        row.id,
        input.items.map((_item, index) => index + 1),
        input.items.map((item) => item.brandId),
        input.items.map((item) => edit.brands.get(item.brandId)!.name),
        input.items.map((item) => item.itemName),
        input.items.map((item) => item.productUrl),
        input.items.map((item) => item.photoUrl),
        input.items.map((item) => item.why),
      ],
    );
    return row.id;
  }

  /** One edit, in any state, or null. */
  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<StoredEdit | null> {
    const rows = await manager.query<EditRow[]>(`${EDIT_SELECT} where e.id = $1`, [id]);
    return (await this.withItems(manager, rows))[0] ?? null;
  }

  /** The edit with its row locked (publication steps), or null. */
  async lock(manager: EntityManager, id: number): Promise<EditStanding | null> {
    const [row] = await manager.query<EditStanding[]>(
      `select e.id, e.hunter_id as "hunterId", h.user_id as "hunterUserId", h.name as "hunterName",
              e.client_user_id as "clientUserId", e.booking_id as "bookingId", e.title, e.publication
         from hunter_edits e join hunters h on h.id = e.hunter_id
        where e.id = $1
          for update of e`,
      [id],
    );
    return row ?? null;
  }

  /** The hunter asked to publish: from `private` only (the caller checked it with the row locked). */
  async markRequested(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `update hunter_edits set publication = 'requested', publish_requested_at = now() where id = $1 and publication = 'private'`,
      [id],
    );
  }

  /** The client answered the request: published now, or declined for good. */
  async answer(manager: EntityManager, id: number, allow: boolean): Promise<void> {
    await manager.query(
      `update hunter_edits
          set publication = case when $2 then 'published' else 'declined' end,
              answered_at = now(),
              published_at = case when $2 then now() end
        where id = $1 and publication = 'requested'`,
      [id, allow],
    );
  }

  /**
   * The client withdrew their consent: a published edit becomes `withdrawn` (not public anywhere, its photos with it:
   * the photo route reads the publication on every request), for good (the caller checked it with the row locked).
   */
  async withdraw(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `update hunter_edits set publication = 'withdrawn', published_at = null, withdrawn_at = now()
        where id = $1 and publication = 'published'`,
      [id],
    );
  }

  /** The edits a hunter sent, newest first. */
  sentBy(hunterId: number, paging: Paging): Promise<EditPage<StoredEdit>> {
    return this.page(`e.hunter_id = $1`, `e.sent_at desc, e.id desc`, [hunterId], paging);
  }

  /** The edits sent to a client, newest first. */
  receivedBy(clientUserId: string, paging: Paging): Promise<EditPage<StoredEdit>> {
    return this.page(`e.client_user_id = $1`, `e.sent_at desc, e.id desc`, [clientUserId], paging);
  }

  /** A hunter's published edits, newest published first. */
  publishedBy(hunterId: number, paging: Paging): Promise<EditPage<StoredEdit>> {
    return this.page(`e.hunter_id = $1 and ${PUBLISHED}`, `e.published_at desc, e.id desc`, [hunterId], paging);
  }

  /**
   * The published edits naming a brand, newest published first, and how many hunters published one. None for a
   * hidden brand (its page is gone too, decision 0101).
   */
  async publishedNaming(brandId: number, paging: Paging): Promise<EditPage<StoredEdit> & { hunterCount: number }> {
    const condition = `${PUBLISHED} and exists (select 1 from hunter_edit_items i where i.brand_id = $1 and i.edit_id = e.id)
      and not exists (select 1 from brand_copies b where b.brand_id = $1 and b.hidden_at is not null)`;
    const [page, [counts]] = await Promise.all([
      this.page(condition, `e.published_at desc, e.id desc`, [brandId], paging, false),
      this.dataSource.query<{ total: number; hunters: number }[]>(
        `select count(*)::int as total, count(distinct e.hunter_id)::int as hunters
           from hunter_edits e join hunters h on h.id = e.hunter_id
          where ${condition}`,
        [brandId],
      ),
    ]);
    return { edits: page.edits, total: counts!.total, hunterCount: counts!.hunters };
  }

  private async page(
    condition: string,
    order: string,
    values: unknown[],
    paging: Paging,
    counted = true,
  ): Promise<EditPage<StoredEdit>> {
    const n = values.length;
    const [rows, total] = await Promise.all([
      this.dataSource.query<EditRow[]>(`${EDIT_SELECT} where ${condition} order by ${order} limit $${n + 1} offset $${n + 2}`, [
        ...values,
        paging.limit,
        paging.offset,
      ]),
      counted
        ? this.dataSource
            .query<{ n: number }[]>(`select count(*)::int as n from hunter_edits e join hunters h on h.id = e.hunter_id where ${condition}`, values)
            .then(([row]) => row!.n)
        : Promise.resolve(0),
    ]);
    return { edits: await this.withItems(this.dataSource.manager, rows), total };
  }

  /**
   * A deleted member's edits go, in the caller's transaction (the erasure's): every edit their hunter profile sent
   * (`hunterId`, null without one) and every edit they received as a client, with their items. A published one
   * leaves the hunter's page, the brand pages and the listing's filters in the same commit (the known-value-tags
   * triggers recompute the hunters it named). Returns the photo URLs the deleted items named, for the caller to
   * delete those nothing else shows.
   */
  async deleteForErasure(manager: EntityManager, hunterId: number | null, clientUserId: string): Promise<string[]> {
    // The select reads the items as they were before the statement; the delete's cascade takes them at its end.
    const rows = await manager.query<{ photoUrl: string }[]>(
      `with gone as (delete from hunter_edits where hunter_id = $1 or client_user_id = $2 returning id)
       select distinct i.photo_url as "photoUrl" from hunter_edit_items i
        where i.edit_id in (select id from gone) and i.photo_url is not null`,
      [hunterId, clientUserId],
    );
    return rows.map((row) => row.photoUrl);
  }

  /**
   * The edits with their items, read in one statement for the whole page. An item of a brand that left the
   * directory or is hidden keeps its name without the link (`brand` null); a restored brand's link is back.
   */
  private async withItems(manager: EntityManager, rows: EditRow[]): Promise<StoredEdit[]> {
    if (rows.length === 0) return [];
    const items = await manager.query<ItemRow[]>(
      `select i.edit_id as "editId", i.position, i.brand_id as "brandId", i.brand_name as "brandName",
              b.name as "copyName", b.image_url as "copyImage", i.item_name as "itemName", i.product_url as "productUrl",
              i.photo_url as "photoUrl", i.why
         from hunter_edit_items i
         left join brand_copies b on b.brand_id = i.brand_id and b.hidden_at is null
        where i.edit_id = any($1::int[])
        order by i.edit_id, i.position`,
      [rows.map((row) => row.id)],
    );
    const byEdit = new Map<number, HunterEditItem[]>();
    for (const item of items) {
      const list = byEdit.get(item.editId) ?? [];
      list.push(itemOf(item));
      byEdit.set(item.editId, list);
    }
    return rows.map((row) => editOf(row, byEdit.get(row.id) ?? []));
  }
}
