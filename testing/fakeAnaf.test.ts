import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeAnaf } from './fakeAnaf.ts';

const anaf = await startFakeAnaf({ clientId: 'shop-client', clientSecret: 's3cret', cifs: ['12345678', '87654321'] });
afterAll(() => anaf.close());

const callback = 'https://shop.example.ro/admin/anaf/callback';
const basic = `Basic ${Buffer.from('shop-client:s3cret').toString('base64')}`;
const api = `${anaf.apiBaseUrl}/test/FCTEL/rest`;
const invoice = (id: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
  `<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID><cbc:ID>${id}</cbc:ID></Invoice>`;

async function token(form: Record<string, string>, headers: Record<string, string> = { authorization: basic }) {
  const res = await fetch(`${anaf.oauthBaseUrl}/anaf-oauth2/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string | number> };
}
async function login() {
  const { body } = await token({ grant_type: 'authorization_code', code: anaf.authorize(callback, 'x'), redirect_uri: callback });
  return { authorization: `Bearer ${body.access_token}` };
}
const get = async (path: string, auth: Record<string, string>) => fetch(`${api}/${path}`, { headers: auth });
const upload = async (auth: Record<string, string>, xml: string, signal?: AbortSignal) =>
  fetch(`${api}/upload?standard=UBL&cif=12345678`, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: xml, signal });
const attribute = (xml: string, name: string) => xml.match(new RegExp(` ${name}="([^"]*)"`))?.[1];

describe('fake ANAF', () => {
  it('grants a token for a one-time code and rotates refresh tokens', async () => {
    const query = new URLSearchParams({ response_type: 'code', client_id: 'shop-client', redirect_uri: callback, state: 'st8', token_content_type: 'jwt' });
    const authorize = await fetch(`${anaf.oauthBaseUrl}/anaf-oauth2/v1/authorize?${query}`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const location = new URL(authorize.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(callback);
    expect(location.searchParams.get('state')).toBe('st8');
    const code = location.searchParams.get('code')!;
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: callback }, {})).body).toEqual({ error: 'invalid_client' });
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: callback, token_content_type: 'jwt' });
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 7776000, scope: '' });
    const payload = JSON.parse(Buffer.from(String(first.body.access_token).split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(await token({ grant_type: 'authorization_code', code, redirect_uri: callback })).toEqual({ status: 400, body: { error: 'invalid_grant' } });

    const form = { client_id: 'shop-client', client_secret: 's3cret', grant_type: 'refresh_token' };
    const second = await token({ ...form, refresh_token: String(first.body.refresh_token) }, {});
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(await token({ ...form, refresh_token: String(first.body.refresh_token) }, {})).toEqual({ status: 400, body: { error: 'invalid_request', error_description: 'Invalid refresh token' } });
    expect((await get('listaMesajeFactura?zile=1&cif=12345678', { authorization: `Bearer ${first.body.access_token}` })).status).toBe(401);
    expect((await get('listaMesajeFactura?zile=1&cif=12345678', { authorization: `Bearer ${second.body.access_token}` })).status).toBe(200);
    anaf.expireAccessTokens();
    expect((await get('listaMesajeFactura?zile=1&cif=12345678', { authorization: `Bearer ${second.body.access_token}` })).status).toBe(401);
    expect(anaf.tokenGrants).toEqual({ authorizationCode: 1, refresh: 1 });
  });

  it('answers 401 without a bearer token, and upload errors', async () => {
    const res = await get('listaMesajeFactura?zile=1&cif=12345678', {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, error: 'Unauthorized' });
    const auth = await login();
    const missing = await fetch(`${api}/upload?standard=UBL`, { method: 'POST', headers: auth, body: '<x/>' });
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([400, 'Parametrii standard si cif sunt obligatorii']);
    const foreign = await (await fetch(`${api}/upload?standard=UBL&cif=1234`, { method: 'POST', headers: auth, body: '<x/>' })).text();
    expect(foreign).toContain('ExecutionStatus="1"');
    expect(foreign).toContain('<Errors errorMessage="Nu aveti drept in SPV pentru CIF=1234"/>');
  });

  it('uploads, reports in prelucrare then ok, and serves the ZIP', async () => {
    const auth = await login();
    const answer = await (await upload(auth, invoice('SHOP-1'))).text();
    expect(answer).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\n<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" /);
    expect(attribute(answer, 'dateResponse')).toMatch(/^20\d{10}$/);
    expect(attribute(answer, 'ExecutionStatus')).toBe('0');
    const index = attribute(answer, 'index_incarcare')!;
    expect(index).toBe('5000000001');
    expect(attribute(await (await get(`stareMesaj?id_incarcare=${index}`, auth)).text(), 'stare')).toBe('in prelucrare');
    const ok = await (await get(`stareMesaj?id_incarcare=${index}`, auth)).text();
    expect(attribute(ok, 'stare')).toBe('ok');
    expect(anaf.statusCalls.get(index)).toBe(2);
    expect(await (await get('stareMesaj?id_incarcare=15000', auth)).text()).toContain('<Errors errorMessage="Nu exista factura cu id_incarcare= 15000"/>');
    const zip = await get(`descarcare?id=${attribute(ok, 'id_descarcare')}`, auth);
    expect(zip.headers.get('content-type')).toBe('application/octet-stream');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([`${index}.xml`, `semnatura_${index}.xml`]);
    expect(strFromU8(files[`${index}.xml`]!)).toBe(invoice('SHOP-1'));
    expect(strFromU8(files[`semnatura_${index}.xml`]!)).toMatch(/<Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">.*<\/Signature><\/Invoice>$/);
    const unknown = await (await get('descarcare?id=21', auth)).json();
    expect(unknown).toEqual({ eroare: 'Pentru id=21 nu exista inregistrata nici o factura', titlu: 'Descarcare mesaj' });
  });

  it('refuses a duplicate invoice number, and lists messages', async () => {
    const auth = await login();
    const index = attribute(await (await upload(auth, invoice('SHOP-1'))).text(), 'index_incarcare')!;
    await get(`stareMesaj?id_incarcare=${index}`, auth);
    const nok = await (await get(`stareMesaj?id_incarcare=${index}`, auth)).text();
    expect(attribute(nok, 'stare')).toBe('nok');
    const files = unzipSync(new Uint8Array(await (await get(`descarcare?id=${attribute(nok, 'id_descarcare')}`, auth)).arrayBuffer()));
    const errors = strFromU8(files[`${index}.xml`]!);
    expect(errors).toContain(`mesajEroriFactuta:v1" Index_incarcare="${index}" Cif_emitent="12345678">\n    <Error errorMessage=`);
    expect(errors).toMatch(/errorMessage="Factura a mai fost transmisa anterior cu index=5000000001 si data incarcare=\d{4}-\d\d-\d\d"\/>/);

    const list = (await (await get('listaMesajeFactura?zile=1&cif=12345678', auth)).json()) as { mesaje: Record<string, string>[]; titlu: string };
    expect(list.titlu).toBe('Lista Mesaje disponibile din ultimele 1 zile');
    expect(list.mesaje.map((m) => [m.id_solicitare, m.tip])).toEqual([
      ['5000000001', 'FACTURA TRIMISA'],
      [index, 'ERORI FACTURA'],
    ]);
    const detalii = 'Factura cu id_incarcare=5000000001 emisa de cif_emitent=12345678 pentru cif_beneficiar=0000000000000';
    expect(list.mesaje[0]).toMatchObject({ cif: '12345678', detalii });
    const eroare = async (path: string) => Object.values((await (await get(path, auth)).json()) as Record<string, string>).join(' | ');
    expect(await eroare('listaMesajeFactura?zile=3&cif=87654321')).toBe('Nu exista mesaje in ultimele 3 zile | Lista Mesaje');
    expect(await eroare('listaMesajeFactura?zile=61&cif=12345678')).toBe('Numarul de zile trebuie sa fie intre 1 si 60 | Lista Mesaje');
  });

  it('throttles with Retry-After, and a hung upload still lands', async () => {
    const auth = await login();
    anaf.throttle(1, 30);
    const throttled = await get('listaMesajeFactura?zile=1&cif=12345678', auth);
    const answer = [throttled.status, throttled.headers.get('retry-after'), await throttled.text()];
    expect(answer).toEqual([429, '30', 'S-au facut deja 1000 de apeluri in ultimele 60 de minute']);
    expect((await get('listaMesajeFactura?zile=1&cif=12345678', auth)).status).toBe(200);

    anaf.hangNextUploads(1);
    await expect(upload(auth, invoice('SHOP-2'), AbortSignal.timeout(300))).rejects.toThrow();
    const hung = anaf.uploads().find((u) => u.invoiceId === 'SHOP-2')!;
    expect(hung).toMatchObject({ outcome: 'ok', processed: false, env: 'test' });
    anaf.processAll();
    const list = (await (await get('listaMesajeFactura?zile=1&cif=12345678&filtru=T', auth)).json()) as { mesaje: { id_solicitare: string }[] };
    expect(list.mesaje.map((m) => m.id_solicitare)).toContain(hung.index);
    expect(anaf.requests.filter((r) => r.path === '/test/FCTEL/rest/upload' && r.body.includes('SHOP-2'))).toHaveLength(1);
  });
});
