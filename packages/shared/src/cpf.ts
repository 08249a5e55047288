import { formatCpf, generateCpf, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * The CPF (Cadastro de Pessoas Físicas), Brazil's taxpayer number: 11 digits, the last two check
 * digits over the first nine (the Receita Federal's rule, checked by @brazilian-utils). The `BR`
 * jurisdiction profile identifies every player by one (docs/compliance.md, "Identity").
 */

/** A CPF as a person types it ("123.456.789-09", with or without the mask) as its 11 digits, or null when it is no valid CPF. */
export function normalizeCpf(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(digits)) return null;
  return isValidCpf(digits) ? digits : null;
}

/** A CPF in its usual mask, "123.456.789-09". */
export function formatCpfNumber(cpf: string): string {
  return formatCpf(cpf);
}

/** A CPF as screens and logs may show it: only the middle six digits, "***.456.789-**". */
export function maskCpf(cpf: string): string {
  return formatCpf(cpf, { obfuscate: true });
}

/** A random valid CPF (a sandbox's stand-in for someone else's account; never an identity). */
export function randomCpf(): string {
  return generateCpf();
}
