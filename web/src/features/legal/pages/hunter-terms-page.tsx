import { BOOKING_RULES, CURRENCIES, PLATFORM_FEE_FIXED_MINOR_DEFAULTS } from '@hunted/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money';
import {
  inlineLink,
  LegalDocumentPage,
  LegalList,
  LegalSection,
  OperatorEmail,
  OperatorName,
} from '../components/legal-document';

/** The fixed part of the platform fee in each currency a hunter may price in (decision 0105): "£2, €2, CHF 2, …". */
const fixedFees = CURRENCIES.map((currency) =>
  formatMoney(PLATFORM_FEE_FIXED_MINOR_DEFAULTS[currency], currency, { minorUnits: 'unlessWhole' }),
).join(', ');

/** `/hunter-terms`: what a style hunter agrees to on top of the Terms of Service. */
export function HunterTermsPage() {
  return (
    <LegalDocumentPage
      document="hunterTerms"
      title="Hunter Terms"
      description="What you agree to when you offer sessions on Hunted as a style hunter: vetting, fees, payouts and conduct."
    >
      <LegalSection id="about" title="1. About these terms">
        <p>
          These terms are between you, as a style hunter, and <OperatorName />. They apply on top of the{' '}
          <Link to={paths.terms.getHref()} className={inlineLink}>
            Terms of Service
          </Link>{' '}
          that every member accepts. You provide your sessions as an independent business or self-employed person, not
          as our employee, and you are responsible for your own tax and National Insurance.
        </p>
      </LegalSection>

      <LegalSection id="vetting" title="2. Vetting">
        <p>
          Every new hunter profile is checked by our team before it appears on Hunted. We look at your name, photo, bio,
          Instagram and specialties, and we may ask you for more. We approve, reject with a reason, or ask you to change
          something; you can edit a rejected profile and send it again.
        </p>
        <p>
          Once approved, changes to those same fields are checked again before they go live, and your profile keeps its
          approved version meanwhile. Only approved hunters appear in search and can be booked.
        </p>
      </LegalSection>

      <LegalSection id="fees" title="3. Fees">
        <p>
          Listing a profile on Hunted is free. For each paid booking we keep a platform fee, a fixed amount in the
          currency you price in ({fixedFees}), never more than the price of the session. Clients pay in your currency,
          and your payouts are in it too. There is no percentage commission on top of it today; if we introduce one we
          will tell you by email at least 30 days before it applies, and it will never apply to bookings already made.
        </p>
        <p>
          When a client is refunded, the fee is refunded in the same proportion, so you never pay a fee on money you did
          not keep. Your dashboard&apos;s Earnings tab shows the gross, fee, refunds and net of every booking.
        </p>
      </LegalSection>

      <LegalSection id="payouts" title="4. Payouts">
        <p>
          Payments are taken by Stripe and paid out to you through Stripe Connect. To take paid bookings you set up a
          Stripe Express account from your dashboard and accept Stripe&apos;s Connected Account Agreement. Stripe checks
          your identity and bank details and pays your balance to your bank on its usual schedule.
        </p>
        <p>
          We do not hold your money ourselves. If a client disputes a payment with their bank, the amount may be held by
          Stripe until the dispute is decided.
        </p>
      </LegalSection>

      <LegalSection id="sessions" title="5. Your sessions">
        <LegalList>
          <li>Keep your availability and prices up to date, and give every session you accept at the agreed time.</li>
          <li>
            Clients may cancel for a full refund up to {BOOKING_RULES.changeWindowHours} hours before a session. If you
            cancel, or do not show, the client is refunded in full and you are not paid for that session.
          </li>
          <li>Mark attendance honestly; a client can dispute a session that did not happen.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="conduct" title="6. Conduct">
        <LegalList>
          <li>Be honest about who you are, your experience and any link you have with a brand you recommend.</li>
          <li>Treat clients with respect; no harassment, discrimination or pressure to buy.</li>
          <li>
            Use a client&apos;s details and photos only for their session, and delete them when you no longer need them.
          </li>
          <li>Take bookings for Hunted clients through Hunted, not around it.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="suspension" title="7. Suspension and removal">
        <p>
          If you break these terms, or clients report serious problems, we may suspend your profile: it leaves search
          and cannot be booked, and we tell you why by email. You can reply to explain, and we will reinstate the
          profile if the problem is resolved. For serious or repeated breaches we may remove your profile for good.
          Bookings you have already accepted are either given or cancelled with a full refund to the client.
        </p>
        <p>
          You can stop being a hunter at any time by deleting your profile, once your upcoming bookings are given or
          cancelled and any payout still owed has been paid.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="8. Contact">
        <p>
          Questions about these terms, your vetting or a payout: email <OperatorEmail />.
        </p>
      </LegalSection>
    </LegalDocumentPage>
  );
}
