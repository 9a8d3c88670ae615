import { AlertCircle, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import * as Dialog from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useUiText } from '../ui/ui-text.tsx';

// The frame every document is shown in (spec §2 PDF viewer modal, a family member's document preview): a large
// dialog that traps focus and closes on Escape (visual language), its title and buttons in one row at the top.

/** The dialog; its `children` (a `ViewerHeader` and a `ViewerBody`) are mounted only while it is open. */
export function ViewerDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-6 lg:inset-x-[8vw]"
        >
          {open ? children : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The title (the dialog's name) and the buttons, Close last. */
export function ViewerHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const text = useUiText();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
      <Dialog.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">{title}</Dialog.Title>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        <Dialog.Close asChild>
          <Button variant="ghost">
            <X className="size-4" aria-hidden /> {text.close}
          </Button>
        </Dialog.Close>
      </div>
    </div>
  );
}

/** The grey area under the header that the document fills. */
export function ViewerBody({ children }: { children: ReactNode }) {
  return <div className="flex min-h-0 flex-1 flex-col bg-slate-100">{children}</div>;
}

/** The document's bytes are on their way. */
export function ViewerLoading() {
  const text = useUiText();
  return (
    <div className="flex flex-1 items-center justify-center gap-3 text-slate-600">
      <Spinner label={text.loadingDocument} /> {text.loadingDocument}…
    </div>
  );
}

/** Why the document cannot be shown, and what to do instead. */
export function ViewerFailure({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <AlertCircle className="size-10 text-red-600" aria-hidden />
      <p className="max-w-md text-slate-800">{message}</p>
      {action}
    </div>
  );
}

/** Classes that make a link look like a secondary button (a download the browser saves itself). */
export const SECONDARY_LINK_CLASS =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50';
