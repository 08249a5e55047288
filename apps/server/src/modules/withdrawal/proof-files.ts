import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { readImageHeader } from '../../http/uploaded-image';

export type ProofImageType = { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };

/**
 * The real image type of an upload, read from its header (readImageHeader: the security guide's
 * "never trust the file name or the declared mimetype"). Only png and jpg are accepted; anything
 * else, or a header that does not parse, is null.
 */
export function detectProofImageType(data: Buffer): ProofImageType | null {
  const header = readImageHeader(data, ['png', 'jpg']);
  return header && { contentType: header.contentType, extension: header.kind };
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
  if (!/^[a-f0-9]{32}\.(png|jpg)$/.test(storedName))
    throw new Error(`withdrawal: invalid stored proof name ${JSON.stringify(storedName)}`);
  return fs.readFile(path.join(proofDirectory(dataDir), storedName));
}
