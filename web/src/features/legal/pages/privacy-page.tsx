import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  inlineLink,
  LegalDocumentPage,
  LegalList,
  LegalSection,
  OperatorEmail,
  OperatorName,
} from '../components/legal-document';

/**
 * What each part of Hunted holds and for how long: docs/your-data.md ("What each service holds, exports and keeps"
 * and "Without a request"), in a member's words. A change there is a change here, and a new date.
 */
const holdings: { what: string; why: string; kept: string }[] = [
  {
    what: 'Your account: email, name, profile photo, when you signed in, and which version of the terms you accepted and when',
    why: 'To sign you in and show your name on what you write (contract)',
    kept: 'Until you delete your account; sessions end after 7 days unless you sign in again',
  },
  {
    what: 'Brands you vote for, save or submit, and the filters you use',
    why: 'To count votes once a day and run the directory (contract, legitimate interests)',
    kept: 'Until you delete your account. The IP address of a vote is deleted after 30 days; the vote itself stays, without your name, so rankings do not change',
  },
  {
    what: 'Reviews, comments, photos and reports you write',
    why: 'To publish them for the community (contract)',
    kept: 'Until you delete your account. Review photos are then deleted; your words stay under "Former member"',
  },
  {
    what: 'Your hunter profile, photos, availability, joining details and vetting history',
    why: 'To show your profile and let clients book you (contract)',
    kept: 'Until you delete your account or your profile',
  },
  {
    what: 'Bookings, the questions and photos you share with a hunter, payments and refunds',
    why: 'To arrange and pay for sessions (contract) and keep tax records (legal obligation)',
    kept: 'Free text and photos until you delete your account. Paid bookings are kept for six years after the end of their UK tax year, as HMRC requires, without your name',
  },
  {
    what: 'Messages, emails we send you, contact form messages and your email preferences',
    why: 'To let you talk to hunters and to answer you (contract, legitimate interests)',
    kept: 'The text of an email we sent is deleted after 90 days. Messages stay for the other person, shown as from "Former member"',
  },
];

/** `/privacy`: the privacy notice (UK GDPR Art. 13): who we are, what we hold, why, how long, who else, your rights. */
export function PrivacyPage() {
  return (
    <LegalDocumentPage
      document="privacy"
      title="Privacy Notice"
      description="What personal data Hunted holds about you, why, for how long, who else sees it, and how to use your rights."
    >
      <LegalSection id="who" title="1. Who we are">
        <p>
          Hunted is run by <OperatorName />, the controller of your personal data. The address and email are on this
          page; write to us at <OperatorEmail /> about anything in this notice.
        </p>
      </LegalSection>

      <LegalSection id="what" title="2. What we hold, why and for how long">
        <p>
          We only hold what we need to run Hunted. We never sell your data, and we do not use advertising or tracking
          tools.
        </p>
        <div className="overflow-x-auto rounded-2xl border border-stone-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-stone-50 text-stone-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  What
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Why (lawful basis)
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  How long
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 align-top">
              {holdings.map((row) => (
                <tr key={row.what}>
                  <td className="px-4 py-3 font-medium text-stone-900">{row.what}</td>
                  <td className="px-4 py-3">{row.why}</td>
                  <td className="px-4 py-3">{row.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          A copy of your data that you download is kept for 7 days and then deleted. Technical records of what the site
          did (its event logs) are deleted after 7 days.
        </p>
      </LegalSection>

      <LegalSection id="processors" title="3. Who else handles your data">
        <p>We use a few companies to run Hunted. Each acts on our instructions and only for that purpose:</p>
        <LegalList>
          <li>
            <strong>Stripe</strong> takes card payments and pays hunters through Stripe Connect. Your card details go
            straight to Stripe; we never see them. Stripe is also a controller for its own fraud checks.
          </li>
          <li>
            <strong>Our email provider</strong> delivers the emails we send you: booking confirmations, reminders,
            receipts and the ones you have chosen.
          </li>
          <li>
            <strong>Our hosting provider</strong> runs the servers and databases that store Hunted, in the UK or the EU.
          </li>
        </LegalList>
        <p>
          A hunter you book sees your name, your answers and the photos you share for the session. Where data leaves the
          UK, we rely on adequacy regulations or the standard contractual clauses.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="4. Your rights and how to use them">
        <p>You have the right to:</p>
        <LegalList>
          <li>
            <strong>access</strong> your data and <strong>take a copy</strong> of it: press &lsquo;Download my
            data&rsquo; in the{' '}
            <Link to={paths.editProfile.getHref('your-data')} className={inlineLink}>
              Your data section of your profile
            </Link>{' '}
            and you get one archive from every part of Hunted;
          </li>
          <li>
            <strong>erasure</strong>: delete your account in the same section; what we must keep (paid bookings for
            HMRC) is kept without your name;
          </li>
          <li>
            <strong>correct</strong> your details on your profile, and <strong>object</strong> to emails: turn each off
            under{' '}
            <Link to={paths.editProfile.getHref('email-preferences')} className={inlineLink}>
              Email preferences
            </Link>{' '}
            or use the unsubscribe link in the email;
          </li>
          <li>
            <strong>object</strong> to or ask us to <strong>restrict</strong> any other use, by emailing us. We reply
            within one month.
          </li>
        </LegalList>
        <p>
          If you are unhappy with how we handle your data, please tell us first. You can also complain to the
          Information Commissioner&apos;s Office (ICO) at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={inlineLink}>
            ico.org.uk/make-a-complaint
          </a>{' '}
          or on 0303 123 1113, or to the data protection authority where you live in the EU.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="5. Cookies">
        <p>
          We use one strictly necessary cookie to keep you signed in, and nothing for advertising or analytics. The{' '}
          <Link to={paths.cookies.getHref()} className={inlineLink}>
            Cookie Notice
          </Link>{' '}
          lists it.
        </p>
      </LegalSection>
    </LegalDocumentPage>
  );
}
