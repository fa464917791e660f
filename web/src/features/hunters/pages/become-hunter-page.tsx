import { BadgePercent, Clock3, Globe2, Banknote, ShieldCheck, TrendingUp, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hunterFiguresClaim, roundedDownCount } from '@hunted/contracts';
import { AgreeToTerms } from '@/components/legal/agree-to-terms';
import { HUNTER_APPROVAL_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useHunterFigures } from '../api/get-hunter-figures';
import { RecruitmentCta } from '../components/recruitment-cta';

/** Said when there is no figure to state (none listed yet, or the figures could not be read): it claims nothing. */
const NO_CLAIM = 'Share your eye with clients on Hunted';
const NO_CLAIM_HEADING = 'Become a hunter on Hunted';

const steps: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <UserPlus className="h-5 w-5" aria-hidden />,
    title: 'Sign up',
    text: 'Create your account and your hunter profile: your specialties, the languages you speak and the sessions you offer.',
  },
  {
    icon: <ShieldCheck className="h-5 w-5" aria-hidden />,
    title: `Get verified within ${HUNTER_APPROVAL_HOURS} hrs`,
    text: 'Our concierge team reviews your profile and verifies you, so clients know they are booking a real expert.',
  },
  {
    icon: <Banknote className="h-5 w-5" aria-hidden />,
    title: 'Start earning commissions',
    text: 'Clients book and pay through Hunted. You earn on every voice note, video call, consultation and question.',
  },
];

const benefits: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BadgePercent className="h-5 w-5" aria-hidden />,
    title: 'Set your own commission',
    text: 'You decide what your advice is worth. Price each session type yourself, or offer one free to get started.',
  },
  {
    icon: <Clock3 className="h-5 w-5" aria-hidden />,
    title: 'Hunt anytime',
    text: 'Choose your weekly hours, block the days you are away and take sessions from wherever you are.',
  },
  {
    icon: <TrendingUp className="h-5 w-5" aria-hidden />,
    title: 'Grow your brand',
    text: 'A public profile, client reviews and your Instagram on every card turn your eye into a following.',
  },
];

export function BecomeHunterPage() {
  const figures = useHunterFigures();
  const claim = figures.data ? hunterFiguresClaim(figures.data) : null;
  const loading = figures.isPending;
  // Placeholders keep the figures' lines at their final size while they load, so nothing moves when they arrive.
  const placeholder = (width: string) => (
    <span aria-hidden className={`inline-block ${width} animate-pulse rounded-md bg-stone-200 align-middle`}>
      &nbsp;
    </span>
  );
  const count = (n: number | undefined) =>
    loading ? placeholder('w-12') : n === undefined ? '–' : roundedDownCount(n);

  return (
    <>
      <title>Become a Hunter · Hunted</title>

      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-100),transparent_60%),radial-gradient(40rem_24rem_at_-5%_0%,#fef3c7,transparent_65%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.25fr_1fr] lg:gap-12 lg:px-8 lg:pt-24 lg:pb-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-semibold text-brand-700">
              Become a Hunter
            </p>
            <h1 className="mt-5 text-4xl leading-[1.05] font-extrabold tracking-tight text-stone-900 sm:text-5xl lg:text-6xl">
              Turn your taste into income
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-stone-600">
              You already know which labels are worth the hunt. Share that eye in paid one-to-one style sessions, on
              your schedule and at your price.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-4">
              <RecruitmentCta />
              <Link
                to={paths.bookAHunter.getHref()}
                className="text-sm font-semibold text-stone-700 underline-offset-4 hover:text-stone-900 hover:underline"
              >
                See the hunters
              </Link>
            </div>
            <AgreeToTerms action="By becoming a hunter" document="hunterTerms" className="mt-5 max-w-xl" />
          </div>

          <aside
            aria-label="Hunted in numbers"
            className="rounded-3xl border border-stone-200 bg-white/80 p-6 shadow-xl shadow-stone-900/5 backdrop-blur sm:p-8"
          >
            <div className="flex items-center gap-3">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <Globe2 className="h-5 w-5" aria-hidden />
              </span>
              <p className="text-sm font-semibold tracking-wider text-stone-500 uppercase">Hunted today</p>
            </div>
            <p
              className="mt-6 min-h-[4.125rem] text-2xl leading-snug font-bold tracking-tight text-stone-900 sm:min-h-[4.5rem] sm:text-3xl"
              aria-busy={loading}
            >
              {loading ? (
                <>
                  <span className="sr-only">Loading Hunted’s figures</span>
                  {placeholder('w-4/5')}
                </>
              ) : (
                (claim ?? NO_CLAIM)
              )}
            </p>
            <dl className="mt-6 grid grid-cols-3 gap-3 border-t border-stone-200 pt-6 text-center [&>div]:flex [&>div]:flex-col">
              <div>
                <dt className="text-xs font-medium text-stone-500">Hunters</dt>
                <dd className="order-first text-xl font-extrabold text-stone-900 sm:text-2xl">
                  {count(figures.data?.approvedHunters)}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-stone-500">Countries</dt>
                <dd className="order-first text-xl font-extrabold text-stone-900 sm:text-2xl">
                  {count(figures.data?.countries)}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-stone-500">To get verified</dt>
                <dd className="order-first text-xl font-extrabold text-stone-900 sm:text-2xl">
                  {HUNTER_APPROVAL_HOURS} hrs
                </dd>
              </div>
            </dl>
          </aside>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="how-it-works" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          How it works
        </h2>
        <p className="mt-2 text-base text-stone-600">Three steps from your first profile to your first session.</p>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-7">
              <div className="flex items-center justify-between">
                <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-stone-900 text-white">
                  {step.icon}
                </span>
                {/* Decoration (the step is named to screen readers in the heading): drawn as generated content,
                    so it is not text that must meet the contrast minimum. */}
                <span
                  aria-hidden
                  data-step={String(index + 1).padStart(2, '0')}
                  className="text-4xl font-extrabold text-stone-200 before:content-[attr(data-step)]"
                />
              </div>
              <h3 className="mt-5 text-lg font-bold tracking-tight text-stone-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-[15px] leading-7 text-stone-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why-hunt" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="why-hunt" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Why hunt with Hunted
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {benefits.map((benefit) => (
            <li
              key={benefit.title}
              className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                {benefit.icon}
              </span>
              <h3 className="mt-5 text-lg font-bold tracking-tight text-stone-900">{benefit.title}</h3>
              <p className="mt-2 text-[15px] leading-7 text-stone-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-stone-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center">
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{claim ? `Join ${claim}` : NO_CLAIM_HEADING}</h2>
            <p className="mt-2 max-w-lg text-stone-300">
              Your profile takes a few minutes. Our concierge team verifies new hunters within {HUNTER_APPROVAL_HOURS}{' '}
              hrs.
            </p>
          </div>
          <RecruitmentCta tone="dark" />
        </div>
      </section>
    </>
  );
}
