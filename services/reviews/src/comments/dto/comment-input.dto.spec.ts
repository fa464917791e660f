import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { fieldErrorsOf } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { COMMENT_EMPTY, COMMENT_TOO_LONG, CommentInputDto } from './comment-input.dto.js';

const check = (body: object) => {
  const dto = plainToInstance(CommentInputDto, body);
  return { dto, errors: fieldErrorsOf(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true })) };
};

describe('CommentInputDto', () => {
  it('trims the content and accepts 1 to 500 characters', () => {
    expect(check({ content: '  hello  ' })).toEqual({ dto: { content: 'hello' }, errors: {} });
    expect(check({ content: ` ${'x'.repeat(500)} ` }).errors).toEqual({});
  });

  it.each([{}, { content: '' }, { content: ' \n\t ' }, { content: null }, { content: 12 }])(
    'refuses %j as empty',
    (body) => {
      expect(check(body).errors).toEqual({ content: COMMENT_EMPTY });
    },
  );

  it('refuses more than 500 characters', () => {
    expect(check({ content: 'x'.repeat(501) }).errors).toEqual({ content: COMMENT_TOO_LONG });
  });
});
