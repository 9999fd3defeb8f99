import { plainTextSelectors } from '@react-email/components';
import { compile } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OrderMailData, RenderedParts } from './templates/orderMails';

/** The doctype react-email's render gives mails (the one mail programs handle best). */
const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML made into plain text as react-email does (its selectors: no images, no preview, links
 * without brackets), with headings as written (not in capitals) and lines as long as written (mail
 * programs wrap them). Compiled once: converting with the same options each time costs twice as much.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }, { selector: 'h2', options: { uppercase: false } }],
});

/**
 * A template's parts made into the mail's two bodies: HTML for mail programs, plain text beside it,
 * from one render. The templates are react-email components without Suspense, so React's synchronous
 * static render gives the same document as react-email's streaming `render`, at a third of its cost
 * (mails are rendered by the process that takes orders; see docs/decisions).
 */
export function renderParts(parts: RenderedParts): { subject: string; html: string; text: string; unsubscribeUrl?: string } {
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(parts.element)}`;
  return { subject: parts.subject, html, text: toPlainText(html), ...(parts.unsubscribeUrl ? { unsubscribeUrl: parts.unsubscribeUrl } : {}) };
}

export type { OrderMailData };
