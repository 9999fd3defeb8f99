/**
 * A local stand-in for Romania's ANAF RO e-Factura API and its OAuth2 server, for tests only: the shop's real ANAF
 * client talks to it over HTTP, with both its OAuth base URL and its API base URL set to `url`. It speaks the
 * documented wire protocol: the authorization-code and rotating refresh-token grants under /anaf-oauth2/v1/, and
 * upload, uploadb2c, stareMesaj, listaMesajeFactura, listaMesajePaginatieFactura and descarcare under /test/FCTEL/rest/
 * and /prod/FCTEL/rest/
 * (same behaviour, one store; each request records which environment it named), with ANAF's answers and error
 * texts, its daily per-message limits and its 1000 calls a minute. An accepted upload is "in prelucrare" for a few
 * stareMesaj polls, then ok (or nok: a refused text, or the same invoice number uploaded before for the same CIF),
 * and its ZIP can be downloaded. Test controls play what ANAF does on its side: expired tokens, an upload whose
 * answer never comes back, throttling, processing finishing on its own. Every request is recorded.
 */
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { strToU8, zipSync } from 'fflate';
import { bucharest } from './bucharestClock';
import { startStandIn } from './standIn';

/** Which ANAF environment an API path named: /test/FCTEL/rest/… or /prod/FCTEL/rest/…. */
export type AnafEnvironment = 'test' | 'prod';

/** How ANAF's processing of an upload ends: ok (the invoice is valid and sent on) or nok (refused, with errors). */
export type AnafOutcome = 'ok' | 'nok';

/** One request the fake received, as it arrived. */
export interface AnafRecordedRequest {
  method: string;
  /** The path, without its query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The raw body decoded as UTF-8 ('' when there was none). */
  body: string;
  /** The API environment the path named, or null for the OAuth paths and unknown paths. */
  env: AnafEnvironment | null;
}

/** An upload ANAF accepted (it got an index_incarcare), for assertions such as "uploaded once". */
export interface AnafUpload {
  /** index_incarcare, as ANAF gives it (a string of digits). */
  index: string;
  cif: string;
  standard: string;
  /** The XML body as received. */
  xml: string;
  /** The first <cbc:ID> of the XML (the invoice number), or null when there is none. */
  invoiceId: string | null;
  /** How processing ends (decided when the upload is accepted). */
  outcome: AnafOutcome;
  /** The error a nok outcome reports, or null. */
  errorMessage: string | null;
  /** Whether processing has finished (stareMesaj polls ran out, or processAll() was called). */
  processed: boolean;
  /** id_descarcare once processed, else null. */
  downloadId: string | null;
  /** Whether it came through uploadb2c. */
  b2c: boolean;
  env: AnafEnvironment;
  uploadedAt: Date;
}

export interface FakeAnafOptions {
  /** The OAuth client id ANAF registered for the shop. */
  clientId: string;
  clientSecret: string;
  /** The CIFs the access token may act for (default ['12345678']). */
  cifs?: string[];
  /** expires_in of the access tokens granted (default 7776000, ANAF's 90 days). */
  accessTokenSeconds?: number;
  /** The refresh tokens' life, their JWT `exp` (default 31536000, ANAF's 365 days). */
  refreshTokenSeconds?: number;
  /** How many stareMesaj calls answer "in prelucrare" before processing finishes (default 1). */
  processingPolls?: number;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** For hangNextUploads: destroy the hung upload's socket after this many ms (default: hold it open until close()). */
  hungUploadMs?: number;
}

