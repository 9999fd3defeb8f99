import type { ReactNode } from 'react';

/**
 * A labelled control. The label sits beside the control rather than around it: a label around a
 * select would read the chosen option as part of the field's name.
 */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
