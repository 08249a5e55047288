// Row ids travel through the server as decimal strings (bigint columns, read without loss). Where
// rows must be locked or written in id order (docs/architecture.md, "How a ledger transaction
// flows"), the order is the numbers', not the strings': '9' comes before '10'.

/**
 * Two non-negative bigint ids as canonical decimal strings (no sign, no leading zeros), in numeric
 * order: a shorter one is smaller, and equal lengths compare as strings. No BigInt is made, which
 * matters when a settlement sorts a million of them.
 */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
