import { cn } from '../../lib/cn.ts';

/**
 * An agency's mark (issue 24 item 4): its logo fitted in a fixed box, or the first letter of its name when it has
 * none. The box never changes size, so a logo arriving later moves nothing. `label` names it for a screen reader
 * when no name is written beside it.
 */
export function BrandMark({
  name,
  logoUrl,
  label,
  className,
}: {
  name: string;
  logoUrl: string | null;
  label?: string;
  className?: string;
}) {
  const box = cn('flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white', className);
  if (logoUrl) {
    return (
      <span className={box}>
        <img src={logoUrl} alt={label ?? ''} className="size-full object-contain p-0.5" decoding="async" />
      </span>
    );
  }
  const initial = name.trim().charAt(0).toUpperCase();
  const look = cn(box, 'font-semibold text-primary-800 ring-1 ring-slate-200');
  return label ? (
    <span className={look} role="img" aria-label={label}>
      {initial}
    </span>
  ) : (
    <span className={look} aria-hidden>
      {initial}
    </span>
  );
}
