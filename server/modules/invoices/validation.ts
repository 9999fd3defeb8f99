import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvoiceProblem } from '../../../db/schema/invoices';

/**
 * Checks an e-Factura document before it leaves the shop, as ANAF will: against the UBL 2.1 schemas (xmllint,
 * compiled to WebAssembly) and against the EN 16931 + CIUS-RO 1.0.9 Schematron (its XSLT, run by SaxonJS from a
 * SEF file compiled by `xslt3`). The artefacts are vendored beside this file (efactura/README.md); the build copies
 * them beside the server bundle with the compiled SEF. Both engines are loaded only when a document is checked
 * (SaxonJS and the rules hold tens of MB: a job's work, not a request's).
 */

/** One reason a document is refused: the rule (BR-RO-101, BR-CO-15…, or XSD for the schemas), its message and where (an XPath, a line). */
export type ValidationProblem = InvoiceProblem;

export type EfacturaKind = 'invoice' | 'creditNote';

/** The vendored artefacts: beside this module in the sources, beside the bundle in the build (scripts/build.ts copies them). */
export const EFACTURA_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'efactura');
const XSLT_FILE = path.join(EFACTURA_FOLDER, 'cius-ro-1.0.9', 'EN16931-CIUS_RO-UBL-validation.xslt');
/** Where the build writes the compiled Schematron (scripts/build.ts). */
export const BUILT_SEF_FILE = path.join(EFACTURA_FOLDER, 'cius-ro-1.0.9', 'EN16931-CIUS_RO-UBL-validation.sef.json');

/**
 * Compiles the Schematron's XSLT into `sefFile` with xslt3: about 35 s of CPU, so done once per machine and XSLT
 * (cachedSchematron), by the build or, run from the sources, by the first check. Its heap is held to 512 MB
 * (about 540 MB resident; 780 MB if let be), so a 1 GB server can build.
 */
function compileSchematron(sefFile: string): void {
  mkdirSync(path.dirname(sefFile), { recursive: true });
  const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
  const partial = `${sefFile}.${process.pid}.partial`;
  const result = spawnSync(process.execPath, ['--max-old-space-size=512', xslt3, `-xsl:${XSLT_FILE}`, `-export:${partial}`, '-nogo', '-relocate:on', '-ns:##html5'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`xslt3 could not compile the CIUS-RO Schematron: ${result.stderr || result.stdout}`);
  renameSync(partial, sefFile);
}

/**
 * The compiled Schematron in this user's cache folder (XDG_CACHE_HOME or ~/.cache, like npm's own cache: it outlives
 * `npm ci` and serves every clone on the machine), keyed by the XSLT's hash: compiled there first if missing.
 */
export function cachedSchematron(): string {
  const hash = createHash('sha256').update(readFileSync(XSLT_FILE)).digest('hex').slice(0, 16);
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  const cached = path.join(cacheHome, 'concealment-shop', `cius-ro-1.0.9-${hash}.sef.json`);
  if (!existsSync(cached)) compileSchematron(cached);
  return cached;
}

const sefFile = () => (existsSync(BUILT_SEF_FILE) ? BUILT_SEF_FILE : cachedSchematron());

let schemas: { common: { fileName: string; contents: string }[]; main: Record<EfacturaKind, { fileName: string; contents: string }> } | undefined;

function loadSchemas() {
  if (schemas) return schemas;
  const folder = path.join(EFACTURA_FOLDER, 'ubl-2.1');
  const file = (name: string) => ({ fileName: name, contents: readFileSync(path.join(folder, name), 'utf8') });
  schemas = {
    common: readdirSync(path.join(folder, 'common')).map((name) => file(`common/${name}`)),
    main: { invoice: file('maindoc/UBL-Invoice-2.1.xsd'), creditNote: file('maindoc/UBL-CreditNote-2.1.xsd') },
  };
  return schemas;
}

/** The document against the UBL 2.1 schema of its kind. */
export async function schemaProblems(xml: string, kind: EfacturaKind): Promise<ValidationProblem[]> {
  const { validateXML } = await import('xmllint-wasm');
  const { common, main } = loadSchemas();
  const result = await validateXML({ xml: [{ fileName: 'document.xml', contents: xml }], schema: [main[kind]], preload: common });
  return result.errors.map((error) => ({ rule: 'XSD', message: error.message.trim(), location: error.loc ? `line ${error.loc.lineNumber}` : null }));
}

interface Saxon {
  transform(options: object, mode: 'async'): Promise<{ principalResult: string }>;
}
let saxon: Promise<Saxon> | undefined;
let stylesheet: unknown;

const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}="([^"]*)"`);
const unescapeXml = (text: string) => text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);

/** The document against the EN 16931 + CIUS-RO rules: every failed assertion and successful report flagged fatal. */
export async function schematronProblems(xml: string): Promise<ValidationProblem[]> {
  saxon ??= import('saxon-js').then((module) => (module.default ?? module) as Saxon);
  const engine = await saxon;
  stylesheet ??= JSON.parse(readFileSync(sefFile(), 'utf8'));
  const { principalResult } = await engine.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'async');
  const problems: ValidationProblem[] = [];
  for (const found of principalResult.matchAll(/<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g)) {
    const attributes = found[2]!;
    if (ATTRIBUTE('flag').exec(attributes)?.[1] !== 'fatal') continue;
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(found[3]!)?.[1] ?? '';
    problems.push({
      rule: ATTRIBUTE('id').exec(attributes)?.[1] ?? 'Schematron',
      message: unescapeXml(text).replace(/\s+/g, ' ').trim(),
      location: ATTRIBUTE('location').exec(attributes)?.[1] ?? null,
    });
  }
  return problems;
}

/**
 * Every reason ANAF would refuse the document: the schema's first (a document the schema refuses is not checked
 * against the rules, whose messages would only repeat it), then the rules'. Empty: it may be sent.
 */
export async function efacturaProblems(xml: string, kind: EfacturaKind): Promise<ValidationProblem[]> {
  const schema = await schemaProblems(xml, kind);
  return schema.length > 0 ? schema : schematronProblems(xml);
}
