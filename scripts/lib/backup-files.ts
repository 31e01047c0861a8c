import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The files of a backup: listing a directory, copying a file, and each file's SHA-256. */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every regular file under `dir`, as slash-separated paths relative to it, sorted. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk('');
  return found.sort();
}

/** Copy one file and answer its size and SHA-256 (of the bytes copied). */
export async function copyWithHash(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  await fs.promises.copyFile(from, to);
  const stat = await fs.promises.stat(to);
  return { bytes: stat.size, sha256: await sha256File(to) };
}
