import { useId, useState } from 'react';
import { inputClass } from '../../components/ui/styles';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide button that says what it will do. */
export function PasswordField({ label, value, onChange, autoComplete }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} pr-20`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-1 my-auto h-9 rounded-md px-3 text-sm font-medium text-brand-dark hover:bg-green-50 focus-visible:outline-3 focus-visible:outline-brand"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}

/** The account forms' email input. */
export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className="block font-medium">
      Email
      <input type="email" autoComplete="email" required value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} />
    </label>
  );
}
