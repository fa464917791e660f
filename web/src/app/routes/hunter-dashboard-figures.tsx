import type { OwnHunter } from '@hunted/contracts';
import { CalendarCheck, CalendarClock, Banknote, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useHunterEarnings } from '@/features/bookings/api/get-hunter-earnings';
import type { HunterBookingsSummary } from '@/features/bookings/lib/hunter-bookings-summary';
import { taxYearLabel } from '@/features/bookings/lib/tax-year';
import { formatMoney } from '@/lib/money';
import { ratingLabel } from '@/lib/rating';

/** The rating card: the average, or 'New' while the hunter has no reviews (never a made-up 5.0). */
export function averageRatingLabel(rating: number | null | undefined): string {
  return ratingLabel(rating);
}

/** The four cards above the tabs: net earnings, bookings, rating and sessions to come. */
export function DashboardFigures({
  hunter,
  summary,
  bookingsFailed,
  taxYear,
}: {
  hunter: OwnHunter;
  summary: HunterBookingsSummary | null;
  bookingsFailed: boolean;
  taxYear: number;
}) {
  const bookingsNote = bookingsFailed ? 'Could not be loaded' : 'Loading...';
  const reviews = `${hunter.reviewCount} ${hunter.reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <section aria-label="Your figures" className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <NetEarningsCard taxYear={taxYear} />
      <StatCard
        icon={<CalendarCheck aria-hidden />}
        label="Total Bookings"
        value={summary ? String(summary.totalBookings) : undefined}
        note={summary ? 'Confirmed and completed' : bookingsNote}
      />
      <StatCard
        icon={<Star aria-hidden />}
        label="Average Rating"
        value={averageRatingLabel(hunter.rating)}
        note={reviews}
      />
      <StatCard
        icon={<CalendarClock aria-hidden />}
        label="Upcoming Sessions"
        value={summary ? String(summary.upcoming.length) : undefined}
        note={summary ? 'Still to come' : bookingsNote}
      />
    </section>
  );
}

// The earnings arrive after the dashboard is drawn: the card reads them itself, so their answer redraws the card,
// not the whole dashboard in one long task on a phone (issue 23).

/** The money card: this tax year's real net (after the platform's fees and refunds), as the Earnings tab shows. */
function NetEarningsCard({ taxYear }: { taxYear: number }) {
  const earnings = useHunterEarnings(taxYear);
  return (
    <StatCard
      icon={<Banknote aria-hidden />}
      label="Net Earnings"
      value={earnings.data ? formatMoney(earnings.data.totals.netPence, earnings.data.currency) : undefined}
      note={
        earnings.data ? (
          <Link
            to={`${paths.hunterDashboard.getHref()}?tab=earnings`}
            className="font-medium text-brand-700 hover:text-brand-800"
          >
            {taxYearLabel(taxYear)} after fees · details
          </Link>
        ) : earnings.isError ? (
          'Could not be loaded'
        ) : (
          'Loading...'
        )
      }
    />
  );
}

function StatCard({ icon, label, value, note }: { icon: ReactNode; label: string; value?: string; note: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 [&_svg]:h-4 [&_svg]:w-4">
          {icon}
        </span>
      </div>
      {value ? (
        <p className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{value}</p>
      ) : (
        <p className="mt-3 text-2xl font-bold text-stone-300 sm:text-3xl" aria-hidden>
          —
        </p>
      )}
      <div className="mt-1 text-xs text-stone-500">{note}</div>
    </div>
  );
}
