import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type ProofImageType = { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The real image type of an upload, read from its first bytes (the security guide: never trust
 * the file name or the declared mimetype). Only png and jpg are accepted; anything else is null.
 */
export function detectProofImageType(data: Buffer): ProofImageType | null {
  if (data.length >= PNG_SIGNATURE.length && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { contentType: 'image/png', extension: 'png' };
  }
  // JPEG: SOI marker then the start of another marker segment.
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg' };
  }
  return null;
}

/** The folder that holds proof images: under DATA_DIR, outside the web root. */
export function proofDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'withdrawal-proofs');
}

/** Write a proof under a fresh random name; returns that name. */
export async function writeProofFile(dataDir: string, data: Buffer, type: ProofImageType): Promise<string> {
  const dir = proofDirectory(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o750 });
  const name = `${crypto.randomBytes(16).toString('hex')}.${type.extension}`;
  // 'wx': never overwrite, even in the astronomically unlikely case of a name collision.
  await fs.writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o640 });
  return name;
}

/** Remove proofs whose database row was never committed. */
export async function removeProofFiles(dataDir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => fs.rm(path.join(proofDirectory(dataDir), n), { force: true })));
}

/** Read a stored proof by its stored name (which the database gave; never a client-supplied path). */
export async function readProofFile(dataDir: string, storedName: string): Promise<Buffer> {
  if (!/^[a-f0-9]{32}\.(png|jpg)$/.test(storedName)) throw new Error(`withdrawal: invalid stored proof name ${JSON.stringify(storedName)}`);
  return fs.readFile(path.join(proofDirectory(dataDir), storedName));
}
