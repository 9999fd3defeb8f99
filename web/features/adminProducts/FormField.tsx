import { type ReactNode, useId } from 'react';

/** A product form's labelled field, with a hint under its label when it has one (the control is described by it). */
export function FormField({ label, hint, children }: { label: string; hint?: string; children: (ids: { id: string; hintId?: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-zinc-600">
          {hint}
        </p>
      )}
      {children({ id, hintId })}
    </div>
  );
}
