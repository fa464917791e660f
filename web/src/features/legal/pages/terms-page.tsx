import { CANCELLATION_POLICY } from '@hunted/contracts';
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

// Section 5 states the policy the book and pay pages show and bookings applies (decision 0102).
const changeHours = CANCELLATION_POLICY.fullRefundHoursBefore;

/** `/terms`: the agreement between Hunted and its members and the clients who book a hunter. */
export function TermsPage() {
  return (
    <LegalDocumentPage
      document="terms"
      title="Terms of Service"
      description="The agreement between you and Hunted when you use the site, write about brands or book a style hunter."
    >
      <LegalSection id="about" title="1. About these terms">
        <p>
          Hunted is run by <OperatorName />, whose details are on this page. These terms apply to everyone who uses
          Hunted: browsing, voting, writing reviews and comments, submitting brands, and booking and paying for sessions
          with a style hunter. Hunters also agree to the{' '}
          <Link to={paths.hunterTerms.getHref()} className={inlineLink}>
            Hunter Terms
          </Link>
          . How we use your personal data is in the{' '}
          <Link to={paths.privacy.getHref()} className={inlineLink}>
            Privacy Notice
          </Link>
          .
        </p>
        <p>
          By creating an account or booking a session you accept these terms. If we change them we will show the new
          date at the top of this page, and before your next booking we will ask you to accept the new version.
        </p>
      </LegalSection>

      <LegalSection id="service" title="2. What Hunted does">
        <p>
          Hunted is a community directory of independent brands from the UK and Europe, and a marketplace where you can
          book a one-to-one session with an independent style hunter. We are not the seller of the brands&apos;
          products: anything you buy from a brand you buy from the brand, on its own terms.
        </p>
        <p>
          A session is a service provided by the hunter you book. Hunted arranges the booking, takes the payment on the
          hunter&apos;s behalf through Stripe and passes it on to the hunter, less our platform fee.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="3. Your account">
        <LegalList>
          <li>You sign in with an email address. You must be 18 or over to book a session or to become a hunter.</li>
          <li>Keep your sign-in to yourself; you are responsible for what is done with your account.</li>
          <li>
            You can download your data or delete your account at any time from the Your data section of{' '}
            <Link to={paths.editProfile.getHref('your-data')} className={inlineLink}>
              your profile
            </Link>
            . An account cannot be deleted while it has an upcoming booking, an open dispute or a payout still owed.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="bookings" title="4. Bookings and payments">
        <p>
          You choose a hunter, a type of session, a date and a time, and pay the price shown before you confirm. The
          price includes our platform fee, which the booking summary shows separately. Your booking is confirmed once
          the payment succeeds, and we email you a confirmation.
        </p>
        <p>
          The time you pick is held for you for a few minutes while you pay; if the payment does not go through in that
          time, the slot is released and nothing is charged.
        </p>
      </LegalSection>

      <LegalSection id="cancellations" title="5. Cancellations and refunds">
        <LegalList>
          <li>
            <strong>You cancel {changeHours} hours or more before the session:</strong> you get a full refund. You can
            also move the session to another free time until then.
          </li>
          <li>
            <strong>You cancel less than {changeHours} hours before the session, or do not attend:</strong> there is no
            refund, because the hunter has kept that time for you.
          </li>
          <li>
            <strong>The hunter cancels, or does not show:</strong> you get a full refund, whenever it happens.
          </li>
        </LegalList>
        <p>Refunds go back to the card you paid with. Your bank usually shows them within 5 to 10 working days.</p>
      </LegalSection>

      <LegalSection id="right-to-cancel" title="6. Your 14-day right to cancel">
        <p>
          If you live in the UK or the EU and book as a consumer, the law gives you 14 days from the day you book to
          cancel a service bought online, for any reason (the Consumer Contracts Regulations 2013). To use it, cancel
          the booking in My Bookings or email us; we refund you in full within 14 days.
        </p>
        <p>
          If your session is within those 14 days, we will ask you to request expressly that it takes place during the
          cancellation period. If you then cancel before the session is held, the rules in section 5 apply. Once the
          session has been held at your request, the service is complete and the 14-day right to cancel ends.
        </p>
      </LegalSection>

      <LegalSection id="content" title="7. Reviews, comments and what you post">
        <p>
          Reviews, comments, brand submissions and photos must be your own, honest and about your real experience.
          Please do not post:
        </p>
        <LegalList>
          <li>anything false, misleading, or written in exchange for payment or a gift without saying so;</li>
          <li>anything hateful, harassing, threatening, sexual or otherwise unlawful;</li>
          <li>other people&apos;s personal information, or photos of people who have not agreed to them;</li>
          <li>material you do not have the right to share, spam, or links to harmful sites.</li>
        </LegalList>
        <p>
          You keep the rights in what you post and give us a licence to show it on Hunted and in links to it. We may
          hide or remove content that breaks these rules, and suspend accounts that break them repeatedly. If you think
          something on Hunted breaks these rules, please tell us.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="8. Our responsibility to you">
        <p>
          We take care to run Hunted well, but the site is provided as it is and may sometimes be unavailable. Hunters
          are independent: each is responsible for the sessions they give, and brands for the products they sell. We
          check hunters before their profiles go live, but we do not guarantee any brand&apos;s products or any
          hunter&apos;s advice.
        </p>
        <p>
          We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to
          use reasonable care. We are not responsible for loss that was not foreseeable, or for business losses. Nothing
          in these terms limits liability for death or personal injury caused by negligence, for fraud, or your rights
          as a consumer.
        </p>
      </LegalSection>

      <LegalSection id="complaints" title="9. Complaints">
        <p>
          If something has gone wrong, email us at <OperatorEmail /> or use the{' '}
          <Link to={paths.contact.getHref()} className={inlineLink}>
            contact form
          </Link>
          , with your booking details if it is about a session. We reply within two working days and aim to resolve
          complaints within 14 days.
        </p>
      </LegalSection>

      <LegalSection id="law" title="10. The law that applies">
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales may hear any
          dispute. If you live in Scotland, Northern Ireland or the EU, you may also bring a claim in your local courts,
          and you keep the protection of your local consumer law.
        </p>
      </LegalSection>
    </LegalDocumentPage>
  );
}
