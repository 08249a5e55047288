// Write a Brotli (.br) and a gzip (.gz) copy next to each compressible built file, once, at build
// time, at the highest levels: the server sends these copies as they are (apps/server/src/http/
// serve-web.ts), so serving a script costs no compression work per request.
// Usage: node scripts/precompress.mjs <dist dir>...
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
  '.wasm',
  '.map',
]);
/** Smaller files fit in a packet or two either way; the copy is not worth a file. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function precompress(dir) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy that saves almost nothing is left out; the file then goes out as it is.
    if (gz.length < raw.length * 0.9) fs.writeFileSync(`${file}.gz`, gz);
    if (br.length < raw.length * 0.9) fs.writeFileSync(`${file}.br`, br);
    count++;
    before += raw.length;
    after += br.length;
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`precompressed ${count} files in ${dir}: ${kib(before)} -> ${kib(after)} (br)`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress.mjs <dist dir>...');
  process.exit(2);
}
for (const dir of dirs) {
  if (!fs.existsSync(dir)) {
    console.error(`precompress: ${dir} does not exist`);
    process.exit(1);
  }
  precompress(dir);
}
