import { Hash, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { addHashtags, HASHTAG_SEPARATOR_KEYS } from './hashtags';

/**
 * Hashtags as removable chips. A hashtag is finished by Enter, Space or comma, or by leaving the box; '#' is
 * added when missing and repeats are ignored. Backspace in an empty box takes the last chip back.
 */
export function HashtagInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (hashtags: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function commit(typed: string) {
    const entry = addHashtags(value, typed);
    if (entry.hashtags.length !== value.length) onChange(entry.hashtags);
    setDraft(entry.rest);
    setProblem(entry.error);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (HASHTAG_SEPARATOR_KEYS.includes(event.key)) {
      // Enter would otherwise submit the whole form.
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  }

  function onType(text: string) {
    // A pasted "a, b c" (or a phone keyboard that sends no key events) is split the same way as typing.
    if (/[\s,]/.test(text)) commit(text);
    else {
      setDraft(text);
      setProblem(null);
    }
  }

  const problemId = `${id}-problem`;
  return (
    <div>
      <div
        className={cn(
          'flex min-h-11 w-full flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 shadow-xs',
          'focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100',
          invalid || problem ? 'border-red-400 focus-within:ring-red-100' : 'border-stone-300',
        )}
      >
        <Hash className="ml-1 h-4 w-4 shrink-0 text-stone-400" aria-hidden />
        <ul className="contents" aria-label="Hashtags added">
          {value.map((hashtag) => (
            <li
              key={hashtag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-100"
            >
              {hashtag}
              <button
                type="button"
                onClick={() => onChange(value.filter((tag) => tag !== hashtag))}
                aria-label={`Remove ${hashtag}`}
                className="rounded-full p-0.5 text-brand-500 transition-colors hover:bg-brand-100 hover:text-brand-800"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
          placeholder={value.length === 0 ? 'e.g. slowfashion, madeinuk' : 'Add another'}
          aria-invalid={invalid || Boolean(problem)}
          aria-describedby={[problem ? problemId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          autoCapitalize="none"
          enterKeyHint="done"
          className="h-8 min-w-32 flex-1 bg-transparent px-1 text-[15px] text-stone-900 placeholder:text-stone-400 focus:outline-none"
        />
      </div>
      {problem ? (
        <p id={problemId} className="mt-1.5 text-sm font-medium text-red-600">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
