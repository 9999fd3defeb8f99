import { useId, useState } from 'react';
import { inputClass } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';

/** Each password input's label, and its show/hide button's name in full (Romanian cannot build them from the label). */
const PASSWORD_FIELDS = {
  password: { label: 'account.password', show: 'account.password.show', hide: 'account.password.hide' },
  confirmPassword: { label: 'account.confirmPassword', show: 'account.confirmPassword.show', hide: 'account.confirmPassword.hide' },
  newPassword: { label: 'account.newPassword', show: 'account.newPassword.show', hide: 'account.newPassword.hide' },
  confirmNewPassword: { label: 'account.confirmNewPassword', show: 'account.confirmNewPassword.show', hide: 'account.confirmNewPassword.hide' },
} as const;

interface PasswordFieldProps {
  field: keyof typeof PASSWORD_FIELDS;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide button that says what it will do. */
export function PasswordField({ field, value, onChange, autoComplete }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { t } = useI18n();
  const text = PASSWORD_FIELDS[field];
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {t(text.label)}
      </label>
      <div className="relative">
        <input id={id} type={visible ? 'text' : 'password'} autoComplete={autoComplete} required value={value} onChange={(event) => onChange(event.target.value)} className={`${inputClass} pr-20`} />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={t(visible ? text.hide : text.show)}
          className="absolute inset-y-0 right-1 my-auto h-9 rounded-md px-3 text-sm font-medium text-brand-dark hover:bg-green-50 focus-visible:outline-3 focus-visible:outline-brand"
        >
          {t(visible ? 'account.hide' : 'account.show')}
        </button>
      </div>
    </div>
  );
}

/** The account forms' email input. */
export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useI18n();
  return (
    <label className="block font-medium">
      {t('account.email')}
      <input type="email" autoComplete="email" required value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} />
    </label>
  );
}
