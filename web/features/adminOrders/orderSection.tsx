import { type ReactNode, useId, useState } from 'react';
import { type AdminOrder, adminOrderSchema } from '../../../domain/contracts/admin';
import { ApiError, apiRequest } from '../../lib/api';
import { type Translate, useI18n } from '../../lib/i18n';

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

/**
 * A change of the order asked of the server (POST `path`, with `body`), the order as it is then shown; its refusal said.
 * `reload`: refused as out of date (409: changed meanwhile, in another tab or by the live stream), the order as it is now.
 * `run` answers what went wrong, or null when it was made.
 */
export function useOrderAction(onChanged: (order: AdminOrder) => void, reload?: () => Promise<unknown>) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run(path: string, body?: object): Promise<string | null> {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await apiRequest(path, adminOrderSchema, { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) }));
      return null;
    } catch (failure) {
      const text = errorText(t, failure);
      setProblem(text);
      if (reload && failure instanceof ApiError && failure.status === 409) await reload().catch(() => undefined);
      return text;
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, setProblem, run };
}
