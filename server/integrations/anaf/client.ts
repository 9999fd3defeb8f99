import { unzipSync } from 'fflate';

/**
 * ANAF's RO e-Factura API and its OAuth2 server, as documented (ANAF's OpenAPI for FCTEL/rest, logincert.anaf.ro's
 * OAuth2 procedure; mirrored in robert-malai/anafpy docs/anaf-reference/_sources): sign-in with the owner's qualified
 * certificate (authorization code), token refresh, `uploadb2c`, `stareMesaj`, `listaMesajePaginatieFactura` and
 * `descarcare`. Answers are read as ANAF writes them (XML headers with attributes, JSON with `eroare`, a ZIP known by
 * its signature); what goes wrong is an AnafError of a kind the caller can act on. docs/integrations/anaf.md names the
 * source of each answer. Tests run it against testing/fakeAnaf.ts, which speaks the same protocol.
 */

export interface AnafSettings {
  clientId: string;
  clientSecret: string;
  /** test: ANAF's test environment (nothing is declared); prod: for real. */
  env: 'test' | 'prod';
  /** https://api.anaf.ro (ANAF_BASE_URL) and https://logincert.anaf.ro (ANAF_OAUTH_URL). */
  apiBaseUrl: string;
  oauthBaseUrl: string;
  /** Where ANAF sends the owner back after signing in: PUBLIC_URL/api/admin/anaf/callback, as registered with ANAF. */
  redirectUri: string;
  /** How long a call may take before it counts as failed (its outcome unknown). */
  timeoutMs?: number;
}

export interface AnafTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  /** When the sign-in ends: the refresh token's own `exp` (it is a JWT), or 365 days on when it has none. */
  refreshExpiresAt: Date;
}

/** A refresh token's life when it does not say: ANAF's OAuth procedure gives 365 days ("REFRESH TOKEN JWT: 525600 minute"). */
export const REFRESH_TOKEN_DAYS = 365;

/** A JWT's `exp` claim as a date; null for a token that is not a JWT or has none (its signature is not ANAF's to check here). */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * What went wrong with a call:
 * - `unauthorized`: the access token is no longer taken (refresh it), or the sign-in has ended (sign in again);
 * - `rate_limited`: ANAF's 429, its 204 or a quota reached for the day; try after `retryAfterSeconds`;
 * - `refused`: ANAF answered with an error message (bad parameter, no right in SPV for the CIF, no such message);
 * - `unavailable`: no answer in time, a connection that failed, a 5xx or ANAF's "A aparut o eroare tehnica": the
 *   call's outcome is unknown, to be tried again later.
 * `outcomeUnknown`: whether ANAF may have done what was asked all the same (an upload answered 204).
 */
export class AnafError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'rate_limited' | 'refused' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
    readonly outcomeUnknown = kind === 'unavailable',
  ) {
    super(message);
    this.name = 'AnafError';
  }
}

/** Where a message stands at ANAF: still processing, accepted (`ok`) or refused (`nok`) with a download of either. */
export type AnafStatus = { state: 'processing' } | { state: 'ok' | 'nok'; downloadId: string } | { state: 'refused'; message: string };

/** One message of ANAF's message list: `uploadIndex` is the upload's index_incarcare (id_solicitare), `id` its download. */
export interface AnafMessage {
  id: string;
  uploadIndex: string;
  type: string;
  cif: string;
  details: string;
  /** yyyyMMddHHmm, Bucharest time, as ANAF writes it. */
  createdAt: string;
}

/** "S-au facut deja 100 …in cursul zilei": a daily quota, reached. */
const DAILY_QUOTA = /S-au facut deja \d+ .*in cursul zilei/i;
/** "A aparut o eroare tehnica. Cod: XXX" (the upload's OpenAPI example): ANAF's own fault, not a refusal of the document. */
const TECHNICAL_ERROR = /A aparut o eroare tehnica/i;
/** The OAuth errors with which ANAF's token endpoint refuses a refresh: the sign-in has ended (anafpy's live probes). */
const SIGN_IN_ENDED = new Set(['invalid_request', 'invalid_grant', 'invalid_client']);
/** The list's pages are read up to this many (500 messages each; ANAF allows 100,000 list calls a day per CIF). */
const MAX_LIST_PAGES = 200;

const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (entity[0] !== '#') return named[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });

/** The value of an attribute of ANAF's answer's `header` (or any element), decoded; null without it. */
function attribute(xml: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(xml);
  return match ? decodeXml(match[1]!) : null;
}

/** Every errorMessage="…" of an answer or an error file (<Errors …/>, <Error …/>), decoded. */
export function errorMessages(xml: string): string[] {
  return [...xml.matchAll(/<Errors?\s[^>]*errorMessage="([^"]*)"/g)].map((match) => decodeXml(match[1]!));
}

