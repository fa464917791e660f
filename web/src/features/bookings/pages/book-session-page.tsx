import {
  BOOKING_ACTION_MESSAGES,
  PASSPORT_PARTS,
  type PassportShares,
  bookingQuestionAbout,
  PAYOUT_MESSAGES,
  SESSION_TYPE_LABELS,
  needsExpressRequest,
  SESSION_TYPES,
  type SessionTypeKey,
} from '@hunted/contracts';
import { ArrowLeft, Info, SearchX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AgreeToTerms } from '@/components/legal/agree-to-terms';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { UseBookableHunter } from '../api/bookable-hunter';
import { useOwnStylePassport } from '../api/style-passport';
import { BookingQuestion, type PickedBookingPhoto } from '../components/booking-question';
import { CancellationPolicy } from '../components/cancellation-policy';
import { passportPartHasContent, StylePassportChoice } from '../components/passport/style-passport-choice';
import { HunterSummary } from '../components/hunter-summary';
import { SlotPicker, type SlotChoice } from '../components/slot-picker';
import { useNow } from '../hooks/use-now';
import { useDirectoryBrand } from '@/lib/directory-brands';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { saveBookingChoice } from '../lib/booking-choice';
import { formatMoney } from '@/lib/money';
import { viewerTimeZone } from '@/lib/time-zone';
import { sessionWhen } from '@/lib/zoned-time';

/**
 * `?about={brandId}` (a brand page's 'Book a session about {brand}'): the question starts as a word about that brand,
 * once its name is read, unless the client has already written one.
 */
function useQuestionAbout(setNotes: (update: (notes: string) => string) => void) {
  const [search] = useSearchParams();
  const about = Number(search.get('about'));
  const brand = useDirectoryBrand(Number.isInteger(about) && about > 0 ? about : null);
  const filled = useRef(false);
  const name = brand.data?.name;
  useEffect(() => {
    if (!name || filled.current) return;
    filled.current = true;
    setNotes((notes) => (notes.trim() === '' ? bookingQuestionAbout(name) : notes));
  }, [name, setNotes]);
}