/** The running fake and its test controls. */
export interface FakeAnaf {
  /** http://127.0.0.1:port */
  url: string;
  /** What the client's OAuth base URL should be (the same server: `url`). */
  oauthBaseUrl: string;
  /** What the client's API base URL should be (the same server: `url`). */
  apiBaseUrl: string;
  requests: AnafRecordedRequest[];
  /** The accepted uploads, oldest first (a snapshot). */
  uploads(): AnafUpload[];
  /** Successful token grants so far, by grant type. */
  tokenGrants: { authorizationCode: number; refresh: number };
  /** stareMesaj calls so far per index_incarcare (of known messages), over all days. */
  statusCalls: Map<string, number>;
  /** What the browser and the certificate sign-in do: issues a one-time code bound to redirectUri and returns it. */
  authorize(redirectUri: string, state?: string): string;
  /** Makes every access token granted so far invalid (the API then answers 401); refresh tokens stay valid. */
  expireAccessTokens(): void;
  /** The next n upload calls are handled (an accepted one becomes a message) but their answer never comes back. */
  hangNextUploads(n: number): void;
  /** Uploads whose XML contains text end nok with errorMessage (default: ANAF's unknown-seller-CIF error). Rules add up. */
  refuseWhenContains(text: string, errorMessage?: string): void;
  /** The next n API calls answer 429, with Retry-After when retryAfterSeconds is given. */
  throttle(n: number, retryAfterSeconds?: number): void;
  /** Finishes processing of every message so far, as ANAF does on its own in time. */
  processAll(): void;
  /** Every answer comes after ms milliseconds (0: back to normal), as on a slow ANAF day. */
  slowDown(ms: number): void;
  /** Ends every refresh token given so far, as ANAF does a year on or when the sign-in is revoked (a refresh then answers 400). */
  revokeRefreshTokens(): void;
  /** The life of the refresh tokens granted from now on (their JWT `exp`), in seconds. */
  setRefreshTokenSeconds(seconds: number): void;
  /**
   * The next n uploads answer ExecutionStatus="1" with "A aparut o eroare tehnica. Cod: XXX" (the upload's OpenAPI
   * example); `taken`: ANAF kept the invoice all the same (it becomes a message), which nothing in the answer says.
   */
  technicalErrorOnNextUploads(n: number, taken?: boolean): void;
  /** The next n API calls answer 204 with no body (what Odoo's l10n_ro_edi reads as ANAF's limit of requests); nothing is done. */
  noContentNext(n: number): void;
  /** n processed messages of the CIF from other software (their own invoice numbers), made `at`, e.g. to pass the plain list's 500. */
  addOtherMessages(n: number, at?: Date): void;
  /** Whether descarcare's error answers say text/plain (as OCA/l10n-romania expects) rather than application/json (anafpy's live answer). */
  downloadErrorsAsText(on: boolean): void;
  /** Stops the server, destroying open connections (held responses included). */
  close(): Promise<void>;
}

interface Message {
  index: string;
  cif: string;
  standard: string;
  xml: string;
  bytes: Uint8Array;
  invoiceId: string | null;
  buyerCif: string;
  outcome: AnafOutcome;
  errorMessage: string | null;
  polls: number;
  forced: boolean;
  downloadId: string | null;
  b2c: boolean;
  env: AnafEnvironment;
  at: Date;
}

const STANDARDS = ['UBL', 'CN', 'CII', 'RASP'];
const DEFAULT_REFUSAL = 'E: validari globale\n eroare regula: R6.1: CIF-ul vanzatorului nu figureaza in baza de date';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const THROTTLED = 'S-au facut deja 1000 de apeluri in ultimele 60 de minute';
const DAY_MS = 86_400_000;
/** Messages in a page of the lists (the plain list refuses more). */
const LIST_PAGE = 500;

/** yyyyMMddHHmm in Bucharest, as ANAF's dateResponse and data_creare. */
function stamp(date: Date) {
  const p = bucharest(date);
  return `${p.y}${p.mo}${p.d}${p.h}${p.mi}`;
}

/** Escapes text for an XML attribute value, newlines as &#xA; like ANAF. */
function xmlAttribute(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#xD;').replace(/\n/g, '&#xA;').replace(/\t/g, '&#x9;');
}