/** A quota, ANAF's technical fault or a refusal, given as an error message in a 200 answer. */
function messageError(message: string): AnafError {
  if (DAILY_QUOTA.test(message)) return new AnafError('rate_limited', message, 3600);
  if (TECHNICAL_ERROR.test(message)) return new AnafError('unavailable', message);
  return new AnafError('refused', message);
}

/** Whether bytes are a ZIP: its local file header's signature, "PK\x03\x04" (ANAF's OpenAPI declares the answer as any type). */
const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * A UBL document's own number: the `cbc:ID` directly under its root (Invoice or CreditNote), never one nested deeper,
 * such as the invoice a credit note corrects (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID). Null without one.
 */
export function documentId(xml: string): string | null {
  let depth = 0;
  for (const tag of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?:\s[^>]*?)?(\/?)>|<[?!][^>]*>/g)) {
    if (tag[3] === undefined) continue;
    const [, closing, , name, selfClosing] = tag;
    if (closing) depth -= 1;
    else if (selfClosing) continue;
    else {
      depth += 1;
      if (depth === 2 && name === 'ID') {
        const end = xml.indexOf('<', tag.index! + tag[0].length);
        return decodeXml(xml.slice(tag.index! + tag[0].length, end).trim());
      }
    }
  }
  return null;
}

/** The two files of a `descarcare` ZIP: the document (the invoice as ANAF took it, or its error file) and its signature. */
export function anafZipContents(zip: Uint8Array): { document: string; signature: string | null; errors: string[] } {
  const files = unzipSync(zip);
  const names = Object.keys(files);
  const documentName = names.find((name) => /^\d+\.xml$/.test(name));
  if (!documentName) throw new AnafError('refused', `ANAF's ZIP holds no document (${names.join(', ') || 'nothing'}).`);
  const document = new TextDecoder().decode(files[documentName]);
  const signatureName = names.find((name) => name.startsWith('semnatura_'));
  const isErrorFile = /mesajEroriFactuta/.test(document);
  return { document, signature: signatureName ? new TextDecoder().decode(files[signatureName]) : null, errors: isErrorFile ? errorMessages(document) : [] };
}

