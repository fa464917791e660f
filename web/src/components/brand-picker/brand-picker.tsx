import type { BrandRef } from '@hunted/contracts';
import { Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BrandImage } from '@/components/ui/brand-image';
import { cn } from '@/components/ui/cn';
import { useDirectoryBrandSearch } from '@/lib/directory-brands';

/** The pause after typing before the directory is asked. */
const SEARCH_PAUSE_MS = 250;

function useSettled(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

/**
 * A directory brand picked by search as you type (the WAI-ARIA combobox pattern): the input is the combobox, the
 * matches a listbox under it; arrows move through them, Enter picks, Escape closes. With `value` the input shows the
 * picked brand (its picture beside it), and typing again drops the pick. `clearOnPick` empties the box after each
 * pick, for lists of brands (the picked ones then go in `exclude`). Label it from outside (`id`, or `aria-label`).
 */
export function BrandPicker({
  id,
  value,
  onChange,
  exclude = [],
  placeholder = 'Search the directory',
  clearOnPick = false,
  disabled,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: BrandRef | null;
  onChange: (brand: BrandRef | null) => void;
  exclude?: readonly number[];
  placeholder?: string;
  clearOnPick?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const settled = useSettled(text, SEARCH_PAUSE_MS);
  const typing = text.trim() !== '' && (value === null || text !== value.name);
  const search = useDirectoryBrandSearch(typing ? settled : '');

  // A pick made elsewhere (a brand read from the address) shows in the box, and a pick dropped elsewhere (a reset)
  // empties it; words typed over a pick stay.
  const valueName = value?.name ?? null;
  const shownName = useRef(valueName);
  useEffect(() => {
    const previous = shownName.current;
    shownName.current = valueName;
    if (valueName !== null) setText(valueName);
    else if (previous !== null) setText((current) => (current === previous ? '' : current));
  }, [valueName]);

  const options = (search.data ?? []).filter((brand) => !exclude.includes(brand.id));
  const showList = open && typing && settled.trim() !== '';
  const activeOption = showList ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (brand: BrandRef) => `${ownId}-option-${brand.id}`;

  const pick = (brand: BrandRef) => {
    onChange(brand);
    setText(clearOnPick ? '' : brand.name);
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const count = options.length;
      if (count === 0) return;
      setActive((index) => (event.key === 'ArrowDown' ? (index + 1) % count : (index - 1 + count) % count));
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted brand and never sends the form around the picker.
      if (showList) event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    }
  };

  const busy = search.isFetching && typing;

  return (
    <div className={cn('relative', className)}>
      <span className="pointer-events-none absolute top-1/2 left-3 flex -translate-y-1/2 items-center text-stone-400">
        {value && !typing ? (
          <span aria-hidden>
            <BrandImage src={value.imageUrl} name={value.name} className="h-6 w-6 rounded-md text-[8px]" />
          </span>
        ) : (
          <Search className="h-4 w-4" aria-hidden />
        )}
      </span>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(
          'block h-11 w-full rounded-xl border border-stone-300 bg-white pr-10 pl-11 text-[15px] text-stone-900 shadow-xs',
          'placeholder:text-stone-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none',
          'aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-100',
          'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
        )}
      />
      {busy ? (
        <Loader2
          className="absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 animate-spin text-stone-400"
          aria-hidden
        />
      ) : text && !disabled ? (
        <button
          type="button"
          aria-label="Clear brand"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setText('');
            if (value) onChange(null);
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching brands"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-72 overflow-y-auto rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl shadow-stone-900/10"
      >
        {showList && options.length === 0 ? (
          <li role="presentation" className="px-3 py-2.5 text-sm text-stone-500">
            {search.isFetching || settled !== text
              ? 'Searching...'
              : (search.data ?? []).length > 0
                ? 'Already picked'
                : 'No brands found'}
          </li>
        ) : null}
        {showList
          ? options.map((brand) => (
              <li
                key={brand.id}
                id={optionId(brand)}
                role="option"
                aria-selected={brand === activeOption}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(options.indexOf(brand))}
                onClick={() => pick(brand)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-sm text-stone-800',
                  brand === activeOption && 'bg-brand-50 text-brand-800',
                )}
              >
                <span aria-hidden className="shrink-0">
                  <BrandImage src={brand.imageUrl} name={brand.name} className="h-8 w-8 rounded-lg text-[10px]" />
                </span>
                <span className="min-w-0 truncate font-medium">{brand.name}</span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
