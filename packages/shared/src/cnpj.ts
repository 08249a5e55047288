/**
 * The CNPJ (Cadastro Nacional da Pessoa Jurídica), Brazil's company register number: 12 characters
 * (the company's 8 and its establishment's 4) and 2 check digits, each a weighted sum modulo 11
 * (the Receita Federal's rule). Since July 2026 new numbers may carry upper-case letters in the 12
 * (IN RFB 2.229/2024, the "CNPJ alfanumérico"): a character counts as its ASCII code minus 48, so
 * a digit counts as itself and the rule is the same; the two check digits stay digits. The `BR`
 * profile shows the operator's on the site (docs/compliance.md, "Operator identification").
 */

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

function checkDigit(base: string, weights: readonly number[]): number {
  const sum = [...base].reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a CNPJ's first 12 characters. */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, FIRST_WEIGHTS);
  return `${first}${checkDigit(`${base}${first}`, SECOND_WEIGHTS)}`;
}

/**
 * A CNPJ as a person types it ("11.222.333/0001-81", with or without the mask, letters in any case)
 * as its 14 characters, or null when it is no valid CNPJ (wrong length, a wrong check digit, or one
 * character repeated, which the rule would pass).
 */
export function normalizeCnpj(input: string): string | null {
  const chars = input.replace(/[\s./-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars)) return null;
  if (/^(.)\1{13}$/.test(chars)) return null;
  return cnpjCheckDigits(chars.slice(0, 12)) === chars.slice(12) ? chars : null;
}

/** A CNPJ's 14 characters in the usual mask, "11.222.333/0001-81". */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12, 14)}`;
}
