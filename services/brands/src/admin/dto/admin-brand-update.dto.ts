import { Transform } from 'class-transformer';
import { IsInt, IsOptional } from 'class-validator';
import { AdminBrandInputDto } from '../../brands/brand-input.dto.js';

/** The body of PUT /api/admin/brands/{id}: the spec's admin form sends the brand's fields plus its id. */
export class AdminBrandUpdateDto extends AdminBrandInputDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsOptional()
  @IsInt({ message: 'id must be the number of the brand being edited' })
  id?: number;
}
