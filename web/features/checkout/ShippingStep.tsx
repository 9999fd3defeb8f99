import { useState } from 'react';
import { SHIPPING_FIELDS, shippingComplete, shippingSchema, type ShippingField } from '../../../domain/checkout';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { StepHeading } from './ui';

/** Browser autofill tokens; a house number has none of its own. */
const AUTOCOMPLETE: Record<ShippingField, string | undefined> = {
  firstName: 'given-name',
  lastName: 'family-name',
  country: 'country-name',
  city: 'address-level2',
  street: 'address-line1',
  streetNumber: undefined,
  postalCode: 'postal-code',
  phoneNumber: 'tel',
};

const FIELDS = Object.keys(SHIPPING_FIELDS) as ShippingField[];

interface ShippingStepProps {
  values: Record<ShippingField, string>;
  onChange(field: ShippingField, value: string): void;
  onBack(): void;
  onContinue(): void;
}

export function ShippingStep({ values, onChange, onBack, onContinue }: ShippingStepProps) {
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});

  return (
    <form
      aria-labelledby="checkout-step-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = shippingSchema.safeParse(values);
        if (result.success) {
          setErrors({});
          onContinue();
          return;
        }
        const found: Partial<Record<ShippingField, string>> = {};
        for (const issue of result.error.issues) found[issue.path[0] as ShippingField] ??= issue.message;
        setErrors(found);
        const first = FIELDS.find((field) => found[field]);
        if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      }}
    >
      <StepHeading>Shipping Information</StepHeading>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field}>
            <label htmlFor={`shipping-${field}`} className="block font-medium">
              {SHIPPING_FIELDS[field]}
            </label>
            <input
              id={`shipping-${field}`}
              name={field}
              type={field === 'phoneNumber' ? 'tel' : 'text'}
              autoComplete={AUTOCOMPLETE[field]}
              required
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `shipping-${field}-error` : undefined}
              onChange={(event) => {
                onChange(field, event.target.value);
                if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
              }}
              className={inputClass}
            />
            {errors[field] && (
              <p id={`shipping-${field}-error`} className="mt-1 text-sm text-red-700">
                {errors[field]}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onBack} className={secondaryButton}>
          Back
        </button>
        <button type="submit" disabled={!shippingComplete(values)} className={primaryButton}>
          Continue to Payment
        </button>
      </div>
    </form>
  );
}
