/**
 * Sales by channel without a cookie or a pixel (issue 49). A touch is where a visit came from: its link's
 * `utm_source`, `utm_medium`, `utm_campaign` and `ref` (an influencer's `?ref=andreea`), or, without them, the site
 * that linked to the shop (its referrer). The storefront keeps the tab's first and last touch in its session storage
 * (web/lib/attribution.ts) and sends them with the visit beacon and the order; the server keeps nothing that names the
 * visitor. An order's channel is its discount code's, when the owner tied the code to one (an influencer's code),
 * else its last touch's source; `direct` without one, `phone` for an order the owner took.
 */
export interface Touch {
  source: string;
  medium: string | null;
  campaign: string | null;
  ref: string | null;
}

export const DIRECT = 'direct';
/** The channel of an order the owner took (by phone or message, issue 47). */
export const BY_PHONE = 'phone';

/** The longest tag kept (a longer one is cut). */
export const TAG_MAX = 60;

/**
 * A tag as the shop keeps it: lower-cased, trimmed, spaces as dashes, only letters (diacritics too), digits and
 * `. _ - + ~ /`, at most 60 characters; null when nothing is left. `Instagram`, `instagram ` and `INSTAGRAM` are one channel.
 */
export function cleanTag(value: string | null | undefined): string | null {
  if (!value) return null;
  const tag = value
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}._+~/-]/gu, '')
    .slice(0, TAG_MAX);
  return tag || null;
}

/** Sites that link to the shop without tags, by the name their channel goes by. */
const KNOWN_REFERRERS: readonly [RegExp, string][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'x'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'pinterest'],
];

/**
 * The touch of a page opened at `search` (its query) after `referrer` (document.referrer; '' when none), on the shop's
 * host `ownHost`: the link's tags when it has a source (`utm_source`, else `ref`), else the linking site (a known one
 * by its channel's name, another by its host, medium `referral`), else null (typed in, a bookmark, or the shop's own page).
 */
export function touchOf(search: string, referrer: string, ownHost: string): Touch | null {
  const params = new URLSearchParams(search);
  const ref = cleanTag(params.get('ref'));
  const source = cleanTag(params.get('utm_source')) ?? ref;
  if (source) return { source, medium: cleanTag(params.get('utm_medium')), campaign: cleanTag(params.get('utm_campaign')), ref };
  if (!URL.canParse(referrer)) return null;
  const host = new URL(referrer).hostname.toLowerCase().replace(/^(www|m|l|lm)\./, '');
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, '')) return null;
  const known = KNOWN_REFERRERS.find(([pattern]) => pattern.test(host));
  return { source: known ? known[1] : (cleanTag(host) ?? host), medium: 'referral', campaign: null, ref: null };
}

/** A visit's first and last touch, as the storefront sends them with an order (domain/checkout.ts checks them). */
export interface Attribution {
  first: Touch;
  last: Touch;
}

/** A touch as received (a browser may send anything): its tags cleaned again, or null without a source. */
export function cleanTouch(touch: Touch | null | undefined): Touch | null {
  const source = cleanTag(touch?.source);
  if (!touch || !source) return null;
  return { source, medium: cleanTag(touch.medium), campaign: cleanTag(touch.campaign), ref: cleanTag(touch.ref) };
}

/**
 * An order's channel and campaign: its code's channel (the campaign then the code) when the owner tied the code to
 * one, else `phone` for an order the owner took, else its last touch's source and campaign, else `direct`.
 */
export function orderChannel(last: Touch | null, code: { code: string; channel: string | null } | null, byOwner: boolean): { channel: string; campaign: string | null } {
  if (code?.channel) return { channel: code.channel, campaign: code.code };
  if (byOwner) return { channel: BY_PHONE, campaign: null };
  if (last) return { channel: last.source, campaign: last.campaign };
  return { channel: DIRECT, campaign: null };
}

/** A visit's touches as received, cleaned (cleanTouch); null without a last touch. */
export function cleanAttribution(received: { first: Touch; last: Touch } | undefined): Attribution | null {
  const last = cleanTouch(received?.last);
  if (!last) return null;
  return { first: cleanTouch(received?.first) ?? last, last };
}
