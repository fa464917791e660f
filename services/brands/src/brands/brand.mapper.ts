import type { Brand } from '@hunted/contracts';
import type { BrandEntity } from './brand.entity.js';

/** The API's view of a brand: every endpoint answers this shape. */
export function toBrand(entity: BrandEntity): Brand {
  return {
    id: entity.id,
    name: entity.name,
    description: entity.description,
    category: entity.category,
    location: entity.location,
    delivery: entity.delivery,
    imageUrl: entity.imageUrl,
    instagramUrl: entity.instagramUrl,
    etsyUrl: entity.etsyUrl,
    websiteUrl: entity.websiteUrl,
    tiktokUrl: entity.tiktokUrl,
    votes: entity.votes,
    rating: Number(entity.rating),
    ratingCount: entity.ratingCount,
    tags: entity.tags,
    hashtags: entity.hashtags,
    priceCategory: entity.priceCategory,
    featured: entity.featured,
    featuredDate: entity.featuredDate,
    views: entity.views,
    createdAt: entity.createdAt.toISOString(),
  };
}