/** /book-session/{hunterId}: choose a session type and one of the hunter's real, free times, then continue to pay. */
export function BookSessionPage({ useBookableHunter }: { useBookableHunter: UseBookableHunter }) {
  const hunterId = Number(useParams().hunterId);
  const hunter = useBookableHunter(hunterId);
  const drawn = useDrawnInBackground(!hunter.isPending);
  const navigate = useNavigate();
  const typeSelectId = useId();
  const [sessionType, setSessionType] = useState<SessionTypeKey | null>(null);
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  // The express request is about one time: choosing another asks again.
  const [expressRequest, setExpressRequest] = useState(false);
  const now = useNow(60_000);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<PickedBookingPhoto[]>([]);
  const notesId = useId();
  // Every part starts on: the client sees exactly what each shows and switches off what they would keep.
  const [shares, setShares] = useState<PassportShares>(
    () => Object.fromEntries(PASSPORT_PARTS.map((part) => [part, true])) as PassportShares,
  );
  const passport = useOwnStylePassport();
  useUnauthorizedRedirect(hunter.error);
  useQuestionAbout(setNotes);

  const backToHunters = (
    <Link
      to={paths.bookAHunter.getHref()}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Hunters
    </Link>
  );

  const notFound = (
    <Notice icon={<SearchX className="h-6 w-6" aria-hidden />} title="Hunter not found">
      <Link to={paths.bookAHunter.getHref()} className={buttonClasses()}>
        Back to Hunters
      </Link>
    </Notice>
  );
  if (!Number.isInteger(hunterId) || hunterId <= 0) return notFound;
  if (hunter.isPending || !drawn) return <Spinner label="Loading hunter..." />;
  if (hunter.isError) {
    return (
      <Notice title="Book a Session" description="This hunter could not be loaded. Please try again.">
        <Button onClick={() => void hunter.refetch()}>Try again</Button>
      </Notice>
    );
  }
  const found = hunter.data;
  if (!found) return notFound;

  const enabledTypes = SESSION_TYPES.filter((key) => found.sessionTypes[key].enabled);
  // Until the hunter's payouts are enabled their paid types cannot be held (the server refuses with the same words);
  // free ones stay bookable.
  const notBookable = (key: SessionTypeKey) => !found.takesPaidBookings && found.sessionTypes[key].price > 0;
  const someNotBookable = enabledTypes.some(notBookable);
  const settings = sessionType ? found.sessionTypes[sessionType] : null;
  const uploading = photos.some((photo) => photo.id === null);
  const needsRequest = choice !== null && needsExpressRequest(choice.slot.startsAt, now);
  const canContinue =
    sessionType !== null && settings !== null && choice !== null && !uploading && (!needsRequest || expressRequest);
  const chooseTime = (next: SlotChoice | null) => {
    setChoice(next);
    setExpressRequest(false);
  };
  const questionRequired = sessionType === 'askQuestion';

  const onContinue = () => {
    if (!sessionType || !settings || !choice || uploading || (needsRequest && !expressRequest)) return;
    const question = notes.trim();
    // The server refuses a question session without its question, in the same words.
    if (questionRequired && question === '') {
      setNotesError(BOOKING_ACTION_MESSAGES.notesRequired);
      document.getElementById(notesId)?.focus();
      return;
    }
    const photoIds = photos.flatMap((photo) => (photo.id ? [photo.id] : []));
    // What is shared is what the screen showed switched on: an empty part, or a passport that did not load, shares nothing.
    const shared = (part: Exclude<(typeof PASSPORT_PARTS)[number], 'question'>) =>
      shares[part] && passport.data !== undefined && passportPartHasContent(passport.data, part);
    const passportShares: PassportShares = {
      savedBrands: shared('savedBrands'),
      votedBrands: shared('votedBrands'),
      reviewedBrands: shared('reviewedBrands'),
      filterHabits: shared('filterHabits'),
      question: questionRequired || shares.question,
    };
    saveBookingChoice({
      hunterId,
      sessionDate: choice.date,
      sessionTime: choice.slot.time,
      startsAt: choice.slot.startsAt,
      timeZone: choice.timeZone,
      sessionType,
      duration: settings.duration,
      price: settings.price,
      ...(question ? { notes: question } : {}),
      ...(photoIds.length > 0 ? { photoIds } : {}),
      passport: passportShares,
      ...(needsRequest ? { expressRequest: true } : {}),
    });
    void navigate(paths.payment.getHref(hunterId));
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`Book a Session with ${found.name} · Hunted`}</title>
      {backToHunters}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Book a Session</h1>
      <p className="mt-2 text-base text-stone-600">Choose a session type, a day and a time with {found.name}.</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <HunterSummary hunter={found} />

        <section
          aria-labelledby="time-selection"
          className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="time-selection" className="text-xl font-bold text-stone-900">
            Select a time
          </h2>
          <label htmlFor={typeSelectId} className="mt-5 block text-sm font-semibold text-stone-800">
            Service type
          </label>
          <Select
            id={typeSelectId}
            className="mt-1.5"
            value={sessionType ?? ''}
            onChange={(event) => {
              setSessionType((event.target.value || null) as SessionTypeKey | null);
              // A slot fits one duration; another type needs the times read again.
              chooseTime(null);
            }}
          >
            <option value="">Choose a service type</option>
            {enabledTypes.map((key) => (
              <option key={key} value={key} disabled={notBookable(key)}>
                {SESSION_TYPE_LABELS[key]} —{' '}
                {formatMoney(found.sessionTypes[key].price * 100, found.currency, { minorUnits: 'unlessWhole' })} ·{' '}
                {found.sessionTypes[key].duration} min
                {notBookable(key) ? ` (${PAYOUT_MESSAGES.notTakingPaid})` : ''}
              </option>
            ))}
          </Select>
          {someNotBookable ? (
            <p className="mt-2 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {PAYOUT_MESSAGES.notTakingPaid}: {found.name}&apos;s paid sessions open once their payouts are set up.
                {enabledTypes.some((key) => !notBookable(key)) ? ' Free sessions can be booked now.' : ''}
              </span>
            </p>
          ) : null}
          {enabledTypes.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">This hunter offers no sessions at the moment.</p>
          ) : null}

          <div className="mt-6">
            <SlotPicker hunterId={hunterId} sessionType={sessionType} selected={choice} onSelect={chooseTime} />
          </div>

          <div className="mt-6 border-t border-stone-100 pt-6">
            <BookingQuestion
              required={questionRequired}
              notes={notes}
              onNotesChange={(value) => {
                setNotes(value);
                if (value.trim() !== '') setNotesError(null);
              }}
              notesError={questionRequired ? notesError : null}
              photos={photos}
              onPhotosChange={setPhotos}
              notesId={notesId}
            />
          </div>

          <div className="mt-6">
            <StylePassportChoice
              hunterName={found.name}
              shares={shares}
              onSharesChange={setShares}
              questionLocked={questionRequired}
            />
          </div>

          <div className="mt-6 rounded-2xl bg-stone-50 p-4 sm:p-5" aria-label="Booking summary" role="group">
            <h3 className="text-sm font-semibold tracking-wide text-stone-500 uppercase">Summary</h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-y-1.5 text-sm">
              <dt className="text-stone-500">Session</dt>
              <dd className="pl-4 text-right font-medium text-stone-900">
                {sessionType ? SESSION_TYPE_LABELS[sessionType] : '—'}
              </dd>
              <dt className="text-stone-500">Duration</dt>
              <dd className="pl-4 text-right font-medium text-stone-900">
                {settings ? `${settings.duration} min` : '—'}
              </dd>
              <dt className="text-stone-500">When</dt>
              <dd className="pl-4 text-right font-medium text-stone-900">
                {choice
                  ? sessionWhen(Date.parse(choice.slot.startsAt), {
                      viewerZone: viewerTimeZone(),
                      otherZone: choice.timeZone,
                      placeFirst: sessionType === 'inPerson',
                    })
                  : '—'}
              </dd>
              <dt className="border-t border-stone-200 pt-2 font-semibold text-stone-900">Total</dt>
              <dd className="border-t border-stone-200 pt-2 pl-4 text-right text-lg font-bold text-stone-900">
                {settings ? formatMoney(settings.price * 100, found.currency, { minorUnits: 'unlessWhole' }) : '—'}
              </dd>
            </dl>
            <CancellationPolicy
              className="mt-4"
              startsAt={choice?.slot.startsAt ?? null}
              now={now}
              expressRequest={{ checked: expressRequest, onChange: setExpressRequest }}
            />
            {needsRequest && !expressRequest ? (
              <p className="mt-2 text-xs text-stone-600">Tick the box above to continue with this time.</p>
            ) : null}
            <Button size="lg" className="mt-4 w-full" disabled={!canContinue} onClick={onContinue}>
              {uploading ? 'Uploading photos...' : 'Continue'}
            </Button>
            <AgreeToTerms action="By booking" className="mt-3 text-center" />
          </div>
        </section>
      </div>
    </div>
  );
}
