import type { ReactNode } from 'react';

/** Each step's title; it takes focus when the step opens so screen readers announce where they are. */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 id="checkout-step-title" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
      {children}
    </h2>
  );
}
