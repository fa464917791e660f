import { Link } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';

const link = 'font-medium text-stone-700 underline underline-offset-2 hover:text-brand-700';

/**
 * The small line beside a button that commits someone to the terms (booking, paying, becoming a hunter): which
 * document they agree to, linked, with the privacy notice.
 */
export function AgreeToTerms({
  action,
  document = 'terms',
  className,
}: {
  /** What the button does, as the sentence starts: "By booking", "By paying". */
  action: string;
  document?: 'terms' | 'hunterTerms';
  className?: string;
}) {
  return (
    <p className={cn('text-xs leading-5 text-stone-500', className)}>
      {action} you agree to the{' '}
      {document === 'terms' ? (
        <Link to={paths.terms.getHref()} className={link}>
          Terms
        </Link>
      ) : (
        <>
          <Link to={paths.hunterTerms.getHref()} className={link}>
            Hunter Terms
          </Link>{' '}
          and the{' '}
          <Link to={paths.terms.getHref()} className={link}>
            Terms
          </Link>
        </>
      )}
      . Read how we use your data in the{' '}
      <Link to={paths.privacy.getHref()} className={link}>
        Privacy Notice
      </Link>
      .
    </p>
  );
}
