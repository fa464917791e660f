import { NoControlCharacters } from '@hunted/platform';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';

/** A field that may never be sent; its message says why, instead of the generic "should not exist". */
function Forbidden(message: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'forbidden',
      target: target.constructor,
      propertyName,
      options: { ...options, message },
      validator: { validate: (value: unknown) => value === undefined },
    });
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimmedOrNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : value.trim();
};

export class UpdateUserDto {
  @Forbidden('Email address cannot be changed')
  email?: never;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @NoControlCharacters('First name may not contain control characters (such as line breaks)')
  firstName?: string | null;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @NoControlCharacters('Last name may not contain control characters (such as line breaks)')
  lastName?: string | null;

  /** A `data:image/...;base64,` upload, the URL the user already has, or null/'' to remove the photo. */
  @IsOptional()
  @IsString()
  profileImageUrl?: string | null;

  @IsOptional()
  @Transform(trimmedOrNull)
  @IsString()
  @MaxLength(500, { message: 'Instagram link must be at most 500 characters' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'Instagram must be a link starting with http:// or https://' },
  )
  instagramUrl?: string | null;
}
