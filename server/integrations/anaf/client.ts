import { unzipSync } from 'fflate';

/**
 * ANAF's RO e-Factura API and its OAuth2 server, as documented (ANAF's OpenAPI for FCTEL/rest, logincert.anaf.ro's
 * OAuth2): sign-in with the owner's qualified certificate (authorization code), token refresh, `uploadb2c`,
 * `stareMesaj`, `listaMesajeFactura` and `descarcare`. Answers are read as ANAF writes them (XML headers with
 * attributes, JSON with `eroare`); what goes wrong is an AnafError of a kind the caller can act on. Tests run it
 * against testing/fakeAnaf.ts, which speaks the same protocol.
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
  /** ANAF's refresh tokens last 365 days from when they are given (the answer does not say). */
  refreshExpiresAt: Date;
}

/** A refresh token's life: 365 days from when it is given; each refresh gives a new one. */
export const REFRESH_TOKEN_DAYS = 365;

/**
 * What went wrong with a call:
 * - `unauthorized`: the access token is no longer taken (refresh it), or the grant is (sign in again);
 * - `rate_limited`: ANAF's 429 or a quota reached for the day; try after `retryAfterSeconds`;
 * - `refused`: ANAF answered with an error message (bad parameter, no right in SPV for the CIF, no such message);
 * - `unavailable`: no answer in time, a connection that failed or a 5xx: the call's outcome is unknown.
 */
export class AnafError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'rate_limited' | 'refused' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AnafError';
  }
}

/** Where a message stands at ANAF: still processing, accepted (`ok`) or refused (`nok`) with a download of either. */
export type AnafStatus = { state: 'processing' } | { state: 'ok' | 'nok'; downloadId: string } | { state: 'refused'; message: string };

/** One message of listaMesajeFactura: `uploadIndex` is the upload's index_incarcare (id_solicitare), `id` its download. */
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

/** A quota or a refusal given as an error message in a 200 answer. */
function messageError(message: string): AnafError {
  return DAILY_QUOTA.test(message) ? new AnafError('rate_limited', message, 3600) : new AnafError('refused', message);
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

  /** A call's answer, or the AnafError its failure is. */
  async function call(url: string, init: RequestInit): Promise<Response> {
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
    if (response.status === 401 || response.status === 403) throw new AnafError('unauthorized', `ANAF refused the token (${response.status}).`);
    if (response.status >= 500) throw new AnafError('unavailable', `ANAF answered ${response.status}.`);
    if (response.status >= 400) {
      const body = await response.text();
      let message = body.slice(0, 300);
      try {
        const json = JSON.parse(body) as { message?: string; error?: string; error_description?: string };
        message = json.message ?? json.error_description ?? json.error ?? message;
      } catch {}
      throw new AnafError(response.status === 400 && /invalid_grant/.test(body) ? 'unauthorized' : 'refused', message);
    }
    return response;
  }

  async function tokens(form: Record<string, string>): Promise<AnafTokens> {
    const response = await call(`${oauth}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ ...form, token_content_type: 'jwt' }),
    });
    const answer = (await response.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!answer.access_token || !answer.refresh_token) throw new AnafError('refused', 'ANAF gave no tokens.');
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessExpiresAt: new Date(now + (answer.expires_in ?? 90 * 86_400) * 1000),
      refreshExpiresAt: new Date(now + REFRESH_TOKEN_DAYS * 86_400_000),
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

    /** The messages of the last `days` days (1 to 60) for the CIF (listaMesajeFactura); none is an empty list. */
    async messages(accessToken: string, { cif, days }: { cif: string; days: number }): Promise<AnafMessage[]> {
      const query = new URLSearchParams({ zile: String(Math.min(60, Math.max(1, Math.ceil(days)))), cif: cif.replace(/^RO/i, '').trim() });
      const answer = await json<{ mesaje?: { id: string; id_solicitare: string; tip: string; cif: string; detalii: string; data_creare: string }[] }>(
        await call(`${api}/listaMesajeFactura?${query}`, { headers: bearer(accessToken) }),
      );
      if (answer.eroare) {
        if (answer.eroare.startsWith('Nu exista mesaje')) return [];
        throw messageError(answer.eroare);
      }
      return (answer.mesaje ?? []).map((message) => ({
        id: message.id,
        uploadIndex: message.id_solicitare,
        type: message.tip,
        cif: message.cif,
        details: message.detalii,
        createdAt: message.data_creare,
      }));
    },

    /** The ZIP ANAF keeps of a processed message (descarcare): the document and ANAF's signature, or its errors. */
    async download(accessToken: string, downloadId: string): Promise<Uint8Array> {
      const response = await call(`${api}/descarcare?${new URLSearchParams({ id: downloadId })}`, { headers: bearer(accessToken) });
      if ((response.headers.get('content-type') ?? '').includes('zip')) return new Uint8Array(await response.arrayBuffer());
      const answer = await json<object>(response);
      throw messageError(answer.eroare ?? 'ANAF gave no file.');
    },
  };
}

export type AnafClient = ReturnType<typeof anafClient>;
