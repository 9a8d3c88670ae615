import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import * as Dialog from './dialog.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A dialog that traps focus, closes on Escape and by its close button (visual language). Opened without a Radix
 * trigger, it gives focus back to whatever had it when it opened (Radix alone would leave it on the page body).
 */
export function Modal({ open, onOpenChange, title, children, footer }: ModalProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-4">{children}</div>
          {footer ? (
            <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
