import { Injectable } from '@nestjs/common';
import type { BrandRef } from '@hunted/contracts';
import {
  ModerationService,
  binaryFile,
  bookingCopiesOfClient,
  extensionOf,
  jsonFile,
  textFile,
  type DataExportContributor,
  type ExportFile,
} from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';
import { BrandImages } from '../images/brand-images.js';
import { FilterHabits } from '../passport/filter-habits.js';
import { SavesService } from '../saves/saves.service.js';
import { VotesService } from '../votes/votes.service.js';
import { BRANDS_EXPORT_README } from './brands-export-readme.js';

/**
 * The directory's part of a member's archive (issue 36): votes with their dates and addresses, saves, filter habits,
 * style passport grants, the images their forms brought (bytes as files) and the brands showing them. Each kind of
 * record is read through its table's owner; `README.md` says what every file is.
 */
@Injectable()
export class BrandsDataExport implements DataExportContributor {
  constructor(
    private readonly brands: BrandRepository,
    private readonly votes: VotesService,
    private readonly saves: SavesService,
    private readonly habits: FilterHabits,
    private readonly images: BrandImages,
    private readonly moderation: ModerationService,
  ) {}

  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    const [votes, saves, habits, images, bookings] = [
      await this.votes.ofMember(manager, userId),
      await this.saves.ofMember(manager, userId),
      await this.habits.ofMember(manager, userId),
      await this.images.uploadedBy(manager, userId),
      await bookingCopiesOfClient(manager, userId),
    ];
    // Their submissions: the brands they submitted (known since issue 37) and those showing an image they brought.
    const submitted = await this.brands.submittedBy(manager, userId);
    const moderation = await this.moderation.exportOf(manager, userId);
    const shown = [...new Set([...submitted, ...images.flatMap((image) => image.shownBy)])];
    const refs = new Map<number, BrandRef>(
      (await this.brands.refsInOrder([...new Set([...votes.map((v) => v.brandId), ...saves.map((s) => s.brandId), ...shown])], true)).map(
        (ref) => [ref.id, ref],
      ),
    );
    const brandOf = (id: number) => ({ id, name: refs.get(id)?.name ?? null });
    const imageFile = (image: (typeof images)[number]) => `images/${image.id}.${extensionOf(image.contentType)}`;

    return [
      textFile('brands', 'README.md', BRANDS_EXPORT_README),
      jsonFile(
        'brands',
        'votes.json',
        votes.map((vote) => ({ brand: brandOf(vote.brandId), votedAt: vote.votedAt, ipAddress: vote.ipAddress })),
      ),
      jsonFile('brands', 'saves.json', saves.map((save) => ({ brand: brandOf(save.brandId), savedAt: save.savedAt }))),
      jsonFile('brands', 'filter-habits.json', habits),
      jsonFile(
        'brands',
        'passport-grants.json',
        bookings.map((booking) => ({
          bookingId: booking.bookingId,
          sessionType: booking.sessionType,
          startsAt: booking.startsAt,
          endsAt: booking.endsAt,
          status: booking.status,
          shared: booking.passport,
          hunterMayReadUntil: booking.status === 'cancelled' ? null : booking.passportUntil,
        })),
      ),
      jsonFile(
        'brands',
        'submissions.json',
        (await this.brands.findManyInOrder(shown, true)).map((brand) => ({
          brand,
          imageYouBrought: images.filter((image) => image.shownBy.includes(brand.id)).map(imageFile),
        })),
      ),
      jsonFile(
        'brands',
        'images.json',
        images.map((image) => ({
          file: imageFile(image),
          storedAt: image.storedAt,
          fetchedFrom: image.sourceUrl,
          shownBy: image.shownBy.map(brandOf),
        })),
      ),
      jsonFile('brands', 'reports.json', moderation.reports),
      jsonFile('brands', 'appeals.json', moderation.appeals),
      ...images.map((image) => binaryFile('brands', imageFile(image), image.contentType, image.bytes)),
    ];
  }
}
