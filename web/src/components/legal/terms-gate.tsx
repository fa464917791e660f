import { isTermsNotAcceptedBody, type AcceptableTerms, type TermsNotAcceptedBody } from '@hunted/contracts';
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { errorBodyOf } from '@/lib/api-client';

// The dialog's code (and the dialog kit) loads only when a member is asked, which is rare.
const TermsDialog = lazy(() => import('./terms-dialog'));

/** Asks the member to accept `refusal`'s document; resolves true once they did, false when they said not now. */
type AskToAccept = (refusal: TermsNotAcceptedBody) => Promise<boolean>;

const TermsGateContext = createContext<AskToAccept | null>(null);

/** A guarded call is asked again at most this often: a terms change mid-dialog asks once more, never in a loop. */
const MAX_ASKS = 2;

/** The 409 body of a route that needs an acceptance first (decision 0103), or null for any other error. */
export function termsRefusalOf(error: unknown): TermsNotAcceptedBody | null {
  const body = errorBodyOf(error, 409);
  return isTermsNotAcceptedBody(body) ? body : null;
}

interface OpenAsk {
  refusal: TermsNotAcceptedBody;
  answer: Promise<boolean>;
  settle: (accepted: boolean) => void;
}

/**
 * Holds the one terms dialog of the app: a call that answers "accept the terms first" opens it, and waits for the
 * member. Two calls refused for the same document at once share one dialog.
 */
export function TermsGateProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenAsk | null>(null);
  const asks = useRef(new Map<AcceptableTerms, OpenAsk>());

  const askToAccept = useCallback<AskToAccept>((refusal) => {
    const known = asks.current.get(refusal.document);
    if (known) return known.answer;
    let settle: (accepted: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const ask: OpenAsk = {
      refusal,
      answer,
      settle: (accepted) => {
        asks.current.delete(refusal.document);
        setOpen(null);
        settle(accepted);
      },
    };
    asks.current.set(refusal.document, ask);
    setOpen(ask);
    return answer;
  }, []);

  return (
    <TermsGateContext.Provider value={askToAccept}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <TermsDialog
            key={open.refusal.document}
            refusal={open.refusal}
            onAccepted={() => open.settle(true)}
            onDismiss={() => open.settle(false)}
          />
        </Suspense>
      ) : null}
    </TermsGateContext.Provider>
  );
}

/**
 * Wraps a call to a route guarded by RequiresAcceptedTerms (a booking's hold or confirmation, a hunter profile's
 * creation or change): when it answers 409 terms-not-accepted, the member is shown the dialog, and once they accept,
 * the call is made again and its answer is the wrapped call's. Said no to, or any other error: the error as it came.
 * Without a TermsGateProvider (a component rendered alone) the call is made as it is.
 */
export function useTermsGate(): <T>(call: () => Promise<T>) => Promise<T> {
  const askToAccept = useContext(TermsGateContext);
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      for (let asked = 0; ; asked += 1) {
        try {
          return await call();
        } catch (error) {
          const refusal = termsRefusalOf(error);
          if (!refusal || !askToAccept || asked >= MAX_ASKS || !(await askToAccept(refusal))) throw error;
        }
      }
    },
    [askToAccept],
  );
}
