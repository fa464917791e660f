import type { Brand } from '@hunted/contracts';
import { MapPin, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';

/** A brand's category, country and delivery badges, as every card and the brand page show them. */
export function BrandBadges({
  brand,
  className,
  children,
}: {
  brand: Pick<Brand, 'category' | 'location' | 'delivery'>;
  className?: string;
  /** Further badges after the three (the brand page adds the price level). */
  children?: ReactNode;
}) {
  return (
    <div className={cn('mt-2 flex flex-wrap gap-1.5', className)}>
      <Badge tone="brand">{brand.category}</Badge>
      <Badge>
        <MapPin aria-hidden /> {brand.location}
      </Badge>
      <Badge tone="sky">
        <Truck aria-hidden /> {brand.delivery}
      </Badge>
      {children}
    </div>
  );
}
