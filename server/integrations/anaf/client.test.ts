import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnaf, startFakeAnaf } from '../../../testing/fakeAnaf';
import { anafClient, anafZipContents, documentId, errorMessages, jwtExpiry } from './client';

// ANAF's answers as its OpenAPI (FCTEL/rest) and recorded fixtures of open-source clients show them (OCA/l10n-romania
// l10n_ro_account_edi_ubl/tests: 3828.zip).

describe('reading ANAF’s answers', () => {
  it('takes every errorMessage of an upload’s refusal and of a nok error file, entities decoded', () => {
    const refusal = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051144" ExecutionStatus="1">
    <Errors errorMessage="Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP"/>
</header>`;
    expect(errorMessages(refusal)).toEqual(['Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP']);
    const errorFile = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="3828" Cif_emitent="47024170">
    <Error errorMessage="E: validari globale&#xA; eroare regula: R6.1: CIF-ul vanzatorului nu figureaza in baza de date:6443019833"/>
    <Error errorMessage="Factura a mai fost transmisa anterior cu index=5001 si data incarcare=2026-11-20 &amp; alte"/>
</header>`;
    expect(errorMessages(errorFile)).toEqual([
      'E: validari globale\n eroare regula: R6.1: CIF-ul vanzatorului nu figureaza in baza de date:6443019833',
      'Factura a mai fost transmisa anterior cu index=5001 si data incarcare=2026-11-20 & alte',
    ]);
  });

  it('opens descarcare’s ZIP: the document and its signature; errors only from an error file', () => {
    const invoice = '<Invoice><cbc:ID>SST-0001</cbc:ID></Invoice>';
    const accepted = anafZipContents(zipSync({ '5004111924.xml': strToU8(invoice), 'semnatura_5004111924.xml': strToU8('<Signature/>') }));
    expect(accepted).toEqual({ document: invoice, signature: '<Signature/>', errors: [] });
    const refused = anafZipContents(
      zipSync({ '3828.xml': strToU8('<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1"><Error errorMessage="R6.1"/></header>'), 'semnatura_3828.xml': strToU8('<x/>') }),
    );
    expect(refused.errors).toEqual(['R6.1']);
    expect(() => anafZipContents(zipSync({ 'readme.txt': strToU8('?') }))).toThrow(/holds no document/);
  });
});

describe('a document’s own number', () => {
  it('is the cbc:ID right under the root, never the invoice a credit note names in its BillingReference', () => {
    const creditNote = `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>SST-0002</cbc:ID>
  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>SST-0001</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>
</CreditNote>`;
    expect(documentId(creditNote)).toBe('SST-0002');
    // Nested first (a reference before the number) and a default namespace without prefixes.
    expect(documentId('<Invoice><cac:OrderReference><cbc:ID>10042</cbc:ID></cac:OrderReference><cbc:ID>SST-0003</cbc:ID></Invoice>')).toBe('SST-0003');
    expect(documentId('<Invoice xmlns="urn:x"><ID>A&amp;B-1</ID><Note/></Invoice>')).toBe('A&B-1');
    expect(documentId('<Invoice><cac:X><cbc:ID>1</cbc:ID></cac:X></Invoice>')).toBeNull();
  });
});

describe('a refresh token’s end', () => {
  it('is its JWT exp; none for a token that is not a JWT', () => {
    const jwt = (payload: object) => ['{"alg":"RS512"}', JSON.stringify(payload), 'sig'].map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part)).join('.');
    expect(jwtExpiry(jwt({ exp: 1_800_000_000 }))).toEqual(new Date(1_800_000_000_000));
    expect(jwtExpiry(jwt({ iat: 1 }))).toBeNull();
    expect(jwtExpiry('opaque-token')).toBeNull();
    expect(jwtExpiry('a.b.c')).toBeNull();
  });
});

describe('the client against the stand-in', () => {
  let anaf: FakeAnaf;
  let token: string;
  const client = () =>
    anafClient({ clientId: 'shop-client', clientSecret: 'shop-secret', env: 'test', apiBaseUrl: anaf.apiBaseUrl, oauthBaseUrl: anaf.oauthBaseUrl, redirectUri: 'http://127.0.0.1/callback' });
  beforeAll(async () => {
    anaf = await startFakeAnaf({ clientId: 'shop-client', clientSecret: 'shop-secret', cifs: ['12345678'] });
    token = (await client().exchangeCode(anaf.authorize('http://127.0.0.1/callback'))).accessToken;
  });
  afterAll(async () => anaf?.close());

  it('reads every page of listaMesajePaginatieFactura (500 a page), and an empty window as no messages', async () => {
    const from = new Date(Date.now() - 60_000);
    expect(await client().messages(token, { cif: 'RO12345678', from })).toEqual([]);
    anaf.addOtherMessages(1_001);
    const messages = await client().messages(token, { cif: 'RO12345678', from });
    expect(messages).toHaveLength(1_001);
    expect(new Set(messages.map((message) => message.uploadIndex)).size).toBe(1_001);
    expect(anaf.requests.filter((request) => request.path.endsWith('/listaMesajePaginatieFactura')).map((request) => request.query.pagina)).toEqual(['1', '1', '2', '3']);
  });

  it('knows descarcare’s ZIP by its signature whatever its content type, and reads an error sent as text/plain', async () => {
    const [message] = await client().messages(token, { cif: '12345678', from: new Date(Date.now() - 60_000) });
    const zip = await client().download(token, message!.id);
    expect(anafZipContents(zip).document).toContain('<cbc:ID>ALT-');
    anaf.downloadErrorsAsText(true);
    await expect(client().download(token, '21')).rejects.toMatchObject({ kind: 'refused', message: 'Pentru id=21 nu exista inregistrata nici o factura' });
    anaf.downloadErrorsAsText(false);
  });

  it('a refresh ANAF refuses with 400 invalid_request is the sign-in’s end (unauthorized), not a refusal', async () => {
    const tokens = await client().exchangeCode(anaf.authorize('http://127.0.0.1/callback'));
    anaf.revokeRefreshTokens();
    await expect(client().refresh(tokens.refreshToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
