import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';

// The page's building blocks for read-only content (visual language: one system): a page heading, a card with a
// title and an action beside it, and a titled section inside a card or form.

/** A screen's title with its actions beside it (they wrap under it on a phone). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

export interface CardProps {
  title?: string;
  /** Beside the title, at the right (a badge, a button, a tab list). */
  action?: ReactNode;
  children: ReactNode;
  /** Layout classes for the card itself (a grid column span, a height). */
  className?: string;
  /**
   * Makes the card a named region (a landmark assistive technology lists), named by its title, or by the element
   * whose id is `labelledBy` when the title is elsewhere. Without it the card is a plain section.
   */
  region?: boolean;
  labelledBy?: string;
  /** `form`: a part of a long form (a smaller heading level, roomier padding on larger screens). */
  variant?: 'default' | 'form';
}

/** A white card with an optional title row. */
export function Card({
  title,
  action,
  children,
  className,
  region = false,
  labelledBy,
  variant = 'default',
}: CardProps) {
  const headingId = useId();
  const form = variant === 'form';
  const Heading = form ? 'h3' : 'h2';
  const named = region && (labelledBy !== undefined || title !== undefined);
  return (
    <section
      aria-labelledby={named ? (labelledBy ?? headingId) : undefined}
      className={cn(
        'rounded-xl border border-slate-200 bg-white shadow-sm',
        form ? 'p-4 sm:p-6' : 'p-5',
        className,
      )}
    >
      {title || action ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <Heading id={headingId} className={cn('font-semibold text-slate-900', form && 'text-base')}>
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A titled group inside a card or a form (no box of its own). */
export function Section({
  title,
  action,
  children,
  level = 3,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  /** The heading's level under the card's: 3 in a card, 4 in a form card's part. */
  level?: 3 | 4;
}) {
  const Heading = level === 4 ? 'h4' : 'h3';
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-sm font-semibold text-slate-800">{title}</Heading>
        {action}
      </div>
      {children}
    </section>
  );
}
