import type { ReactNode } from 'react';

/** Page heading (the page's one h1) with an optional lead paragraph. */
export function PageIntro({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      {text ? <p className="mt-3 max-w-3xl text-base text-gray-600">{text}</p> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
