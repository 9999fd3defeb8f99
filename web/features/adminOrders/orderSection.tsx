import { type ReactNode, useId } from 'react';
import { ApiError } from '../../lib/api';
import type { Translate } from '../../lib/i18n';

/** What went wrong, in words the owner can read (the API's message, or a generic one). */
export const errorText = (t: Translate, error: unknown) => (error instanceof ApiError ? error.message : t('admin.somethingWrong'));

/** A titled card of the order's page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
