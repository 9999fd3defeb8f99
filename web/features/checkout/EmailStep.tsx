import { useState } from 'react';
import { EMAIL_PATTERN, emailProblem } from '../../../domain/email';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { StepHeading } from './ui';

interface EmailStepProps {
  email: string;
  onChange(email: string): void;
  /** "Send me a link to my cart…", unticked until the visitor ticks it (null: the shop sends no cart reminders). */
  reminder: { checked: boolean; onChange(checked: boolean): void } | null;
  onBack(): void;
  onContinue(): void;
}

export function EmailStep({ email, onChange, reminder, onBack, onContinue }: EmailStepProps) {
  const { t } = useI18n();
  const valid = EMAIL_PATTERN.test(email.trim());
  // Said once the visitor leaves the field (issue 46), and gone as soon as the address passes; Continue stays disabled (spec 5).
  const [left, setLeft] = useState(false);
  const problem = left ? emailProblem(email) : null;
  return (
    <form
      aria-labelledby="checkout-step-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onContinue();
      }}
    >
      <StepHeading>{t('checkout.email.title')}</StepHeading>
      <p className="mt-2 text-zinc-600">{t('checkout.email.intro')}</p>
      <label className="mt-4 block max-w-md font-medium">
        {t('checkout.email.label')}
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => setLeft(true)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'checkout-email-problem' : undefined}
          className={inputClass}
        />
      </label>
      {problem && (
        <p id="checkout-email-problem" className="mt-1 max-w-md text-sm text-red-700">
          {t(`checkout.email.problem.${problem}`)}
        </p>
      )}
      {reminder && (
        <div className="mt-4 max-w-md">
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              name="cartReminder"
              checked={reminder.checked}
              onChange={(event) => reminder.onChange(event.target.checked)}
              aria-describedby="checkout-reminder-note"
              className="mt-1 h-5 w-5 accent-brand"
            />
            <span>{t('checkout.email.reminder')}</span>
          </label>
          <p id="checkout-reminder-note" className="ml-8 text-sm text-zinc-600">
            {t('checkout.email.reminderNote')}
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onBack} className={secondaryButton}>
          {t('checkout.email.back')}
        </button>
        <button type="submit" disabled={!valid} className={primaryButton}>
          {t('checkout.email.continue')}
        </button>
      </div>
    </form>
  );
}
