import { cn } from '../../lib/cn.ts';

const SIZES = { small: 'size-4 border-2', medium: 'size-8 border-[3px]', large: 'size-12 border-4' } as const;

/** The three spinner sizes of spec §2. */
export function Spinner({ size = 'medium', label }: { size?: keyof typeof SIZES; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-current border-r-transparent', SIZES[size])}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
