import { CalendarDays } from 'lucide-react';
import {
  type FocusEvent,
  forwardRef,
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { dateInWords, dateProblemMessage, readTypedDate, typedOf } from '../../lib/typed-date.ts';
import { control, describedBy, FieldShell } from './field.tsx';

// Fetched when a calendar button is first pointed at, focused or pressed; never part of a screen (decision 030).
const loadCalendar = () => import('./date-calendar.tsx');
const DateCalendar = lazy(loadCalendar);

/** What the field hands its form: the ISO date, '' when empty, or the text as typed while it is not a date. */
export interface DateFieldChange {
  target: { name: string; value: string };
}

export interface DateFieldProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'
  > {
  label: string;
  optional?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  /** An ISO calendar date (YYYY-MM-DD), '' for none, or what `onChange` handed out for text that is not a date. */
  value: string;
  onChange: (event: DateFieldChange) => void;
  /** ISO dates the calendar keeps within; typed dates are the form's to check. */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * The one date field (issue 24 item 6): takes a date typed the Indian way, day first (DD/MM/YYYY, D-M-YYYY,
 * DD.MM.YYYY, 1-Apr-2014), says what it understood in words, or why it is not a date, naming the field;
 * a calendar opens from the button beside it. Forms and the API see ISO dates only.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  {
    label,
    optional,
    error,
    hint,
    className,
    id: givenId,
    name = '',
    value,
    onChange,
    onBlur,
    min,
    max,
    disabled,
    ...rest
  },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const [text, setText] = useState(() => typedOf(value));
  // The value `text` stands for: a different one from the form (a reset, a loaded record) replaces the text.
  const [held, setHeld] = useState(value);
  // Whether the user has left the field since typing: only then is unfinished text called wrong.
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  const [calendarWanted, setCalendarWanted] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  if (value !== held) {
    setHeld(value);
    setText(typedOf(value));
  }

  const read = readTypedDate(text);
  const problem =
    read.kind === 'invalid' && (left || error) ? dateProblemMessage(label, read.problem) : undefined;
  const shownError = problem ?? error;
  const fieldHint = (
    <>
      <span aria-live="polite" className={read.kind === 'date' ? 'font-medium text-slate-700' : undefined}>
        {read.kind === 'date' ? dateInWords(read.iso) : 'DD/MM/YYYY'}
      </span>
      {hint ? <> · {hint}</> : null}
    </>
  );

  function hand(next: string) {
    setHeld(next);
    onChange({ target: { name, value: next } });
  }

  function type(next: string) {
    const r = readTypedDate(next);
    setText(next);
    hand(r.kind === 'date' ? r.iso : r.kind === 'empty' ? '' : next.trim());
  }

  function leave(event: FocusEvent<HTMLInputElement>) {
    setLeft(true);
    if (read.kind === 'date') setText(typedOf(read.iso));
    onBlur?.(event);
  }

  return (
    <FieldShell id={id} label={label} optional={optional} error={shownError} hint={fieldHint}>
      <div ref={anchor} className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          placeholder="DD/MM/YYYY"
          value={text}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(id, shownError, fieldHint)}
          className={cn(
            control,
            'pr-11 tabular-nums',
            shownError ? 'border-red-600' : 'border-slate-300',
            className,
          )}
          onChange={(e) => type(e.target.value)}
          onBlur={leave}
          {...rest}
        />
        <button
          ref={button}
          type="button"
          aria-label="Open calendar"
          aria-describedby={`${id}-label`}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => {
            setCalendarWanted(true);
            setOpen((o) => !o);
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 disabled:text-slate-300"
        >
          <CalendarDays className="size-4" aria-hidden />
        </button>
      </div>
      {calendarWanted ? (
        <Suspense fallback={null}>
          <DateCalendar
            open={open}
            anchor={anchor}
            label={label}
            value={read.kind === 'date' ? read.iso : ''}
            min={min}
            max={max}
            onPick={(iso) => {
              setText(typedOf(iso));
              setLeft(true);
              hand(iso);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </FieldShell>
  );
});
