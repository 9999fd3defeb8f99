import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on the native <dialog>: the page behind it is inert (focus stays inside), Escape
 * closes it, and the browser returns focus to the control that opened it. A click on the backdrop
 * closes it too.
 */
export function Dialog({ labelledBy, onClose, children, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
      // Closing a modal with its own address steps back in history, and a step back to an address with a
      // #fragment can move focus to the body after this: focus goes back to the opener then too.
      requestAnimationFrame(() => {
        if (document.activeElement === document.body && opener?.isConnected) opener.focus();
      });
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape and the close button are the keyboard path
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      className={`m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl ${className}`}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // The dialog's padding-free box is filled by its content, so a click on the <dialog> itself is the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {children}
    </dialog>
  );
}
