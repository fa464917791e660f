import { sessionCookieName } from '@hunted/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { inlineLink, LegalDocumentPage, LegalList, LegalSection, OperatorEmail } from '../components/legal-document';

/**
 * Every cookie and browser storage entry Hunted sets, found in the code: identity's session cookie
 * (services/identity/src/sessions/session-cookie.ts, its lifetime SESSION_TTL_DAYS), Stripe.js's own on the payment
 * page (web/src/features/bookings/components/stripe-checkout.tsx), and the SPA's two sessionStorage entries
 * (booking-choice.ts, scroll-memory.ts). The gateway and the web app set no cookie of their own. A new one is a new
 * row here, and a new date; a non-essential one also needs a consent banner first.
 */
const cookies: { name: string; setBy: string; purpose: string; lifetime: string }[] = [
  {
    name: `${sessionCookieName('https://hunted')} (${sessionCookieName('http://localhost')} in development)`,
    setBy: 'Hunted',
    purpose:
      'Keeps you signed in, and remembers a sign-in you have started. It holds a random, signed session number and nothing else; scripts cannot read it.',
    lifetime: '7 days from when you sign in, or until you sign out',
  },
  {
    name: '__stripe_mid, __stripe_sid',
    setBy: 'Stripe, on the payment page only',
    purpose: 'Lets Stripe detect fraud while you pay by card.',
    lifetime: '__stripe_mid 1 year, __stripe_sid 30 minutes',
  },
];

/** `/cookies`: the cookie notice (PECR reg. 6): each cookie, its purpose and lifetime, and why there is no banner. */
export function CookiesPage() {
  return (
    <LegalDocumentPage
      document="cookies"
      title="Cookie Notice"
      description="The cookies Hunted uses, what each one is for and how long it lasts. All of them are strictly necessary."
    >
      <LegalSection id="summary" title="1. In short">
        <p>
          Hunted uses only cookies that are strictly necessary for the site to work: to keep you signed in and to take
          card payments safely. We do not use advertising, analytics or social media cookies, and no cookie follows you
          to other sites.
        </p>
        <p>
          Because every cookie we use is strictly necessary, the law does not require us to ask for your consent, so you
          will not see a cookie banner. If we ever add a cookie that is not strictly necessary, we will ask for your
          consent with a banner before setting it, and update this notice.
        </p>
      </LegalSection>

      <LegalSection id="list" title="2. The cookies we use">
        <div className="overflow-x-auto rounded-2xl border border-stone-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-stone-50 text-stone-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Cookie
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Set by
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Lifetime
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 align-top">
              {cookies.map((cookie) => (
                <tr key={cookie.name}>
                  <td className="px-4 py-3 font-mono text-xs text-stone-900">{cookie.name}</td>
                  <td className="px-4 py-3">{cookie.setBy}</td>
                  <td className="px-4 py-3">{cookie.purpose}</td>
                  <td className="px-4 py-3">{cookie.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="storage" title="3. Other storage in your browser">
        <p>While a tab is open, Hunted keeps two small notes in your browser&apos;s session storage:</p>
        <LegalList>
          <li>
            the session you are booking (hunter, type, date and time), so it survives the step to the payment page;
          </li>
          <li>where you had scrolled to in the brand directory, so the back button returns you there.</li>
        </LegalList>
        <p>Both are deleted when you close the tab, and neither is sent to us.</p>
      </LegalSection>

      <LegalSection id="control" title="4. Your choices">
        <p>
          You can delete or block cookies in your browser&apos;s settings. If you block the session cookie you cannot
          sign in, and if you block Stripe&apos;s you may not be able to pay. More on how we use your data is in the{' '}
          <Link to={paths.privacy.getHref()} className={inlineLink}>
            Privacy Notice
          </Link>
          ; questions to <OperatorEmail />.
        </p>
      </LegalSection>
    </LegalDocumentPage>
  );
}
