import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Comment } from '@hunted/contracts';
import { UserCopies, type AuthenticatedUser, type ModeratedItem, type Page } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BrandCopies, brandListStatement } from '../brands/brand-copies.js';
import { authorName } from '../users/user-name.js';

interface CommentRow {
  id: number;
  brand_id: number;
  user_id: string | null;
  content: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

const SELECT_COMMENTS = `
  select c.id, c.brand_id, c.user_id, c.content, c.created_at, u.first_name, u.last_name, u.profile_image_url
  from comments c
  left join users u on u.user_id = c.user_id`;

const COMMENTS_PAGE = brandListStatement(
  'comments.page',
  'comment_count',
  `${SELECT_COMMENTS} where c.brand_id = b.brand_id and c.hidden_at is null order by c.created_at desc, c.id desc`,
);

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    brandId: row.brand_id,
    userId: row.user_id,
    content: row.content,
    userName: authorName(row.user_id, row.first_name, row.last_name),
    userProfileImage: row.user_id === null ? null : row.profile_image_url,
    createdAt: row.created_at.toISOString(),
  };
}

@Injectable()
export class CommentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandCopies,
    private readonly users: UserCopies,
  ) {}

  /** The brand's comments, newest first; 404 for a brand that does not exist. */
  async list(brandId: number, page: Page | null = null): Promise<{ items: Comment[]; total: number | undefined }> {
    const { rows, total } = await this.brands.readList<CommentRow & { total: number }>(COMMENTS_PAGE, brandId, page);
    return { items: rows.map(toComment), total: page ? total : undefined };
  }

  /** Stores the (already trimmed) text as it is: it is plain text wherever it is shown. */
  async create(brandId: number, author: AuthenticatedUser, content: string): Promise<Comment> {
    return this.dataSource.transaction(async (manager) => {
      await this.brands.require(manager, brandId, true);
      await this.users.rememberSignedIn(manager, author);
      const inserted: { id: number }[] = await manager.query(
        'insert into comments (brand_id, user_id, content) values ($1, $2, $3) returning id',
        [brandId, author.id, content],
      );
      const rows: CommentRow[] = await manager.query(`${SELECT_COMMENTS} where c.id = $1`, [inserted[0]!.id]);
      return toComment(rows[0]!);
    });
  }

  /** The comments as the moderation kit shows them (hidden ones too), by id; gone ones are absent. */
  async moderatedItems(manager: EntityManager, commentIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    if (commentIds.length === 0) return new Map();
    const rows: (CommentRow & { hidden_at: Date | null })[] = await manager.query(
      `select q.*, h.hidden_at from (${SELECT_COMMENTS} where c.id = any($1::int[])) q join comments h on h.id = q.id`,
      [commentIds],
    );
    return new Map(
      rows.map((row) => {
        const comment = toComment(row);
        const item: ModeratedItem = {
          authorUserId: row.user_id,
          hidden: row.hidden_at !== null,
          content: {
            title: `Comment on brand ${row.brand_id}`,
            text: row.content,
            authorName: row.user_id === null ? null : comment.userName,
            href: `/brands/${row.brand_id}`,
            createdAt: comment.createdAt,
            imageUrl: null,
          },
        };
        return [row.id, item];
      }),
    );
  }

  /** Hides or shows the comment (decision 0101): it leaves (or rejoins) the brand's list and its count (by trigger). */
  async setHidden(manager: EntityManager, commentId: number, hidden: boolean): Promise<void> {
    await manager.query(`update comments set hidden_at = case when $2::boolean then now() end where id = $1`, [commentId, hidden]);
  }

  /** Every comment the member wrote, oldest first (their export). */
  async ofAuthor(manager: EntityManager, userId: string): Promise<Comment[]> {
    const rows: CommentRow[] = await manager.query(`${SELECT_COMMENTS} where c.user_id = $1 order by c.created_at, c.id`, [
      userId,
    ]);
    return rows.map(toComment);
  }

  /** A deleted member's comments stay for the conversation they are part of, as 'Former member'. */
  async eraseAuthor(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update comments set user_id = null where user_id = $1', [userId]);
  }
}
