import { COMMENT_MAX_LENGTH, type CommentInput } from '@hunted/contracts';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';

export const COMMENT_EMPTY = 'Comment cannot be empty';
export const COMMENT_TOO_LONG = `Comment must be at most ${COMMENT_MAX_LENGTH} characters`;

/** Body of POST /api/brands/{id}/comments; the content is trimmed before its length is judged and stored. */
export class CommentInputDto implements CommentInput {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(COMMENT_MAX_LENGTH, { message: COMMENT_TOO_LONG })
  @MinLength(1, { message: COMMENT_EMPTY })
  @IsString({ message: COMMENT_EMPTY })
  content: string;
}
