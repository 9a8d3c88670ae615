import { type ReactNode, useEffect } from 'react';

/** The quiet full-page layout of the informational screens (session ended, unauthorized, not found). */
export function StatusPage({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Agency Portal`;
  }, [title]);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          {icon}
        </div>
        <h1 className="mt-5 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <div className="mt-6 flex justify-center">{children}</div>
      </div>
    </main>
  );
}
