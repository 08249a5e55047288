import type { AmlCoafReport } from '@wps/shared/schemas/aml';

/**
 * Sending a case's report to COAF (Law 9.613/1998 art. 11; Portaria SPA/MF 1.143/2024; in
 * practice through SISCOAF), behind one interface: the sandbox (sandbox-coaf.ts) records the
 * report and answers a protocol number; a real adapter files it. `send` is an outside call, never
 * made inside a database transaction; the idempotency key (the case) makes a repeated send after
 * a crash or a timeout answer the protocol of the first. A failure throws: nothing is filed.
 */
export interface CoafSender {
  /** Shown on the case and in the audit log. */
  readonly name: string;
  send(report: AmlCoafReport, idempotencyKey: string): Promise<{ protocol: string }>;
}