/** The XML with a fake XMLDSig enveloped signature inserted before its closing root tag. */
function signed(xml: string) {
  const digest = createHash('sha256').update(xml).digest('base64');
  const signature =
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
    '<Reference URI=""><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></Transforms>' +
    `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>${randomBytes(256).toString('base64')}</SignatureValue>` +
    '<KeyInfo><X509Data><X509SubjectName>CN=Fake ANAF e-Factura, O=Ministerul Finantelor, C=RO</X509SubjectName></X509Data></KeyInfo></Signature>';
  const trimmed = xml.trimEnd();
  const closing = trimmed.lastIndexOf('</');
  return closing < 0 ? `${trimmed}${signature}` : `${trimmed.slice(0, closing)}${signature}${trimmed.slice(closing)}`;
}

/** The buyer's CIF in a UBL invoice (without the RO prefix), or ANAF's 13 zeros when there is none (B2C). */
function buyerCifOf(xml: string) {
  const party = xml.match(/<cac:AccountingCustomerParty>([\s\S]*?)<\/cac:AccountingCustomerParty>/)?.[1] ?? '';
  const id = party.match(/<cbc:CompanyID(?:\s[^>]*)?>([^<]*)<\/cbc:CompanyID>/)?.[1]?.trim();
  return id ? id.replace(/^RO/i, '') : '0000000000000';
}

/** Decodes application/x-www-form-urlencoded text, leaving it as it is when it is not. */
function formDecode(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Uint8Array, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  send(res, status, 'application/json', JSON.stringify(body), headers);
}

/** The error body ANAF's (Spring) API answers with: {"timestamp":"05-08-2021 12:04:01","status":400,…}. */
function springError(res: http.ServerResponse, status: number, error: string, message: string, headers: http.OutgoingHttpHeaders = {}) {
  const p = bucharest(new Date());
  sendJson(res, status, { timestamp: `${p.d}-${p.mo}-${p.y} ${p.h}:${p.mi}:${p.s}`, status, error, message }, headers);
}

