import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import { enIN } from 'react-day-picker/locale/en-IN';
import 'react-day-picker/style.css';
import './date-calendar.css';
import { FIRST_YEAR, LAST_YEAR } from '../../lib/typed-date.ts';

// The date field's calendar: react-day-picker in a Radix popover, fetched as a chunk of its own when a date
// field's calendar button is first pointed at, focused or pressed (decision 030), never with a screen.

function dayOf(iso: string | undefined): Date | undefined {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

function isoOf(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export interface DateCalendarProps {
  open: boolean;
  /** The field's input and button: the popover lines up with them. */
  anchor: RefObject<HTMLDivElement | null>;
  label: string;
  /** The date the field holds (ISO), if it holds one. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onPick: (iso: string) => void;
  onClose: () => void;
  /** Where focus goes when the calendar closes: the button that opened it. */
  returnFocus: () => void;
}

export default function DateCalendar({
  open,
  anchor,
  label,
  value,
  min,
  max,
  onPick,
  onClose,
  returnFocus,
}: DateCalendarProps) {
  const selected = dayOf(value);
  const before = dayOf(min);
  const after = dayOf(max);
  const disabled = [...(before ? [{ before }] : []), ...(after ? [{ after }] : [])];
  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && onClose()} modal>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={`${label}: calendar`}
          // DayPicker puts focus on the chosen day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="date-calendar z-50 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg"
        >
          <DayPicker
            mode="single"
            autoFocus
            selected={selected}
            onSelect={(day) => day && onPick(isoOf(day))}
            defaultMonth={selected ?? before ?? after}
            captionLayout="dropdown"
            navLayout="after"
            startMonth={new Date(FIRST_YEAR, 0)}
            endMonth={new Date(LAST_YEAR, 11)}
            // Weeks start on Sunday as en-IN's calendar data (CLDR) and Indian wall calendars have them;
            // date-fns's en-IN locale says Monday, so the day is set here.
            weekStartsOn={0}
            locale={enIN}
            disabled={disabled}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
