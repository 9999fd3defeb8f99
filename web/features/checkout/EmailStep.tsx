import { useState } from 'react';
import { EMAIL_PATTERN, emailProblem } from '../../../domain/email';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { StepHeading } from './ui';

interface EmailStepProps {
  email: string;
  onChange(email: string): void;
  onBack(): void;
  onContinue(): void;
}

export function EmailStep({ email, onChange, onBack, onContinue }: EmailStepProps) {
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