/** Starts the fake ANAF (OAuth server and e-Factura API) on 127.0.0.1. */
export async function startFakeAnaf(options: FakeAnafOptions): Promise<FakeAnaf> {
  const cifs = options.cifs ?? ['12345678'];
  const processingPolls = options.processingPolls ?? 1;
  const requests: AnafRecordedRequest[] = [];
  const tokenGrants = { authorizationCode: 0, refresh: 0 };
  const statusCalls = new Map<string, number>();
  /** One-time authorization codes → the redirect_uri each was issued for. */
  const codes = new Map<string, string>();
  /** Valid access tokens → when each expires (ms). */
  const accessTokens = new Map<string, number>();
  /** Valid refresh tokens → the access token granted with each (invalidated when it is rotated). */
  const refreshTokens = new Map<string, string>();
  const messages: Message[] = [];
  const byIndex = new Map<string, Message>();
  const byDownloadId = new Map<string, Message>();
  /** Calls today per `day|what|id`, for ANAF's daily per-message limits. */
  const daily = new Map<string, number>();
  const refusals: { text: string; errorMessage: string }[] = [];
  /** When each recent API call came, for 1000 calls per rolling minute. */
  const apiCalls: number[] = [];
  let nextIndex = 5_000_000_001;
  let nextDownloadId = 3_000_000_001;
  let hangUploads = 0;
  let technicalErrors = 0;
  let technicalErrorsTaken = true;
  let noContent = 0;
  let errorsAsText = false;
  let refreshTokenSeconds = options.refreshTokenSeconds ?? 31_536_000;
  let throttled = 0;
  let retryAfter: number | undefined;
  let origin = '';

  const processed = (message: Message) => message.forced || message.polls >= processingPolls;
  /** Gives a message that has finished processing its id_descarcare (once). */
  function settle(message: Message) {
    if (!processed(message) || message.downloadId !== null) return;
    message.downloadId = String(nextDownloadId++);
    byDownloadId.set(message.downloadId, message);
  }
  function countToday(what: string, id: string) {
    const key = `${new Date().toISOString().slice(0, 10)}|${what}|${id}`;
    const count = (daily.get(key) ?? 0) + 1;
    daily.set(key, count);
    return count;
  }

  function issueCode(redirectUri: string) {
    const code = randomBytes(24).toString('hex');
    codes.set(code, redirectUri);
    return code;
  }

  function issueTokens(res: http.ServerResponse) {
    const expiresIn = options.accessTokenSeconds ?? 7_776_000;
    const now = Date.now();
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { client_id: options.clientId, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000 + expiresIn), jti: randomBytes(12).toString('hex') };
    const accessToken = `${part({ alg: 'RS512', typ: 'JWT' })}.${part(payload)}.${randomBytes(64).toString('base64url')}`;
    // A JWT too, as ANAF's OAuth procedure calls it ("REFRESH TOKEN JWT", 365 days), its end in its `exp`.
    const refreshPayload = { client_id: options.clientId, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000 + refreshTokenSeconds), jti: randomBytes(12).toString('hex') };
    const refreshToken = `${part({ alg: 'RS512', typ: 'JWT' })}.${part(refreshPayload)}.${randomBytes(64).toString('base64url')}`;
    accessTokens.set(accessToken, now + expiresIn * 1000);
    refreshTokens.set(refreshToken, accessToken);
    const body = { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refreshToken, scope: '' };
    sendJson(res, 200, body, { 'cache-control': 'no-store' });
  }

  function clientAuthenticated(req: http.IncomingMessage, form: URLSearchParams) {
    const matches = (id: string | null, secret: string | null) => id === options.clientId && secret === options.clientSecret;
    const header = req.headers.authorization;
    if (header && /^basic\s/i.test(header)) {
      const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return false;
      const id = decoded.slice(0, colon);
      const secret = decoded.slice(colon + 1);
      return matches(id, secret) || matches(formDecode(id), formDecode(secret));
    }
    return matches(form.get('client_id'), form.get('client_secret'));
  }

  function authorizeEndpoint(res: http.ServerResponse, query: Record<string, string>) {
    if (query.client_id !== options.clientId) return send(res, 400, 'text/plain', 'Invalid client_id');
    if (query.response_type !== 'code') return send(res, 400, 'text/plain', 'Unsupported response_type (expected code)');
    let target: URL;
    try {
      target = new URL(query.redirect_uri ?? '');
    } catch {
      return send(res, 400, 'text/plain', 'Invalid redirect_uri');
    }
    target.searchParams.set('code', issueCode(query.redirect_uri!));
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function tokenEndpoint(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const form = new URLSearchParams(body);
    if (!clientAuthenticated(req, form)) return sendJson(res, 401, { error: 'invalid_client' });
    const invalidGrant = () => sendJson(res, 400, { error: 'invalid_grant' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const redirectUri = codes.get(code);
      codes.delete(code);
      if (redirectUri === undefined || redirectUri !== form.get('redirect_uri')) return invalidGrant();
      tokenGrants.authorizationCode++;
      return issueTokens(res);
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const accessToken = refreshTokens.get(refreshToken);
      // A refresh token ANAF no longer takes: 400 invalid_request, as anafpy's live probes of /token saw for a bad
      // grant (docs/anaf-reference/oauth/authentication.md); no ANAF document gives this answer.
      if (accessToken === undefined) return sendJson(res, 400, { error: 'invalid_request', error_description: 'Invalid refresh token' });
      refreshTokens.delete(refreshToken);
      accessTokens.delete(accessToken);
      tokenGrants.refresh++;
      return issueTokens(res);
    }
    sendJson(res, 400, { error: 'unsupported_grant_type' });
  }

  function uploadEndpoint(res: http.ServerResponse, query: Record<string, string>, raw: Buffer, env: AnafEnvironment, b2c: boolean) {
    const { standard, cif } = query;
    if (!standard || !cif) return springError(res, 400, 'Bad Request', 'Parametrii standard si cif sunt obligatorii');
    const hang = hangUploads > 0;
    if (hang) hangUploads--;
    const technical = technicalErrors > 0;
    if (technical) technicalErrors--;
    let error: string | null = null;
    if (!STANDARDS.includes(standard)) error = 'Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP';
    else if (!/^\d+$/.test(cif)) error = `CIF introdus= ${cif} nu este un numar`;
    else if (!cifs.includes(cif)) error = `Nu aveti drept in SPV pentru CIF=${cif}`;
    const head = `${XML_DECLARATION}<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="${stamp(new Date())}"`;
    let answer: string;
    if (error !== null) answer = `${head} ExecutionStatus="1">\n    <Errors errorMessage="${xmlAttribute(error)}"/>\n</header>`;
    else {
      const xml = raw.toString('utf8');
      const invoiceId = xml.match(/<cbc:ID(?:\s[^>]*)?>([^<]*)<\/cbc:ID>/)?.[1]?.trim() ?? null;
      const message: Message = {
        index: String(nextIndex++),
        cif,
        standard,
        xml,
        bytes: new Uint8Array(raw),
        invoiceId,
        buyerCif: buyerCifOf(xml),
        outcome: 'ok',
        errorMessage: null,
        polls: 0,
        forced: false,
        downloadId: null,
        b2c,
        env,
        at: new Date(),
      };
      const refusal = refusals.find((rule) => xml.includes(rule.text));
      const first = invoiceId === null ? undefined : messages.find((m) => m.cif === cif && m.invoiceId === invoiceId && m.outcome === 'ok');
      if (refusal) Object.assign(message, { outcome: 'nok', errorMessage: refusal.errorMessage });
      else if (first) {
        const p = bucharest(first.at);
        const errorMessage = `Factura a mai fost transmisa anterior cu index=${first.index} si data incarcare=${p.y}-${p.mo}-${p.d}`;
        Object.assign(message, { outcome: 'nok', errorMessage });
      }
      if (!technical || technicalErrorsTaken) {
        messages.push(message);
        byIndex.set(message.index, message);
        settle(message);
      }
      // The upload's OpenAPI example of ANAF's own fault, word for word (its "XXX" included).
      answer = technical
        ? `${head} ExecutionStatus="1">\n    <Errors errorMessage="A aparut o eroare tehnica. Cod: XXX"/>\n</header>`
        : `${head} ExecutionStatus="0" index_incarcare="${message.index}"/>`;
    }
    if (!hang) return send(res, 200, 'application/xml', answer);
    // The upload reached ANAF, but its answer never comes back: held until close() or hungUploadMs.
    if (options.hungUploadMs !== undefined) standIn.later(options.hungUploadMs, () => res.destroy());
  }

  function statusEndpoint(res: http.ServerResponse, query: Record<string, string>) {
    const id = query.id_incarcare ?? '';
    const head = `${XML_DECLARATION}<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1"`;
    const fail = (error: string) => send(res, 200, 'application/xml', `${head}>\n    <Errors errorMessage="${xmlAttribute(error)}"/>\n</header>`);
    if (!/^\d+$/.test(id)) return fail(`Id_incarcare introdus= ${id} nu este un numar intreg`);
    const message = byIndex.get(BigInt(id).toString());
    if (!message) return fail(`Nu exista factura cu id_incarcare= ${id}`);
    statusCalls.set(message.index, (statusCalls.get(message.index) ?? 0) + 1);
    if (countToday('stare', message.index) > 100) {
      return fail(`S-au facut deja 100 de interogari de stare pentru mesajul cu id_incarcare=${id} in cursul zilei`);
    }
    if (!processed(message)) {
      message.polls++;
      settle(message);
      return send(res, 200, 'application/xml', `${head} stare="in prelucrare"/>`);
    }
    settle(message);
    send(res, 200, 'application/xml', `${head} stare="${message.outcome}" id_descarcare="${message.downloadId}"/>`);
  }

  /** A message as both lists give it (ANAF's OpenAPI example for listaMesajeFactura and listaMesajePaginatieFactura). */
  function listed(m: Message) {
    settle(m);
    return {
      data_creare: stamp(m.at),
      cif: m.cif,
      id_solicitare: m.index,
      detalii:
        m.outcome === 'ok'
          ? `Factura cu id_incarcare=${m.index} emisa de cif_emitent=${m.cif} pentru cif_beneficiar=${m.buyerCif}`
          : `Erori de validare identificate la factura primita cu id_incarcare=${m.index}`,
      tip: m.outcome === 'ok' ? 'FACTURA TRIMISA' : 'ERORI FACTURA',
      id: m.downloadId,
    };
  }

  /** The filter both lists take; the fake only knows invoices the shop sent: P (received) and R (buyer messages) are empty. */
  const filtered = (filtru: string | undefined) => (message: Message) => filtru === undefined || (filtru === 'E' && message.outcome === 'nok') || (filtru === 'T' && message.outcome === 'ok');

  function listEndpoint(res: http.ServerResponse, query: Record<string, string>) {
    const fail = (eroare: string) => sendJson(res, 200, { eroare, titlu: 'Lista Mesaje' });
    const zileText = query.zile ?? '';
    const zile = Number(zileText);
    if (!/^\d+$/.test(zileText) || zile < 1 || zile > 60) return fail('Numarul de zile trebuie sa fie intre 1 si 60');
    const cif = query.cif ?? '';
    if (!/^\d+$/.test(cif)) return fail(`CIF introdus= ${cif} nu este un numar`);
    if (!cifs.includes(cif)) return fail(`Nu aveti drept in SPV pentru CIF=${cif}`);
    const filtru = query.filtru;
    if (filtru !== undefined && !['E', 'T', 'P', 'R'].includes(filtru)) return fail('Valorile acceptate pentru parametrul filtru sunt E, T, P sau R');
    const now = Date.now();
    const found = messages.filter((m) => m.cif === cif && processed(m) && now - m.at.getTime() <= zile * DAY_MS && filtered(filtru)(m));
    if (found.length === 0) return fail(`Nu exista mesaje in ultimele ${zile} zile`);
    // More than a page: ANAF's OpenAPI example "limita mesaje in pagina atinsa", word for word.
    if (found.length > LIST_PAGE) return fail(`Lista de mesaje este mai mare decat numarul de ${LIST_PAGE} elemente permise in pagina. Folositi endpoint-ul cu paginatie.`);
    sendJson(res, 200, { mesaje: found.map(listed), serial: '1234AA456', cui: cif, titlu: `Lista Mesaje disponibile din ultimele ${zile} zile` });
  }

  // listaMesajePaginatieFactura?startTime&endTime (Unix milliseconds)&cif&pagina[&filtru], as ANAF's OpenAPI
  // (listamesaje.html, mirrored in robert-malai/anafpy) gives its parameters, errors and answer: 500 messages a page.
  function pagedListEndpoint(res: http.ServerResponse, query: Record<string, string>) {
    const fail = (eroare: string) => sendJson(res, 200, { eroare, titlu: 'Lista Mesaje' });
    const { startTime = '', endTime = '', cif = '', pagina = '', filtru } = query;
    if (!startTime || !endTime || !cif || !pagina) return springError(res, 400, 'Bad Request', 'Parametrii startTime, endTime, cif si pagina sunt obligatorii');
    if (!/^\d+$/.test(cif)) return fail(`CIF introdus= ${cif} nu este un numar sau nu are o valoare acceptata de sistem`);
    if (!/^\d+$/.test(startTime)) return fail(`startTime = ${startTime} nu este un numar sau nu are o valoare acceptata de sistem`);
    if (!/^\d+$/.test(endTime)) return fail(`endTime = ${endTime} nu este un numar sau nu are o valoare acceptata de sistem`);
    if (!/^\d+$/.test(pagina)) return fail(`pagina = ${pagina} nu este un numar sau nu are o valoare acceptata de sistem`);
    const [start, end, page, now] = [Number(startTime), Number(endTime), Number(pagina), Date.now()];
    const wall = (time: number) => {
      const p = bucharest(new Date(time));
      return `${p.d}-${p.mo}-${p.y} ${p.h}:${p.mi}:${p.s}`;
    };
    if (now - start > 60 * DAY_MS) return fail(`startTime = ${wall(start)} nu poate fi mai vechi de 60 de zile fata de momentul requestului`);
    if (end <= start) return fail(`endTime = ${wall(end)} nu poate fi <= startTime = ${wall(start)}`);
    if (end > now) return fail(`endTime = ${wall(end)} nu poate in viitor fata de momentul requestului`);
    if (filtru !== undefined && !['E', 'T', 'P', 'R'].includes(filtru)) return fail('Valorile acceptate pentru parametrul filtru sunt E, T, P sau R');
    if (!cifs.includes(cif)) return fail(`Nu aveti drept in SPV pentru CIF=${cif}`);
    const found = messages.filter((m) => m.cif === cif && processed(m) && m.at.getTime() >= start && m.at.getTime() <= end && filtered(filtru)(m));
    if (found.length === 0) return fail('Nu exista mesaje in intervalul selectat');
    const pages = Math.ceil(found.length / LIST_PAGE);
    if (page > pages) return fail(`Pagina solicitata ${page} este mai mare decat numarul toatal de pagini ${pages}`);
    const mesaje = found.slice((page - 1) * LIST_PAGE, page * LIST_PAGE).map(listed);
    sendJson(res, 200, {
      mesaje,
      numar_inregistrari_in_pagina: mesaje.length,
      numar_total_inregistrari_per_pagina: LIST_PAGE,
      numar_total_inregistrari: found.length,
      numar_total_pagini: pages,
      index_pagina_curenta: page,
      serial: '1234AA456',
      cui: cif,
      titlu: `Lista Mesaje disponibile din intervalul ${wall(start)} - ${wall(end)}`,
    });
  }

  // descarcare?id: ANAF's OpenAPI declares the answer as any type (*/*), the ZIP and the {eroare, titlu} errors alike,
  // all with 200. No source gives the ZIP's content type: this fake says application/octet-stream.
  function downloadEndpoint(res: http.ServerResponse, query: Record<string, string>) {
    const fail = (eroare: string) => send(res, 200, errorsAsText ? 'text/plain' : 'application/json', JSON.stringify({ eroare, titlu: 'Descarcare mesaj' }));
    const id = query.id ?? '';
    if (!/^\d+$/.test(id)) return fail(`Id descarcare introdus= ${id} nu este un numar intreg`);
    const message = byDownloadId.get(BigInt(id).toString());
    if (!message) return fail(`Pentru id=${id} nu exista inregistrata nici o factura`);
    if (countToday('descarcare', message.downloadId!) > 10) return fail('S-au facut deja 10 descarcari de mesaj in cursul zilei');
    const { index } = message;
    let files: Record<string, Uint8Array>;
    if (message.outcome === 'ok') files = { [`${index}.xml`]: message.bytes, [`semnatura_${index}.xml`]: strToU8(signed(message.xml)) };
    else {
      const errors =
        `${XML_DECLARATION}<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="${index}" Cif_emitent="${message.cif}">\n` +
        `    <Error errorMessage="${xmlAttribute(message.errorMessage ?? '')}"/>\n</header>`;
      files = { [`${index}.xml`]: strToU8(errors), [`semnatura_${index}.xml`]: strToU8(signed(errors)) };
    }
    send(res, 200, 'application/octet-stream', zipSync(files), { 'content-disposition': `attachment; filename="${message.downloadId}.zip"` });
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? '/', origin);
    const query = Object.fromEntries(url.searchParams);
    const api = url.pathname.match(/^\/(test|prod)\/FCTEL\/rest\/([^/]+)$/);
    const env = api ? (api[1] as AnafEnvironment) : null;
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query, headers: req.headers, body: raw.toString('utf8'), env });

    if (url.pathname === '/anaf-oauth2/v1/authorize' && method === 'GET') return authorizeEndpoint(res, query);
    if (url.pathname === '/anaf-oauth2/v1/token' && method === 'POST') return tokenEndpoint(req, res, raw.toString('utf8'));
    if (!api || !env) return springError(res, 404, 'Not Found', `No handler for ${method} ${url.pathname}`);

    const now = Date.now();
    while (apiCalls.length > 0 && apiCalls[0]! <= now - 60_000) apiCalls.shift();
    if (throttled > 0) {
      throttled--;
      return send(res, 429, 'text/plain', THROTTLED, retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
    }
    if (apiCalls.length >= 1000) return send(res, 429, 'text/plain', THROTTLED, { 'retry-after': String(Math.ceil((apiCalls[0]! + 60_000 - now) / 1000)) });
    apiCalls.push(now);

    const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const unauthorized = { 'www-authenticate': 'Bearer error="invalid_token"' };
    if (bearer === undefined) return springError(res, 401, 'Unauthorized', 'Full authentication is required to access this resource', unauthorized);
    const expiresAt = accessTokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= now) return springError(res, 401, 'Unauthorized', 'Invalid or expired access token', unauthorized);

    const operation = api[2]!;
    const post = operation === 'upload' || operation === 'uploadb2c';
    const known = post || ['stareMesaj', 'listaMesajeFactura', 'listaMesajePaginatieFactura', 'descarcare'].includes(operation);
    if (!known) return springError(res, 404, 'Not Found', `No handler for ${method} ${url.pathname}`);
    if (method !== (post ? 'POST' : 'GET')) return springError(res, 405, 'Method Not Allowed', `Request method '${method}' is not supported`);
    if (noContent > 0) {
      noContent--;
      res.writeHead(204);
      return res.end();
    }
    if (post) return uploadEndpoint(res, query, raw, env, operation === 'uploadb2c');
    if (operation === 'stareMesaj') return statusEndpoint(res, query);
    if (operation === 'listaMesajeFactura') return listEndpoint(res, query);
    if (operation === 'listaMesajePaginatieFactura') return pagedListEndpoint(res, query);
    downloadEndpoint(res, query);
  }

  const standIn = await startStandIn({
    port: options.port,
    answer: ({ req, res, raw }) => handle(req, res, raw),
    failed: (res, error) => send(res, 500, 'text/plain', String(error)),
  });
  origin = standIn.origin;

  return {
    url: origin,
    oauthBaseUrl: origin,
    apiBaseUrl: origin,
    requests,
    uploads: () =>
      messages.map((m) => ({
        index: m.index,
        cif: m.cif,
        standard: m.standard,
        xml: m.xml,
        invoiceId: m.invoiceId,
        outcome: m.outcome,
        errorMessage: m.errorMessage,
        processed: processed(m),
        downloadId: m.downloadId,
        b2c: m.b2c,
        env: m.env,
        uploadedAt: m.at,
      })),
    tokenGrants,
    statusCalls,
    authorize: (redirectUri: string) => issueCode(redirectUri),
    expireAccessTokens() {
      accessTokens.clear();
    },
    hangNextUploads(n: number) {
      hangUploads = n;
    },
    refuseWhenContains(text: string, errorMessage = DEFAULT_REFUSAL) {
      refusals.push({ text, errorMessage });
    },
    throttle(n: number, retryAfterSeconds?: number) {
      throttled = n;
      retryAfter = retryAfterSeconds;
    },
    processAll() {
      for (const message of messages) {
        message.forced = true;
        settle(message);
      }
    },
    slowDown: standIn.slowDown,
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    setRefreshTokenSeconds(seconds: number) {
      refreshTokenSeconds = seconds;
    },
    technicalErrorOnNextUploads(n: number, taken = true) {
      technicalErrors = n;
      technicalErrorsTaken = taken;
    },
    noContentNext(n: number) {
      noContent = n;
    },
    addOtherMessages(n: number, at = new Date()) {
      for (let i = 0; i < n; i += 1) {
        const index = String(nextIndex++);
        const xml = `<Invoice><cbc:ID>ALT-${index}</cbc:ID></Invoice>`;
        const message: Message = {
          index,
          cif: cifs[0]!,
          standard: 'UBL',
          xml,
          bytes: strToU8(xml),
          invoiceId: `ALT-${index}`,
          buyerCif: '',
          outcome: 'ok',
          errorMessage: null,
          polls: 0,
          forced: true,
          downloadId: null,
          b2c: false,
          env: 'test',
          at,
        };
        messages.push(message);
        byIndex.set(index, message);
        settle(message);
      }
    },
    downloadErrorsAsText(on: boolean) {
      errorsAsText = on;
    },
    close: standIn.close,
  };
}
