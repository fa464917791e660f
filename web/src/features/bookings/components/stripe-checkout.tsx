import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { SubmitButton } from '@/components/form/fields';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';

/**
 * The card form of stripe mode: Stripe's Payment Element on the hold's intent. Loaded lazily by the payment page, so
 * Stripe's script reaches only visitors who are about to pay. `onPaid` gets the intent id once Stripe says it
 * succeeded without a redirect; when the bank needs one, Stripe returns to /booking-confirmed and the webhook
 * confirms the booking.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  onPaid: (paymentIntentId: string) => Promise<void>;
}

export default function StripeCheckout({ publishableKey, clientSecret, payLabel, onPaid }: StripeCheckoutProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CheckoutForm payLabel={payLabel} onPaid={onPaid} />
    </Elements>
  );
}

function CheckoutForm({ payLabel, onPaid }: Pick<StripeCheckoutProps, 'payLabel' | 'onPaid'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The spec: a payment is attempted only when the provider and the form are ready.
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paths.bookingConfirmed.getHref()}` },
        redirect: 'if_required',
      });
      if (result.error) {
        toast({
          variant: 'destructive',
          title: 'Payment Failed',
          description: result.error.message ?? 'Your payment could not be completed.',
        });
        return;
      }
      await onPaid(result.paymentIntent.id);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Card payment">
      <PaymentElement />
      <SubmitButton
        className="mt-5 w-full"
        pending={processing}
        canSubmit={stripe !== null && elements !== null}
        label={payLabel}
        pendingLabel="Processing..."
      />
    </form>
  );
}
