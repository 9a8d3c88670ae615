import { Button } from './button.tsx';

/** 'Page X of Y' with Prev and Next (spec §2 Manage Clients; every paged list). */
export function Pager({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        Prev
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
        Next
      </Button>
    </nav>
  );
}
