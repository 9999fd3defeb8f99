import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** The frame of a legal page: its title (also the tab's), when it was last changed, and readable prose. */
export function LegalArticle({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="legal mx-auto max-w-3xl px-4 py-8 leading-relaxed text-zinc-800 sm:px-6 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-zinc-900 [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_table]:mt-3 [&_td]:border [&_td]:border-zinc-300 [&_td]:p-2 [&_th]:border [&_th]:border-zinc-300 [&_th]:p-2 [&_th]:text-left [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:font-medium [&_a]:text-brand-dark [&_a]:underline">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900">{title}</h1>
      <p className="text-sm text-zinc-600">{updated}</p>
      {children}
    </article>
  );
}
