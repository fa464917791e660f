import { ArrowRight, Compass, LogIn, ThumbsUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { BRAND_CATEGORIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { goToLogin, useAuth } from '@/lib/auth';

const features: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ThumbsUp className="h-5 w-5" aria-hidden />,
    title: 'Vote for your favourites',
    text: 'Back the independent brands you love and help them rise to the top of today’s picks.',
  },
  {
    icon: <Users className="h-5 w-5" aria-hidden />,
    title: 'Join the community',
    text: 'Save brands, share reviews and swap finds with people who care where their things come from.',
  },
  {
    icon: <Compass className="h-5 w-5" aria-hidden />,
    title: 'Discover something new',
    text: 'Explore small labels from the UK, France, Italy and Spain that you won’t find on the high street.',
  },
];

export function LandingPage() {
  const auth = useAuth();
  return (
    <>
      <title>Hunted · Discover Independent Brands</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-100),transparent_60%),radial-gradient(40rem_24rem_at_-5%_0%,#fef3c7,transparent_65%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.2fr_1fr] lg:px-8 lg:pt-24 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-semibold text-brand-700">
              Independent brands from across Europe
            </p>
            <h1 className="mt-5 text-4xl leading-[1.05] font-extrabold tracking-tight text-stone-900 sm:text-5xl lg:text-6xl">
              Welcome to Hunted
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-stone-600">
              {auth.status === 'authenticated' ? `Good to see you, ${auth.user.firstName || 'there'}. ` : ''}
              Discover independent brands worth hunting for, vote for the ones you love and support the makers behind
              them.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.today.getHref()} className={buttonClasses({ size: 'lg' })}>
                Today&apos;s Brands <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
              <Link to={paths.brands.getHref()} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                Browse All Brands
              </Link>
            </div>
          </div>

          <div className="rounded-3xl border border-stone-200 bg-white/80 p-6 shadow-xl shadow-stone-900/5 backdrop-blur sm:p-8">
            <h2 className="text-sm font-semibold tracking-wider text-stone-500 uppercase">Browse by category</h2>
            <ul className="mt-5 flex flex-wrap gap-2.5">
              {BRAND_CATEGORIES.map((category) => (
                <li key={category}>
                  <Link
                    to={paths.brands.getHref({ category })}
                    className="inline-flex rounded-full border border-stone-200 bg-stone-50 px-3.5 py-1.5 text-sm font-medium text-stone-700 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-hunted" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="why-hunted" className="sr-only">
          Why Hunted
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {features.map((feature) => (
            <li
              key={feature.title}
              className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                {feature.icon}
              </span>
              <h3 className="mt-5 text-lg font-bold tracking-tight text-stone-900">{feature.title}</h3>
              <p className="mt-2 text-[15px] leading-7 text-stone-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {auth.status === 'unauthenticated' ? (
        <section className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-stone-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:px-10">
            <div>
              <h2 className="text-2xl font-bold tracking-tight">Make your picks count</h2>
              <p className="mt-2 max-w-lg text-stone-300">
                Sign in to vote for brands, save your favourites and write reviews. Browsing stays free for everyone.
              </p>
            </div>
            <Button size="lg" className="bg-white !text-stone-900 hover:bg-stone-100" onClick={goToLogin}>
              <LogIn className="h-4 w-4" aria-hidden /> Join Hunted
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}
