import { dateIn, longDateLabel, type HunterBooking, type SharedStylePassport } from '@hunted/contracts';
import { viewerTimeZone } from '@/lib/time-zone';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useSharedStylePassport } from '../../api/style-passport';
import { PassportBrands, PassportFilterHabits } from './passport-parts';

const BRAND_PARTS = ['savedBrands', 'votedBrands', 'reviewedBrands'] as const;

function SharedPassport({ shared }: { shared: SharedStylePassport }) {
  const { passport } = shared;
  const parts = [
    ...BRAND_PARTS.filter((part) => passport[part] !== null).map((part) => ({
      part,
      body: <PassportBrands brands={passport[part]!} />,
    })),
    ...(passport.filterHabits ? [{ part: 'filterHabits' as const, body: <PassportFilterHabits habits={passport.filterHabits} /> }] : []),
  ];
  return (
    <div className="space-y-5">
      {parts.length === 0 ? (
        <p className="text-sm text-stone-600">Your client chose not to share their saved, voted or reviewed brands or their filters.</p>
      ) : (
        parts.map(({ part, body }) => (
          <section key={part} aria-label={sharedPartTitle(part)}>
            <h3 className="mb-2 text-sm font-semibold text-stone-800">{sharedPartTitle(part)}</h3>
            {body}
          </section>
        ))
      )}
      <p className="border-t border-stone-100 pt-4 text-xs text-stone-500">
        {shared.shares.question ? 'Their question and photos are on the booking.' : 'They kept their question and photos private.'} You can
        see this until {longDateLabel(dateIn(viewerTimeZone(), Date.parse(shared.visibleUntil)))}.
      </p>
    </div>
  );
}

function sharedPartTitle(part: (typeof BRAND_PARTS)[number] | 'filterHabits'): string {
  return {
    savedBrands: 'Brands they saved',
    votedBrands: 'Brands they voted for',
    reviewedBrands: 'Brands they reviewed',
    filterHabits: 'The values and price levels they filter by most',
  }[part];
}

/**
 * 'Style passport' on a confirmed or completed booking of the hunter's: what the client chose to share about their
 * taste (read when opened; the server answers only within the booking's window).
 */
export function SharedPassportButton({ booking }: { booking: HunterBooking }) {
  const [open, setOpen] = useState(false);
  const shared = useSharedStylePassport(booking.id, open);
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <IdCard className="h-4 w-4" aria-hidden /> Style passport
      </Button>
      <DialogContent title={`${booking.clientName}'s style passport`} description="What your client chose to share about their taste.">
        {shared.isPending ? (
          <Spinner label="Loading the passport..." />
        ) : shared.isError ? (
          <p className="text-sm text-red-700">The passport could not be loaded. Please try again.</p>
        ) : shared.data === null ? (
          <p className="text-sm text-stone-600">There is no passport to see: it shows from confirmation until a week after the session.</p>
        ) : (
          <SharedPassport shared={shared.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
