import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BRAND_PLACEHOLDER_IMAGE_URL, isSiteImagePath, type CsvRowError, type CsvUploadResponse } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';
import { newBrandValues } from '../brands/brand-values.js';
import { BrandImages } from '../images/brand-images.js';
import { CsvFileError, parseBrandCsv, validateBrandRows } from './brand-csv.js';
import { csvUploadError } from './csv-upload.js';

const LISTED_IN_MESSAGE = 3;

function summary(errors: CsvRowError[]): string {
  const lines = new Set(errors.map((error) => error.line)).size;
  const first = errors
    .slice(0, LISTED_IN_MESSAGE)
    .map((error) => `line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`);
  const more = errors.length > LISTED_IN_MESSAGE ? `; and ${errors.length - LISTED_IN_MESSAGE} more` : '';
  return `No brands were uploaded: ${errors.length} problem${errors.length > 1 ? 's' : ''} in ${lines} row${lines > 1 ? 's' : ''} (${first.join('; ')}${more})`;
}

/** Bulk upload: every row is checked first, then all are inserted in one transaction, or none. */
@Injectable()
export class BrandsCsvService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandRepository,
    private readonly images: BrandImages,
  ) {}

  async upload(bytes: Buffer): Promise<CsvUploadResponse> {
    let parsed: ReturnType<typeof parseBrandCsv>;
    try {
      parsed = parseBrandCsv(bytes);
    } catch (error) {
      if (error instanceof CsvFileError) throw csvUploadError(error.message, error.rows);
      throw error;
    }
    const { brands, errors } = validateBrandRows(parsed.rows);
    const problems = [...parsed.errors, ...errors].sort((a, b) => a.line - b.line);
    if (problems.length > 0) throw csvUploadError(summary(problems), problems);
    // A row's image link is not fetched in the upload (thousands of links, seconds each): the brand shows the
    // placeholder and the fetch job brings the image in once, behind the same guard as a form's (decision 0093).
    const created = await this.dataSource.transaction(async (manager) => {
      const inserted = await this.brands.insert(
        manager,
        brands.map((brand) => newBrandValues({ ...brand, imageUrl: isSiteImagePath(brand.imageUrl) ? brand.imageUrl : BRAND_PLACEHOLDER_IMAGE_URL })),
      );
      await this.images.queueFetches(
        manager,
        inserted.flatMap((brand, index) => {
          const sourceUrl = brands[index]!.imageUrl;
          return isSiteImagePath(sourceUrl) ? [] : [{ brandId: brand.id, sourceUrl }];
        }),
      );
      return inserted;
    });
    return { count: created.length };
  }
}
