import { BRAND_COUNTRIES } from '@hunted/contracts';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Accordion, AccordionItem } from '@/components/ui/accordion';
import { buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { CONTACT_REPLY_HOURS, SUPPORT_EMAIL } from '@/config/constants';
import { paths } from '@/config/paths';

const inlineLink = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

const otherCountries = BRAND_COUNTRIES.filter((country) => !['UK', 'France', 'Italy', 'Spain'].includes(country));

/** The ten questions of the spec, in its order. */
const questions: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'what',
    question: 'What is Hunted?',
    answer: (
      <p>
        Hunted is a community directory of independent brands from the UK and Europe. You can discover small labels,
        vote for the ones you love, save them for later and read what other people think of them, so great makers get
        the attention the high street usually takes.
      </p>
    ),
  },
  {
    id: 'how',
    question: 'How does Hunted work?',
    answer: (
      <p>
        Members submit independent brands they love and each one goes live straight away. Everyone can browse the{' '}
        <Link to={paths.brands.getHref()} className={inlineLink}>
          full directory
        </Link>{' '}
        and filter it by category, country, delivery, price and rating. Every day the community votes, and{' '}
        <Link to={paths.today.getHref()} className={inlineLink}>
          Today&apos;s Featured Brands
        </Link>{' '}
        ranks the brands by the votes they received that day.
      </p>
    ),
  },
  {
    id: 'voting',
    question: 'How does voting work?',
    answer: (
      <p>
        Sign in and press the vote button on a brand&apos;s card or page. You can vote once per brand every 24 hours,
        so come back tomorrow to support your favourites again. Votes count towards today&apos;s leaderboard and the
        brand&apos;s all-time total.
      </p>
    ),
  },
  {
    id: 'reviews',
    question: 'Can I leave comments and reviews?',
    answer: (
      <p>
        Yes. Signed-in members can comment on any brand page and write one review per brand, rating it on speed,
        ease, quality and sustainability, with up to three photos of what they bought. Everyone can read comments and
        reviews without an account.
      </p>
    ),
  },
  {
    id: 'featured',
    question: 'How do brands get featured?',
    answer: (
      <p>
        At midnight London time, the brand that received the most votes that day becomes the Featured Brand of the
        Day. From time to time our editors pick a brand to feature instead. Featured brands carry a badge on their
        page.
      </p>
    ),
  },
  {
    id: 'account',
    question: 'Do I need an account?',
    answer: (
      <p>
        No, browsing is free and open to everyone. You need an account to vote, save brands, comment and keep track
        of your favourites and bookings. Signing in takes a few seconds.
      </p>
    ),
  },
  {
    id: 'fashion',
    question: 'Is Hunted only for fashion brands?',
    answer: (
      <p>
        No. Fashion is at the heart of it (clothing, dresses, shoes, bags, jewellery, swimwear and preowned), but you
        will also find beauty, home, food and beverages, and arts and crafts. If it is independent and made with care,
        it belongs here.
      </p>
    ),
  },
  {
    id: 'countries',
    question: 'Which countries do you cover?',
    answer: (
      <p>
        We currently cover the UK, France, Italy and Spain, and we are starting to list brands from{' '}
        {otherCountries.slice(0, -1).join(', ')} and {otherCountries.at(-1)} too. Each brand shows whether it delivers
        locally only, Europe wide or internationally.
      </p>
    ),
  },
  {
    id: 'shop',
    question: 'Is Hunted a shop?',
    answer: (
      <p>
        No, we don&apos;t sell anything and we take no cut. Each brand page links to the brand&apos;s own website,
        Etsy shop, Instagram or TikTok, and you buy directly from them.
      </p>
    ),
  },
  {
    id: 'questions',
    question: 'I still have questions. How can I reach you?',
    answer: (
      <p>
        Write to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={inlineLink}>
          {SUPPORT_EMAIL}
        </a>{' '}
        or use the{' '}
        <Link to={paths.contact.getHref()} className={inlineLink}>
          contact form
        </Link>
        . We reply within {CONTACT_REPLY_HOURS} hours.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <Page
      title="Frequently Asked Questions"
      description="Everything you need to know about discovering, voting for and sharing independent brands on Hunted."
    >
      <Accordion type="single" collapsible className="rounded-3xl border border-stone-200 bg-white px-5 shadow-sm sm:px-8">
        {questions.map((item) => (
          <AccordionItem key={item.id} value={item.id} question={item.question}>
            {item.answer}
          </AccordionItem>
        ))}
      </Accordion>

      <section className="mt-10 flex flex-col items-start gap-5 rounded-3xl bg-stone-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-lg font-bold">Still have questions?</h2>
          <p className="mt-1 text-sm text-stone-300">Our team replies within {CONTACT_REPLY_HOURS} hours.</p>
        </div>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses({ size: 'lg' })}>
          <Mail className="h-4 w-4" aria-hidden /> Contact Us
        </a>
      </section>
    </Page>
  );
}
