import type { Place } from '@app/contracts/places.ts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { searchPlaces } from '../lib/search-places.ts';
import { cn } from './ui/cn.ts';
import { FieldFrame } from './ui/field-frame.tsx';
import { Spinner } from './ui/spinner.tsx';

const DEBOUNCE_MS = 250;

interface PlaceComboboxProps {
  label: string;
  value: string;
  error?: string;
  /** Typing: the text changed and no place is chosen any more. */
  onType: (text: string) => void;
  onChoose: (place: Place) => void;
  onBlur?: () => void;
  name?: string;
  /** The line under the field. */
  hint?: string;
}

/** Phones: below this width the on-screen keyboard would cover a list opening under the field. */
const SMALL_SCREEN = '(max-width: 639px)';

/**
 * The city field: type the start of a name, pick from the atlas. A WAI-ARIA combobox with a
 * listbox popup: arrows move, Enter chooses, Escape closes; the list shows region and country.
 * No option is active until the person presses an arrow key, so Enter never picks a place they
 * did not point at.
 */
export function PlaceCombobox({
  label,
  value,
  error,
  onType,
  onChoose,
  onBlur,
  name,
  hint = 'Choose your birth place from the list so we know its coordinates and time zone.',
}: PlaceComboboxProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState('');
  const blurTimer = useRef<number | undefined>(undefined);
  // Set when the person closes the list (Escape) or leaves the field: suggestions that arrive
  // afterwards are kept for the next focus but must not pop open over the rest of the form.
  const dismissed = useRef(false);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setPlaces([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      searchPlaces(q, controller.signal)
        .then((found) => {
          setPlaces(found);
          setActive(-1);
          if (!dismissed.current) setOpen(true);
        })
        .catch(() => {
          // Aborted or offline: the person can still type city and country by hand.
          if (!controller.signal.aborted) setPlaces([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  // Keep the option moved to with the arrows visible in the scrolling list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const choose = (place: Place) => {
    onChoose(place);
    setOpen(false);
    setPlaces([]);
    setActive(-1);
  };

  const expanded = open && (places.length > 0 || query.trim().length >= 2);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && places.length) setOpen(true);
      setActive((index) => (places.length ? (index + 1) % places.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open && places.length) setOpen(true);
      setActive((index) => (places.length ? (index <= 0 ? places.length - 1 : index - 1) : -1));
    } else if (event.key === 'Enter') {
      const place = open ? places[active] : undefined;
      if (place) {
        event.preventDefault();
        choose(place);
      } else if (loading || expanded) {
        // Suggestions pending or open with none pointed at: submitting now would send a city
        // the list has not confirmed, so Enter waits for a choice.
        event.preventDefault();
      }
    } else if (event.key === 'Escape') {
      dismissed.current = true;
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    }
  };

  return (
    <FieldFrame label={label} hint={hint} error={error} id={inputId} className="relative">
      {({ describedBy }) => (
        <>
          <div className="relative">
            <input
              id={inputId}
              name={name}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              value={value}
              onChange={(event) => {
                dismissed.current = false;
                onType(event.target.value);
                setQuery(event.target.value);
              }}
              onKeyDown={onKeyDown}
              onFocus={(event) => {
                dismissed.current = false;
                if (places.length) setOpen(true);
                // On a phone, lift the field to the top so the keyboard does not hide the list.
                if (window.matchMedia?.(SMALL_SCREEN).matches) {
                  event.currentTarget.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
                }
              }}
              onBlur={() => {
                dismissed.current = true;
                // Let a click on an option land before the list closes.
                blurTimer.current = window.setTimeout(() => setOpen(false), 150);
                onBlur?.();
              }}
              className={cn(
                'h-11 w-full scroll-mt-24 rounded-xl border bg-surface px-3.5 pr-10 text-base text-fg placeholder:text-muted/70',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                error ? 'border-danger' : 'border-line',
              )}
              placeholder="Start typing, e.g. Oslo"
            />
            {loading ? <Spinner className="absolute top-3.5 right-3.5" /> : null}
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!expanded}
            className="absolute top-[4.6rem] right-0 left-0 z-20 max-h-72 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-xl"
          >
            {places.map((place, index) => (
              <div
                key={place.id}
                id={`${listId}-${index}`}
                role="option"
                // Focus stays in the input (aria-activedescendant); the option is reachable by pointer too.
                tabIndex={-1}
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
                onKeyDown={(event) => event.key === 'Enter' && choose(place)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer flex-col px-3.5 py-2 text-sm',
                  index === active ? 'bg-accent-soft text-fg' : 'text-fg',
                )}
              >
                <span className="font-medium">{place.name}</span>
                <span className="text-xs text-muted">
                  {[place.region, place.country].filter(Boolean).join(', ')}
                </span>
              </div>
            ))}
            {!loading && places.length === 0 ? (
              <div role="presentation" className="px-3.5 py-2 text-sm text-muted">
                No places found. Check the spelling, or type city and country yourself.
              </div>
            ) : null}
          </div>
        </>
      )}
    </FieldFrame>
  );
}