export function anafClient(settings: AnafSettings) {
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const api = `${settings.apiBaseUrl.replace(/\/$/, '')}/${settings.env}/FCTEL/rest`;
  const oauth = `${settings.oauthBaseUrl.replace(/\/$/, '')}/anaf-oauth2/v1`;

  /** A call's answer, or the AnafError its failure is; `signIn` for the token endpoint, whose refusals end the sign-in. */
  async function call(url: string, init: RequestInit, signIn = false): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new AnafError('unavailable', `ANAF did not answer: ${(error as Error).message}`);
    }
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new AnafError('rate_limited', (await response.text()).slice(0, 300) || 'Too many calls to ANAF.', Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
    }
    // Odoo's l10n_ro_edi reads a 204 as "You reached the limit of requests"; ANAF's documents never mention it. The call
    // did not say whether it was done: tried again later, never taken as done or refused.
    if (response.status === 204) throw new AnafError('rate_limited', 'ANAF answered 204 with nothing: its limit of requests, read as Odoo reads it.', 60, true);
    if (response.status >= 500) throw new AnafError('unavailable', `ANAF answered ${response.status}.`);
    if (response.status >= 400) {
      const body = await response.text();
      let message = body.slice(0, 300);
      let oauthError: string | undefined;
      try {
        const json = JSON.parse(body) as { message?: string; error?: string; error_description?: string };
        oauthError = json.error;
        message = json.message ?? json.error_description ?? json.error ?? message;
      } catch {}
      if (signIn && (response.status === 400 || response.status === 401) && oauthError && SIGN_IN_ENDED.has(oauthError)) {
        throw new AnafError('unauthorized', `ANAF no longer takes the shop’s sign-in (${oauthError}).`);
      }
      if (response.status === 401 || response.status === 403) throw new AnafError('unauthorized', `ANAF refused the token (${response.status}).`);
      throw new AnafError('refused', message);
    }
    return response;
  }

  async function tokens(form: Record<string, string>): Promise<AnafTokens> {
    const response = await call(
      `${oauth}/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ ...form, token_content_type: 'jwt' }),
      },
      true,
    );
    const answer = (await response.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!answer.access_token || !answer.refresh_token) throw new AnafError('refused', 'ANAF gave no tokens.');
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessExpiresAt: new Date(now + (answer.expires_in ?? 90 * 86_400) * 1000),
      refreshExpiresAt: jwtExpiry(answer.refresh_token) ?? new Date(now + REFRESH_TOKEN_DAYS * 86_400_000),
    };
  }

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  /** A JSON answer of the message lists and downloads, with ANAF's `eroare` when it refused (ANAF may call it text/plain). */
  async function json<T>(response: Response): Promise<T & { eroare?: string }> {
    return JSON.parse(await response.text()) as T & { eroare?: string };
  }

  return {
    env: settings.env,

    /** Where the owner signs in with their certificate; ANAF then sends them to redirectUri with a code and this state. */
    authorizeUrl(state: string): string {
      const query = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: settings.redirectUri, state, token_content_type: 'jwt' });
      return `${oauth}/authorize?${query}`;
    },

    /** The tokens for the code ANAF sent the owner back with. */
    exchangeCode: (code: string) => tokens({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri }),

    /** New tokens for a refresh token (which ANAF then no longer takes: keep the new one). */
    refresh: (refreshToken: string) => tokens({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** Uploads an invoice (UBL) or a credit note (CN) to a private person (uploadb2c); its index_incarcare. */
    async upload(accessToken: string, xml: string, { cif, standard }: { cif: string; standard: 'UBL' | 'CN' }): Promise<string> {
      const query = new URLSearchParams({ standard, cif: cif.replace(/^RO/i, '').trim() });
      const response = await call(`${api}/uploadb2c?${query}`, { method: 'POST', headers: { ...bearer(accessToken), 'content-type': 'application/xml' }, body: xml });
      const answer = await response.text();
      const index = attribute(answer, 'index_incarcare');
      if (attribute(answer, 'ExecutionStatus') === '0' && index) return index;
      throw messageError(errorMessages(answer).join(' ') || 'ANAF did not take the upload.');
    },

    /** Where an upload stands (stareMesaj). */
    async status(accessToken: string, uploadIndex: string): Promise<AnafStatus> {
      const response = await call(`${api}/stareMesaj?${new URLSearchParams({ id_incarcare: uploadIndex })}`, { headers: bearer(accessToken) });
      const answer = await response.text();
      const state = attribute(answer, 'stare');
      const downloadId = attribute(answer, 'id_descarcare');
      if (state === 'in prelucrare') return { state: 'processing' };
      if ((state === 'ok' || state === 'nok') && downloadId) return { state, downloadId };
      if (state) return { state: 'refused', message: state };
      throw messageError(errorMessages(answer).join(' ') || 'ANAF gave no state.');
    },

    /**
     * The CIF's messages between two times (listaMesajePaginatieFactura, page after page: the plain listaMesajeFactura
     * stops at 500 with "Folositi endpoint-ul cu paginatie"); none is an empty list. ANAF takes `from` at most 60 days
     * back and `to` not in the future by its own clock: `from` is kept within that; a `to` ANAF finds in its future (a
     * clock ahead of ANAF's) is its refusal, and the caller asks again later.
     */
    async messages(accessToken: string, { cif, from, to = new Date() }: { cif: string; from: Date; to?: Date }): Promise<AnafMessage[]> {
      const end = Math.min(to.getTime(), Date.now());
      const start = Math.max(from.getTime(), Date.now() - 60 * 86_400_000 + 60_000);
      const found: AnafMessage[] = [];
      type Page = { mesaje?: { id: string; id_solicitare: string; tip: string; cif: string; detalii: string; data_creare: string }[]; numar_total_pagini?: number };
      for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
        const query = new URLSearchParams({ startTime: String(Math.min(start, end - 1)), endTime: String(end), cif: cif.replace(/^RO/i, '').trim(), pagina: String(page) });
        const answer = await json<Page>(await call(`${api}/listaMesajePaginatieFactura?${query}`, { headers: bearer(accessToken) }));
        if (answer.eroare) {
          if (answer.eroare.startsWith('Nu exista mesaje')) return found;
          throw messageError(answer.eroare);
        }
        for (const message of answer.mesaje ?? []) {
          found.push({ id: message.id, uploadIndex: message.id_solicitare, type: message.tip, cif: message.cif, details: message.detalii, createdAt: message.data_creare });
        }
        if (page >= (answer.numar_total_pagini ?? 1)) return found;
      }
      return found;
    },

    /**
     * The ZIP ANAF keeps of a processed message (descarcare): the document and ANAF's signature, or its errors. Known by
     * its signature, not its content type (ANAF's OpenAPI declares any; its errors come as 200 JSON, as text/plain too).
     */
    async download(accessToken: string, downloadId: string): Promise<Uint8Array> {
      const response = await call(`${api}/descarcare?${new URLSearchParams({ id: downloadId })}`, { headers: bearer(accessToken) });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (isZip(bytes)) return bytes;
      let answer: { eroare?: string } | null = null;
      try {
        answer = JSON.parse(new TextDecoder().decode(bytes)) as { eroare?: string };
      } catch {}
      if (answer?.eroare) throw messageError(answer.eroare);
      throw new AnafError('unavailable', 'ANAF gave neither a ZIP nor an error.');
    },
  };
}

export type AnafClient = ReturnType<typeof anafClient>;
