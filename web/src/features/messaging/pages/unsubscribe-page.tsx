import { UNSUBSCRIBE_LINK_INVALID, type UnsubscribeResponse } from '@hunted/contracts';
import { BellOff, BellRing, CircleAlert, MailX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { serverMessageOf } from '@/lib/field-errors';
import { useResubscribe, useUnsubscribe } from '../api/unsubscribe';

const PREFERENCES = paths.editProfile.getHref('email-preferences');

/** A refused token (400: forged, altered, or of an account messaging no longer knows) changes nothing. */
const isInvalidLink = (error: unknown) => error instanceof HttpError && error.status === 400;

/**
 * /unsubscribe?token=: where an email's unsubscribe link lands when a person follows it. Following a link (a GET,
 * which link scanners make too) changes nothing on the server; this page turns the kind off with a POST as it
 * loads, says what was turned off, and offers it back. No sign-in needed: the token says whose and which.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const resubscribe = useResubscribe();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit (a development double mount included); the server's answer is the same the second time anyway.
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  if (!token || isInvalidLink(unsubscribe.error) || isInvalidLink(resubscribe.error)) {
    return (
      <Frame icon={<MailX className="h-6 w-6" aria-hidden />} title="This link is not valid" description={UNSUBSCRIBE_LINK_INVALID} />
    );
  }
  if (unsubscribe.isError) {
    return (
      <Frame
        icon={<CircleAlert className="h-6 w-6" aria-hidden />}
        title="Something went wrong"
        description={serverMessageOf(unsubscribe.error) ?? 'Your email preferences could not be changed just now. Please try again in a moment.'}
      >
        <Button onClick={() => unsubscribe.mutate(token)}>Try again</Button>
      </Frame>
    );
  }
  const answer: UnsubscribeResponse | undefined = resubscribe.data ?? unsubscribe.data;
  if (!answer) return <Spinner label="Updating your email preferences..." />;

  if (answer.subscribed) {
    return (
      <Frame
        icon={<BellRing className="h-6 w-6" aria-hidden />}
        title="Emails back on"
        description={`${answer.label} emails are back on.`}
      />
    );
  }
  return (
    <Frame
      icon={<BellOff className="h-6 w-6" aria-hidden />}
      title="You're unsubscribed"
      description={`You won't get ${answer.label} emails any more.`}
    >
      <Button variant="outline" disabled={resubscribe.isPending} onClick={() => resubscribe.mutate(token)}>
        {resubscribe.isPending ? 'Turning them back on...' : 'Turn them back on'}
      </Button>
      {resubscribe.isError ? (
        <p role="alert" className="basis-full text-sm font-medium text-red-700">
          {serverMessageOf(resubscribe.error) ?? 'They could not be turned back on just now. Please try again in a moment.'}
        </p>
      ) : null}
    </Frame>
  );
}

/** The page's notice, always with the way to every switch: the preferences on /edit-profile, after sign-in for a guest. */
function Frame({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  const auth = useAuth();
  const choose = 'Choose which emails you get';
  return (
    <Notice icon={icon} title={title} description={description}>
      {children}
      {auth.status === 'authenticated' ? (
        <Link to={PREFERENCES} className={buttonClasses({ variant: 'ghost' })}>
          {choose}
        </Link>
      ) : (
        // Sign-in is the gateway's, a full navigation; identity brings the member back to the section.
        <a href={paths.login.getHref(PREFERENCES)} className={buttonClasses({ variant: 'ghost' })}>
          {choose}
        </a>
      )}
    </Notice>
  );
}
