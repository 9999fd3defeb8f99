import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { anafZipContents, errorMessages } from './client';

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
