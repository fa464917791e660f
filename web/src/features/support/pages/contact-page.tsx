import { CircleHelp, Clock, Mail, MessageCircleHeart } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrorsOfSubmission } from '@/components/form/submit';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { CONTACT_REPLY_HOURS, SUPPORT_EMAIL } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSendContactMessage } from '../api/send-contact-message';
import { ContactForm } from '../components/contact-form';

export function ContactPage() {
  const [sent, setSent] = useState(false);
  // A new key gives 'Send Another Message' an empty form.
  const [formKey, setFormKey] = useState(0);
  const send = useSendContactMessage({
    onSuccess: () => {
      toast({ title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." });
      setFormKey((key) => key + 1);
      setSent(true);
      window.scrollTo({ top: 0 });
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: 'Failed to send message',
        description: `Please try again or contact us directly at ${SUPPORT_EMAIL}`,
      });
    },
  });

  return (
    <Page
      title="Contact Us"
      description="Questions, brand suggestions, partnerships or a bug to report: we'd love to hear from you."
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          {sent ? (
            <ThankYou
              onAnother={() => {
                send.reset();
                setSent(false);
              }}
            />
          ) : (
            <ContactForm
              key={formKey}
              pending={send.isPending}
              onSubmit={(input) => fieldErrorsOfSubmission(send.mutateAsync(input))}
            />
          )}
        </div>
        <aside className="space-y-4">
          <InfoCard icon={<Mail />} title="Email us">
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-semibold break-all text-brand-700 underline-offset-4 hover:underline"
            >
              {SUPPORT_EMAIL}
            </a>
          </InfoCard>
          <InfoCard icon={<Clock />} title="Quick replies">
            We answer every message within {CONTACT_REPLY_HOURS} hours.
          </InfoCard>
          <InfoCard icon={<CircleHelp />} title="Looking for answers?">
            Voting, saving and featured brands are explained in our{' '}
            <Link to={paths.faq.getHref()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              FAQ
            </Link>
            .
          </InfoCard>
        </aside>
      </div>
    </Page>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
        {icon}
      </span>
      <div className="min-w-0 text-sm leading-6 text-stone-600">
        <h2 className="font-bold text-stone-900">{title}</h2>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}

function ThankYou({ onAnother }: { onAnother: () => void }) {
  return (
    <div className="flex flex-col items-center py-10 text-center sm:py-14">
      <div className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
        <MessageCircleHeart className="h-8 w-8" aria-hidden />
      </div>
      <h2 className="text-2xl font-bold tracking-tight text-stone-900">Thank You!</h2>
      <p className="mt-3 max-w-sm text-base text-stone-600">
        Your message is on its way. We&apos;ll reply to your email within {CONTACT_REPLY_HOURS} hours.
      </p>
      <Button variant="outline" size="lg" className="mt-8" onClick={onAnother}>
        Send Another Message
      </Button>
    </div>
  );
}
