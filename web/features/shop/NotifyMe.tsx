import { useId, useState } from 'react';
import { soldOutChoices } from '../../../domain/catalog';
import type { Product } from '../../../domain/contracts/catalog';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/**
 * "Notify me" for a sold-out colour, or a sold-out product without colours (decision 0045): loaded only on a product
 * that has one. The address gets a confirmation mail; nothing more is sent until it is confirmed.
 */
export default function NotifyMe({ product }: { product: Product }) {
  const { t, locale } = useI18n();
  const id = useId();
  const choices = soldOutChoices(product);
  const [open, setOpen] = useState(false);
  const [colour, setColour] = useState(choices[0]?.name ?? null);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ sent: true } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (choices.length === 0) return null;

  async function send() {
    setBusy(true);
    try {
      await apiRequest('/stock-alerts', null, { method: 'POST', body: JSON.stringify({ productId: product.id, colour, email: email.trim(), locale }) });
      setState({ sent: true });
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.message : t('message.shopUnavailable') });
    }
    setBusy(false);
  }

  if (!open) {
    return (
      <button type="button" className={`self-start ${secondaryButton}`} aria-expanded={false} onClick={() => setOpen(true)}>
        {t('stockAlert.open')}
      </button>
    );
  }
  if (state && 'sent' in state) {
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
        {t('stockAlert.sent')}
      </p>
    );
  }
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p id={`${id}-title`} className="font-semibold">
        {t('stockAlert.title')}
      </p>
      {choices.length > 1 && (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('stockAlert.colour')}
          <select value={colour ?? ''} onChange={(event) => setColour(event.target.value)} className={inputClass}>
            {choices.map((choice) => (
              <option key={choice!.name} value={choice!.name}>
                {choice!.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('stockAlert.email')}
        <input type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} className={inputClass} />
      </label>
      {state && 'error' in state && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={busy} className={`self-start ${primaryButton}`}>
        {choices.length === 1 && choices[0] ? `${t('stockAlert.submit')} (${choices[0].label})` : t('stockAlert.submit')}
      </button>
    </form>
  );
}
