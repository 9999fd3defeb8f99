import type { DbOrTx } from '../../../db/client';
import type { Config } from '../../env';
import { type AnafClient, anafClient } from '../../integrations/anaf/client';
import { type TokenCipher, tokenCipher } from './anafTokens';

/** Reporting invoices to ANAF as the settings say (ANAF_*): the client, the tokens' cipher and the seller's CIF (reporting.ts runs it). */
export interface AnafReporting {
  client: AnafClient;
  cipher: TokenCipher;
  /** The seller's CIF, digits only (COMPANY_CUI without RO). */
  cif: string;
  /** How often each process looks for invoices to report: REPORT_EVERY_MS; 0 for never by itself (tests run rounds). */
  everyMs?: number;
  /** ANAF's calls a minute, counted across every process: ANAF_CALLS_A_MINUTE (tests lower it). */
  callsPerMinute?: number;
  /** How long a process has the invoices it took unless it renews them: REPORT_LEASE_SECONDS (tests shorten it). */
  leaseSeconds?: number;
  /** Told, in the refusal's transaction, of a document ANAF refused (server/jobs.ts: the owners' notifications). */
  refused?: InvoiceRefused;
}

/**
 * What an invoice or credit note refused (by ANAF, or by the e-Factura rules when checked) tells, written in the
 * transaction that records the refusal: given by whoever runs the job (server/jobs.ts), so invoices/ imports no other
 * module.
 */
export type InvoiceRefused = (tx: DbOrTx, orderId: string) => Promise<unknown>;

/** Where ANAF sends the owner back after the certificate sign-in (registered with ANAF as the app's callback). */
export const ANAF_CALLBACK_PATH = '/api/admin/anaf/callback';

/** Reporting as the settings say (ANAF_*), or null without an ANAF application; `secret` is AUTH_SECRET. */
export function anafReportingFrom(
  config: Pick<Config, 'ANAF_CLIENT_ID' | 'ANAF_CLIENT_SECRET' | 'ANAF_ENV' | 'ANAF_BASE_URL' | 'ANAF_OAUTH_URL' | 'ANAF_TOKEN_KEY' | 'ANAF_REPORT_EVERY_SECONDS' | 'COMPANY_CUI'>,
  publicUrl: string,
  secret: string,
): AnafReporting | null {
  if (!config.ANAF_CLIENT_ID || !config.ANAF_CLIENT_SECRET || !config.ANAF_ENV) return null;
  return {
    client: anafClient({
      clientId: config.ANAF_CLIENT_ID,
      clientSecret: config.ANAF_CLIENT_SECRET,
      env: config.ANAF_ENV,
      apiBaseUrl: config.ANAF_BASE_URL,
      oauthBaseUrl: config.ANAF_OAUTH_URL,
      redirectUri: `${publicUrl}${ANAF_CALLBACK_PATH}`,
    }),
    cipher: tokenCipher(config.ANAF_TOKEN_KEY ?? secret),
    cif: config.COMPANY_CUI.replace(/^RO/i, '').trim(),
    everyMs: config.ANAF_REPORT_EVERY_SECONDS * 1000,
  };
}
