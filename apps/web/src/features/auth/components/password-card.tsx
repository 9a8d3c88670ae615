import type { ReactNode } from 'react';

/** The card of the password screens reached from the sign-in screen (forgotten password, a link's password). */
export function PasswordCard({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex w-full max-w-md flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          {icon}
        </div>
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <div className="mt-1 text-sm text-slate-600">{text}</div>
        </div>
        {children}
      </div>
    </main>
  );
}
