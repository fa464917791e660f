import { BRAND_COUNTRIES } from '@hunted/contracts';
import { CircleCheckBig, Link2, Sparkles, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandForm } from '@/components/brand-form/brand-form';
import { failureToast, fieldErrorsOfSubmission, successToast } from '@/components/form/submit';
import { Button, buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Tip, TipsCard } from '@/components/ui/tip';
import { paths } from '@/config/paths';
import { useSubmitBrand } from '../api/submit-brand';

/** /submit, reached only through the signed-in guard. */
export function SubmitBrandPage() {
  const [submitted, setSubmitted] = useState(false);
  // A new key gives 'Submit Another Brand' an empty form.
  const [formKey, setFormKey] = useState(0);
  const submit = useSubmitBrand({
    onSuccess: () => {
      successToast('Brand submitted successfully!', 'Your brand is now live on the product and available for voting.');
      setSubmitted(true);
      window.scrollTo({ top: 0 });
    },
    onError: failureToast('Failed to submit brand', 'Please try again later.'),
  });

  if (submitted) {
    return (
      <SubmittedScreen
        onAnother={() => {
          submit.reset();
          setFormKey((key) => key + 1);
          setSubmitted(false);
        }}
      />
    );
  }

  return (
    <Page
      title="Submit your favourite independent brand"
      description="Know an independent UK brand that deserves more love? Tell the community about it: it goes live straight away for everyone to vote on."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem] lg:items-start">
        <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <BrandForm
            key={formKey}
            submitLabel="Submit Brand"
            pendingLabel="Submitting..."
            pending={submit.isPending}
            onSubmit={(input) => fieldErrorsOfSubmission(submit.mutateAsync(input))}
          />
        </div>
        <aside className="space-y-4 lg:sticky lg:top-24">
          <TipsCard title="What makes a great submission">
            <Tip icon={<Sparkles />}>
              An independent label: designed and run by real people, not a high-street chain.
            </Tip>
            <Tip icon={<Link2 />}>A bright product photo and at least one link to their shop or socials.</Tip>
            <Tip icon={<ThumbsUp />}>
              It goes live at once: share it with friends so it climbs today&apos;s leaderboard.
            </Tip>
          </TipsCard>
          <p className="px-2 text-xs leading-5 text-stone-500">
            We currently list brands from {BRAND_COUNTRIES.slice(0, -1).join(', ')} and {BRAND_COUNTRIES.at(-1)}.
          </p>
        </aside>
      </div>
    </Page>
  );
}

function SubmittedScreen({ onAnother }: { onAnother: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>Brand Submitted Successfully! · Hunted</title>
      <div className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
        <CircleCheckBig className="h-8 w-8" aria-hidden />
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Brand Submitted Successfully!</h1>
      <p className="mt-3 text-base text-stone-600">
        Thank you for sharing it. The brand is now live and the community can start voting for it.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.brands.getHref()} className={buttonClasses({ size: 'lg' })}>
          View All Brands
        </Link>
        <Button variant="outline" size="lg" onClick={onAnother}>
          Submit Another Brand
        </Button>
      </div>
    </div>
  );
}
