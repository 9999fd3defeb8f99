import { plainTextSelectors, render } from '@react-email/components';
import type { OrderMailData, RenderedParts } from './templates/orderMails';

/** Headings as written (not in capitals), lines as long as written (mail programs wrap them). */
const PLAIN_TEXT = {
  wordwrap: false as const,
  selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }, { selector: 'h2', options: { uppercase: false } }],
};

/** A template's parts made into the mail's two bodies: HTML for mail programs, plain text beside it. */
export async function renderParts(parts: RenderedParts): Promise<{ subject: string; html: string; text: string }> {
  const [html, text] = await Promise.all([render(parts.element), render(parts.element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
  return { subject: parts.subject, html, text };
}

export type { OrderMailData };
